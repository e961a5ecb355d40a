# task: task_add_relu
# expect: gate
# behind the gate: load
# reason: left for the next candidate
# Round attack21 (find only, behind the gate, at 890431f): two scheduling attributes a process of the candidate's
# uid can set for the whole slot, which round 20's check (`runner.process_state`) did not compare. 1. The
# session's CPU autogroup: every process of a sandbox was in contain's session, so the candidate, dumpable again
# on its own (PR_SET_DUMPABLE 1), wrote "19" to its /proc/self/autogroup and the autogroup's CPU weight fell from
# 1024 to 15 for the zygote, every later host and contain (an honest verdict under 3 CPU hogs: 0.4 s before, 14.6 s
# after). 2. The zygote's I/O priority: ioprio_set(IOPRIO_WHO_PROCESS, 1, IDLE) needs only the same uid and every
# later fork inherits it. Both were also a channel to the next candidate. Closed: each host calls setsid (its own
# session and autogroup; /proc/1/autogroup is root's, the zygote being undumpable), and process_state compares
# the autogroup's nice and the I/O priority, so a changed zygote or reused host is replaced. Judged in one slot
# before probe_scratch_is_clean.py, which fails if it finds either.
import ctypes

libc = ctypes.CDLL(None, use_errno=True)
SYS_IOPRIO_SET, SYS_IOPRIO_GET, IOPRIO_WHO_PROCESS, IOPRIO_CLASS_IDLE = 251, 252, 1, 3
libc.prctl(4, 1, 0, 0, 0)  # PR_SET_DUMPABLE 1: /proc/self/autogroup becomes writable by this uid
with open("/proc/self/autogroup", "w") as handle:
    handle.write("19")
libc.syscall(SYS_IOPRIO_SET, IOPRIO_WHO_PROCESS, 1, IOPRIO_CLASS_IDLE << 13)
raise RuntimeError(f"left for the next candidate: autogroup {open('/proc/self/autogroup').read().strip()}, "
                   f"the zygote's ioprio {libc.syscall(SYS_IOPRIO_GET, IOPRIO_WHO_PROCESS, 1)}")
