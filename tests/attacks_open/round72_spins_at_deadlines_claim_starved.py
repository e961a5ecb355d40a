"""Round attack72, open (for round attack70's accounting): a sandbox's `load` source, run behind the gate as
tests/test_transient_failures.py's SPIN is (`Sandbox.request(_load(source), 4.0)`). It never answers, yet is judged
`internal` instead of `timeout`: it sleeps, and spins only for 0.35 s around each moment the watcher looks (the
request's start plus a multiple of its deadline, which an attacker guesses from the judge's timeout_s plus 20 s a GB),
so it is ready to run at every look while it has used far under HAD_SHARE of the deadlines. Whatever counts the CPU,
"ready to run at that instant" is the candidate's to choose; what tells a starved sandbox is time spent waiting for a
CPU while runnable (the run-queue delay in /proc/<pid>/task/*/schedstat's second field, or the cgroup's cpu.pressure),
which a sleeping candidate never accumulates."""
import time

DEADLINE = 4.0  # the request's deadline as the attacker guesses it (the judge's: its timeout_s plus 20 s a GB)
start = time.monotonic()
for window in range(1, 5):  # runnable only around each moment the sandbox's watcher looks
    check = start + window * DEADLINE
    time.sleep(max(0.0, check - 0.25 - time.monotonic()))
    while time.monotonic() < check + 0.1:
        pass
time.sleep(60)
