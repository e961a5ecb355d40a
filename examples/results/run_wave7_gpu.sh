# Wave 3, call 3: torch first-use costs in a fresh child, and the sandbox's own share of each stage (issue 7).
source examples/results/device_setup.sh
mkdir -p $OUT
timeout 120 python3 examples/verifier/profile_child_gpu.py --out $OUT/profile_child.json 2>&1 | grep -v -i "fork" | tee $OUT/profile_child.log
timeout 300 python3 examples/verifier/bench_gpu.py --out $OUT/bench_h100_run7.json --untimed 64 --timed 16 2>&1 | tee $OUT/bench_h100_run7.log
