# task: task_add_relu
# expect: gate
# behind the gate: load
# reason: left for the next candidate
# Round attack20 (find only, behind the gate, at ec50a53). prlimit(2) on another process needs only the same uid
# (no ptrace access check: the zygote being undumpable does not stop it), and the candidate runs as the zygote's
# uid. So it lowers the zygote's (pid 1's) RLIMIT_FSIZE to 0, hard limit included, which the zygote can never
# raise again, and fails `load`. Every later host the zygote forks inherits it: the next candidate of the slot,
# however honest, cannot write its outputs (EFBIG; contain ignores SIGXFSZ) and fails `runtime`. The same call could
# lower the zygote's RLIMIT_NPROC (no more hosts), RLIMIT_NOFILE or RLIMIT_CPU (the zygote killed in the next
# candidate's time), and setpriority/sched_setaffinity on pid 1 (same uid suffices) leave every later candidate
# at nice 19 on one core (shown in the reason). Judged with `probe_scratch_is_clean` after it in one slot, the probe fails today.
# Open at ec50a53; fixed: the zygote compares its limits, priority, CPUs and scheduler with those it started serving
# with after each candidate (`runner.process_state`) and, where one changed, tells the judge, which starts a fresh
# sandbox; a reused host makes the same check on itself before serving another candidate.
import os
import resource

resource.prlimit(1, resource.RLIMIT_FSIZE, (0, 0))
os.setpriority(os.PRIO_PROCESS, 1, 19)  # also inherited: every later candidate at the lowest CPU priority
os.sched_setaffinity(1, {0})  # and on one core
raise RuntimeError(f"left for the next candidate: the zygote's RLIMIT_FSIZE {resource.prlimit(1, resource.RLIMIT_FSIZE)}"
                   f", nice {os.getpriority(os.PRIO_PROCESS, 1)}, cores {sorted(os.sched_getaffinity(1))}")
