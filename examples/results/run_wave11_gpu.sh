# Wave 3, call 7: inputs mapped instead of copied, files written through a mapping; 16 slots (with the
# 8.6 GB task), then 32 slots on the same 16 cores (CUDA context creation overlaps the runs) (issue 7).
source examples/results/device_setup.sh
mkdir -p $OUT
timeout 330 python3 examples/verifier/bench_gpu.py --out $OUT/bench_h100_run11_w16.json --workers 16 2>&1 | grep -v -i "softmax\|warnings.warn\|^$" | tee $OUT/bench_h100_run11_w16.log
timeout 220 python3 examples/verifier/bench_gpu.py --out $OUT/bench_h100_run11_w32.json --workers 32 --no-big 2>&1 | grep -v -i "softmax\|warnings.warn\|^$" | tee $OUT/bench_h100_run11_w32.log
