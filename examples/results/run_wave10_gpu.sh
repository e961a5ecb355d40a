# Wave 3, call 6: verifier throughput with the monitors and Triton's compiler warmed in the zygote (issue 7).
source examples/results/device_setup.sh
mkdir -p $OUT
timeout 500 python3 examples/verifier/bench_gpu.py --out $OUT/bench_h100_run10.json --untimed 320 --timed 80 2>&1 | grep -v -i "softmax\|warnings.warn\|^$" | tee $OUT/bench_h100_run10.log
