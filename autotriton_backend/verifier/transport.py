"""How tensors and messages cross between the judge and the sandbox: raw bytes in files, JSON lines on pipes.

A tensor travels as the bytes of its storage span plus (dtype, shape, stride). The judge rebuilds a plain
`torch.Tensor` from bytes it reads itself, so nothing the candidate process made (a subclass, a mode,
a hook) reaches the comparison; a false stride or shape claim only rebuilds wrong values.
"""
from __future__ import annotations

import json
import math
import mmap
import os
import re
import stat
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, BinaryIO

import torch

MAX_LINE = 1 << 20  # a message longer than this is a protocol violation, never buffered whole
DTYPES = {str(d).removeprefix("torch."): d for d in (
    torch.float64, torch.float32, torch.float16, torch.bfloat16, torch.int64, torch.int32, torch.int16,
    torch.int8, torch.uint8, torch.bool, torch.complex64)}
# A tensor file's name as both sides write them ("A-0", "w3", "out2-0", "timed1-B-2-0"): a plain name in its folder.
# A NUL or a lone surrogate in a claimed name made os.open raise ValueError, which no reader expects: the judge's own
# failure, `internal` (tests/attacks_sandbox/reply_nul_file_name.py)
FILE_NAME = re.compile(r"[A-Za-z0-9_-]{1,100}")
INT64_END = 1 << 63  # torch's sizes and strides are int64: one past it made `as_strided` raise TypeError


class ProtocolError(Exception):
    """A message or tensor that does not follow the protocol (the other side is broken or hostile)."""


def extent(shape: tuple[int, ...], stride: tuple[int, ...]) -> int:
    """Elements from the first to the last one a view of `shape` and `stride` can reach."""
    if any(n == 0 for n in shape):
        return 0
    return 1 + sum((n - 1) * s for n, s in zip(shape, stride))


@dataclass(frozen=True)
class TensorRef:
    file: str  # name inside the shared scratch directory
    dtype: str
    shape: tuple[int, ...]
    stride: tuple[int, ...]

    @property
    def extent(self) -> int:
        return extent(self.shape, self.stride)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @staticmethod
    def from_json(data: Any, max_elements: int) -> "TensorRef":
        try:
            ref = TensorRef(str(data["file"]), str(data["dtype"]), tuple(int(n) for n in data["shape"]),
                            tuple(int(s) for s in data["stride"]))
        except (KeyError, TypeError, ValueError, OverflowError) as exc:  # OverflowError: int(inf)
            raise ProtocolError(f"malformed tensor reference: {exc}") from None
        if ref.dtype not in DTYPES or not FILE_NAME.fullmatch(ref.file):
            raise ProtocolError(f"bad tensor reference {ref.file!r} ({ref.dtype})")
        # a size-1 dimension's stride, or any size beside a 0, is bounded by neither check below
        # (tests/attacks_sandbox/reply_stride_past_int64.py)
        if len(ref.shape) != len(ref.stride) or not all(0 <= n < INT64_END for n in (*ref.shape, *ref.stride)):
            raise ProtocolError("tensor shape and stride must be of equal length, each from 0 to 2**63 - 1")
        if ref.extent > max_elements:
            raise ProtocolError(f"tensor spans {ref.extent} elements, more than the {max_elements} allowed")
        if math.prod(ref.shape) > max_elements:  # stride 0 spans one element under any shape, even one past int64
            raise ProtocolError(f"tensor holds {math.prod(ref.shape)} elements, more than the {max_elements} allowed")
        return ref


CHUNK_BYTES = 64 << 20  # one thread's piece of a tensor's trip
THREADS = 8  # tmpfs page faults and copies scale with threads: 4x one thread's speed (run 59, examples/verifier)


def _in_pieces(work: Callable[[int, int], Any], nbytes: int) -> None:
    """work(start, stop) over CHUNK_BYTES pieces of `nbytes`, on THREADS threads where there are several.

    One thread moved an 8.6 GB input set between an H100 and /dev/shm at 0.9 GB/s (written) and 5 GB/s (read);
    eight threads, each through its own pinned buffer, at 4 and 20 GB/s (examples/verifier/transport_gpu.py)."""
    pieces = [(start, min(start + CHUNK_BYTES, nbytes)) for start in range(0, nbytes, CHUNK_BYTES)]
    if len(pieces) == 1:
        work(*pieces[0])
        return
    with ThreadPoolExecutor(THREADS) as pool:
        list(pool.map(lambda piece: work(*piece), pieces))


def _pinned(nbytes: int) -> torch.Tensor:
    """A host buffer the GPU copies to and from at full speed (torch's caching host allocator keeps it)."""
    return torch.empty(nbytes, dtype=torch.uint8, pin_memory=True)


