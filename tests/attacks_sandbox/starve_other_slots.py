# task: task_add_relu
# expect: gate
# behind the gate: load
# reason: has no attribute 'ModelNew'
# Round attack22: the slot cgroups capped memory and tasks but not the CPU, and every session is a CPU autogroup
# of its own, weighed like every other slot's host. A candidate that started 2,000 spinning shells, each in its own
# session, left an honest candidate in another slot about 2/2002 of a core: it was judged `timeout` (its load
# alone took 29 s, 0.05 s unstarved), blamed on it, while this one paused its spinners (SIGSTOP) to be judged
# correct. Each slot now has a cpu cgroup weighed as one task (cgroup.py), so all of a slot's processes together
# get one slot's share. Behind the gate this one starts SPINNERS busy processes, each in a new session, holds them
# HOLD_S seconds while tests/test_attacks_sandbox.py judges an honest candidate in the other slot, kills them (its
# own slot's share is theirs too; SIGTERM: round attack70's filter refuses SIGKILL from a candidate's process), then
# fails to load (it has no ModelNew). Each spinner runs a full collection
# first, the most a fork's gc can copy: with the host's objects frozen (runner.freeze_heap) the slot peaked at
# 605 to 623 MiB of its 2048; unfrozen, each fork copied 79 MB of the host's heap and about 25 took it past the cap.
import gc
import os
import signal
import time

SPINNERS = 200
HOLD_S = 15

go_read, go_write = os.pipe()
for _ in range(SPINNERS):
    if os.fork() == 0:
        os.setsid()
        gc.collect()
        os.read(go_read, 1)  # no CPU until all are started: the forks would compete with them
        while True:
            pass
os.write(go_write, b"g" * SPINNERS)
time.sleep(HOLD_S)
os.kill(-1, signal.SIGTERM)  # every process of the sandbox but its init and this one
