# Wave 3, call 5: cProfile of a candidate's first kernel launch inside the real sandbox, 1 slot then 16 (issue 7).
source examples/results/device_setup.sh
mkdir -p $OUT
timeout 300 python3 examples/verifier/profile_sandbox_gpu.py --out $OUT/profile_sandbox.txt > $OUT/profile_sandbox.log 2>&1; tail -c 3000 $OUT/profile_sandbox.log
