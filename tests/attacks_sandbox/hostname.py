# task: task_add_relu
# expect: gate
# behind the gate: load
# reason: hostname=sandbox
# Round attack16: the sandbox had a UTS namespace of its own but kept the host's name, which an exception carried
# into the feedback. Behind the gate this candidate says the name it sees; it must be the sandbox's.
import socket

raise RuntimeError(f"hostname={socket.gethostname()}")
