# task: task_add_relu
# expect: gate
# behind the gate: load
# reason: has no attribute 'ModelNew'
# Round attack16: every slot ran as uid 65534, and RLIMIT_NPROC counts a uid's processes and threads host-wide, so
# a candidate that started threads until the limit made the fork of another slot's candidate fail (an honest
# kernel judged `crash`). Each slot now runs as a uid of its own (contain.sandbox_uid). Behind the gate this one
# starts threads until its limit refuses one and holds them for 40 s, while
# tests/test_attacks_sandbox.py judges an honest candidate in the other slot.
import threading
import time

threading.stack_size(1 << 16)
started = 0
try:
    while True:
        threading.Thread(target=time.sleep, args=(60,), daemon=True).start()
        started += 1
except RuntimeError:
    pass
time.sleep(40)  # then it fails to load: it has no ModelNew
