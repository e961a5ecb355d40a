# Wave 3, call 1: where a sandboxed candidate's first run spends its time (issue 7 throughput).
source examples/results/device_setup.sh
mkdir -p $OUT
timeout 300 python3 examples/verifier/profile_child_gpu.py --out $OUT/profile_child.json 2>&1 | tee $OUT/profile_child.log
