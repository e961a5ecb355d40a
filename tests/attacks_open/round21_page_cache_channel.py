# task: task_add_relu
# expect: gate
# behind the gate: load
# reason: page cache bits
# Round attack21 (find only, behind the gate, at 890431f). A channel between candidates that no wipe clears: the
# host's page cache. The sandbox binds Python's packages read-only from the host, so every candidate, every slot,
# every judge and the host itself share the page cache of torch/lib/libtorch_cpu.so (414 MB; most of its tail is
# never read by torch on a CPU). A candidate "writes" a bit by reading one byte of a chosen page (pread: the page
# enters the host's page cache and stays after the sandbox is gone); anyone "reads" it with preadv2(RWF_NOWAIT),
# which answers EAGAIN for a page not in the cache instead of reading it (mincore is refused for files one cannot
# write since Linux 5.0, cachestat since 6.x; RWF_NOWAIT is not, though its probe starts a readahead, so a read is
# destructive). This file writes MESSAGE into 16 pages 1 MiB apart and fails `load`; round21_probe_page_cache.py,
# judged next (same slot here; another slot, judge or the host reads it as well), reads those 16 pages and 16 others
# nobody wrote: `1010110011110001` and `0000000000000000`.
# An effect that outlives the candidate and its verdict, visible to the next candidate anywhere on the host.
# To close (partly): the seccomp filter can refuse preadv2/pwritev2 with RWF_NOWAIT in their flags (argument 5), and
# io_uring_setup (io_uring reads take RWF_NOWAIT too, and seccomp never sees io_uring's operations); a timing read
# (an uncached page costs ~0.1 ms from disk against ~1 us) still works, so only a sandbox whose packages are private
# copies (their own page cache) would not share it. Probably to be accepted as a known covert channel.
import os

import torch

PATH = os.path.join(os.path.dirname(torch.__file__), "lib", "libtorch_cpu.so")
MESSAGE = "1010110011110001"

fd = os.open(PATH, os.O_RDONLY)
size = os.fstat(fd).st_size
pages = [(size - (256 << 20) + (1 << 19) + (i << 20)) & ~4095 for i in range(len(MESSAGE))]  # 1 MiB apart
for bit, offset in zip(MESSAGE, pages):
    if bit == "1":
        os.pread(fd, 1, offset)
raise RuntimeError(f"page cache bits: left {MESSAGE}")
