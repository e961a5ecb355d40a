# task: task_add_relu
# expect: gate
# behind the gate: timeout
# reason: no answer within
# Round attack72 (behind the gate; judged by a sandbox of its own in tests/test_transient_failures.py, with the
# deadline DEADLINE). It never answers, and was judged `internal` (transient, unpaid in GRPO) instead of `timeout`: it
# sleeps, and spins only for 0.35 s around each moment the watcher looked (the request's start plus a multiple of its
# deadline, which an attacker guesses from the judge's timeout_s plus 20 s a GB), so it was ready to run at every look
# while it used far under HAD_SHARE of the deadlines. Whatever counts the CPU, "ready to run at that instant" is the
# candidate's to choose. Round attack74: the watcher looks many times a window, at moments drawn from the OS's random
# source, and a sandbox ready at fewer than READY_SHARE of them was not starved: `timeout` at its first deadline.
import time

DEADLINE = 2.0  # the request's deadline as the attacker guesses it (the judge's: its timeout_s plus 20 s a GB)
start = time.monotonic()
for window in range(1, 5):  # runnable only around each moment the sandbox's watcher looks
    check = start + window * DEADLINE
    time.sleep(max(0.0, check - 0.25 - time.monotonic()))
    while time.monotonic() < check + 0.1:
        pass
time.sleep(60)
