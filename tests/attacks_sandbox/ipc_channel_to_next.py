# task: task_add_relu
# expect: gate
# behind the gate: load
# reason: left for the next candidate
# Round attack19 (find only, behind the gate, at 4378495). The zygote's wipe after a candidate clears /scratch, /tmp
# and /dev/shm, but the sandbox's IPC namespace lives as long as the zygote, and two kinds of object in it outlive
# the candidate that made them: a POSIX message queue (mq_open needs no mount; RLIMIT_MSGQUEUE, 819,200 bytes per
# uid, is left at its default) and a SysV semaphore set (`ipc_limits` leaves kernel.sem as a fresh namespace has it).
# This candidate leaves a message in the queue "/autotriton-a19" and a semaphore of key 0xa19 set to 4242, then
# fails `load`; the next candidate of the slot read both back (b"from candidate 1", 4242): a channel between
# candidates that no wipe clears, and state the next one finds. `probe_scratch_is_clean`, judged after it in one slot
# (`test_nothing_a_candidate_leaves_in_its_scratch_reaches_the_next`), now also looks for them and fails today.
# Once fixed (the zygote removes every IPC object between candidates, or contain sets RLIMIT_MSGQUEUE to 0 and
# kernel.sem to "0 0 0 0"), the probe finds nothing.
import ctypes
import os

rt = ctypes.CDLL("librt.so.1", use_errno=True)
libc = ctypes.CDLL(None, use_errno=True)
left = []
queue = rt.mq_open(b"/autotriton-a19", os.O_CREAT | os.O_RDWR, 0o600, None)
if queue >= 0 and rt.mq_send(queue, b"from candidate 1", 16, 0) == 0:
    left.append("a message queue")
semaphore = libc.semget(0xA19, 1, 0o1600)
if semaphore >= 0 and libc.semctl(semaphore, 0, 16, 4242) == 0:  # SETVAL
    left.append("a semaphore")
raise RuntimeError(f"left for the next candidate: {left}")
