# Wave 3, call 2: verifier throughput after the zygote warms Triton's compiler (issue 7).
source examples/results/device_setup.sh
mkdir -p $OUT
timeout 120 python3 examples/verifier/profile_child_gpu.py --out $OUT/profile_child.json 2>&1 | grep -v DeprecationWarning | tee $OUT/profile_child.log
timeout 420 python3 examples/verifier/bench_gpu.py --out $OUT/bench_h100_run6.json --untimed 160 --timed 40 2>&1 | tee $OUT/bench_h100_run6.log
