"""Round attack72, open (for round attack70's accounting): a sandbox's `load` source, run behind the gate as
tests/test_transient_failures.py's SPIN is (`Sandbox.request(_load(source), 2.0)`). It never answers, yet is judged
`internal` (transient, unpaid in GRPO) instead of `timeout`: forked children spin in turn, so one is always ready to
run (state R) at each deadline, and with SIGCHLD ignored the kernel reaps them, so their CPU never reaches any
process's cumulative times that `sandbox.cpu_use` sums: "the machine gave the sandbox 0.3 s of CPU in 8 s while it
was ready to run". Counting the slot cgroup's own CPU use (cpuacct.usage / cpu.stat) closes this one."""
import os
import signal
import time

signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # children reaped by the kernel, their CPU never added to ours
while True:
    if os.fork() == 0:
        end = time.monotonic() + 0.3
        while time.monotonic() < end:
            pass
        os._exit(0)
    time.sleep(0.2)
