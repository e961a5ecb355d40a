# task: task_add_relu
# expect: gate
# behind the gate: timeout
# reason: no answer within
# Round attack70 (behind the gate; judged by a sandbox of its own in tests/test_transient_failures.py, with a 2 s
# deadline). A request's deadline counts the CPU its sandbox was given (round attack67), and that CPU was read from
# /proc of the slot's live processes and the children they reaped. This module ignores SIGCHLD, so the kernel reaps its
# children itself and adds their CPU time to no one, and spins in a child after child, each for 50 ms, while it waits:
# /proc showed the sandbox ready to run (the child spinning) with no CPU used, a sandbox the machine starved, and after
# STRETCH deadlines the verdict was `internal` (GRPO: no timeout penalty; eval: judged again) where it is `timeout`.
# The slot's cgroup counts every process it held, exited ones included.
import os
import signal
import time

signal.signal(signal.SIGCHLD, signal.SIG_IGN)
while True:
    if os.fork() == 0:
        end = time.process_time() + 0.05
        while time.process_time() < end:
            pass
        os._exit(0)
    try:
        os.waitpid(-1, 0)  # returns (ECHILD) once the kernel has reaped the child
    except ChildProcessError:
        pass