def write_tensor(tensor: torch.Tensor, directory: Path, name: str) -> TensorRef:
    """Write the storage span `tensor` views (from its first element) and return its reference.

    The bytes are copied into the mapped file by pieces (`_in_pieces`), a GPU's through pinned buffers: multi-GB
    input sets are written several times per task.
    """
    shape, stride = tuple(tensor.shape), tuple(tensor.stride())
    ref = TensorRef(name, str(tensor.dtype).removeprefix("torch."), shape, stride)
    span = tensor.as_strided((ref.extent,), (1,)).detach().reshape(-1).view(torch.uint8)
    nbytes = span.numel()
    fd = os.open(directory / name, os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o644)
    try:
        os.ftruncate(fd, nbytes)
        if nbytes:
            with mmap.mmap(fd, nbytes) as mapped:
                target = torch.frombuffer(mapped, dtype=torch.uint8)

                def piece(start: int, stop: int) -> None:
                    source = span[start:stop]
                    target[start:stop].copy_(source if source.device.type == "cpu" else
                                             _pinned(stop - start).copy_(source))

                _in_pieces(piece, nbytes)
                del target, piece  # the mapping closes only once no tensor points into it
    finally:
        os.close(fd)
    return ref


def read_tensor(directory: Path, ref: TensorRef, device: str | torch.device = "cpu",
                consume: bool = False) -> torch.Tensor:
    """A plain tensor on `device` holding a copy of the referenced bytes, read by pieces (`_in_pieces`);
    `consume` removes the file's name once it is open (from the folder opened here, never through a link).

    The file and its folder are opened without following links or blocking and checked through the
    file's descriptor, so a link (the sandbox's job folder swapped for one resolves on the judge's side),
    a FIFO or a swapped file cannot make the judge read, or wait on, anything but the regular file the
    other side wrote. It is read with pread(2), never mapped: a file the other side truncates meanwhile ends
    early (a ProtocolError) where a mapping would kill the reader with SIGBUS.
    """
    dtype = DTYPES[ref.dtype]
    nbytes = ref.extent * dtype.itemsize
    try:
        folder = os.open(directory, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
        try:
            fd = os.open(ref.file, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK, dir_fd=folder)
            if consume:
                try:
                    os.unlink(ref.file, dir_fd=folder)
                except OSError:
                    os.close(fd)
                    raise
        finally:
            os.close(folder)
    except OSError as exc:
        raise ProtocolError(f"{ref.file} cannot be opened: {exc.strerror}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size != nbytes:
            raise ProtocolError(f"{ref.file} does not hold the {nbytes} bytes its reference claims")
        out = torch.empty(nbytes, dtype=torch.uint8, device=device)

        def piece(start: int, stop: int) -> None:
            landing = out[start:stop] if out.device.type == "cpu" else _pinned(stop - start)
            view, done = memoryview(landing.numpy()), 0
            while done < stop - start:
                got = os.preadv(fd, [view[done:]], start + done)
                if not got:
                    raise ProtocolError(f"{ref.file} ended early")
                done += got
            if out.device.type != "cpu":
                out[start:stop].copy_(landing)

        if nbytes:
            _in_pieces(piece, nbytes)
    finally:
        os.close(fd)
    return out.view(dtype).as_strided(ref.shape, ref.stride)


class Channel:
    """JSON objects, one per line, over a pair of pipe ends; oversized or malformed lines raise."""

    def __init__(self, reader: BinaryIO, writer: BinaryIO) -> None:
        self.reader, self.writer = reader, writer

    @staticmethod
    def from_fds(read_fd: int, write_fd: int) -> "Channel":
        return Channel(os.fdopen(read_fd, "rb"), os.fdopen(write_fd, "wb", buffering=0))

    def send(self, message: dict[str, Any]) -> None:
        self.writer.write(json.dumps(message).encode() + b"\n")
        self.writer.flush()

    def receive(self) -> dict[str, Any]:
        line = self.reader.readline(MAX_LINE + 1)
        if not line:
            raise EOFError("the other side closed the channel")
        if len(line) > MAX_LINE or not line.endswith(b"\n"):
            raise ProtocolError("message too long")
        try:
            message = json.loads(line)
        except (ValueError, RecursionError) as exc:  # not JSON, an int of over 4300 digits, nesting too deep
            raise ProtocolError(f"message is not JSON: {str(exc)[:200]}") from None
        if not isinstance(message, dict):
            raise ProtocolError("message is not a JSON object")
        return message

    def close(self) -> None:
        for end in (self.reader, self.writer):
            try:
                end.close()
            except OSError:
                pass
