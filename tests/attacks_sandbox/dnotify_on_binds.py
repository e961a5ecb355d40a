# task: task_add_relu
# expect: gate
# behind the gate: load
# reason: dnotify refused
# Round attack49 (helper, CPU, behind the gate). file_events_on_binds' channel through the third file-event
# interface: dnotify is no system call of its own but fcntl(F_NOTIFY) on a directory, which the seccomp filter's
# ENOSYS rule for inotify and fanotify did not reach. With DN_ACCESS | DN_CREATE | DN_MULTISHOT on a package folder
# bound into every slot (and on /inputs), a signal arrives whenever any process, another slot's included, reads or
# makes a file there: an observation channel between colluding candidates. Before the fix both watches were made
# ("dnotify watch made"; without SIGIO ignored the first event killed the candidate); fcntl's F_NOTIFY now answers
# EINVAL, as on a kernel built without dnotify.
import fcntl
import os
import signal

signal.signal(signal.SIGIO, signal.SIG_IGN)  # an event's default action would end this process
F_NOTIFY, DN_ACCESS, DN_CREATE, DN_MULTISHOT = 1026, 0x1, 0x4, 0x80000000
made = {}
for folder in ("/usr/lib", "/inputs"):
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        fcntl.fcntl(fd, F_NOTIFY, DN_ACCESS | DN_CREATE | DN_MULTISHOT)
        made[folder] = "made"
    except OSError as exc:
        made[folder] = exc.strerror
if "made" in made.values():
    raise RuntimeError(f"dnotify watch made: {made}")
raise RuntimeError(f"dnotify refused: {made}")
