"""Judge attack files with the static gate off, to see what the layers behind it make of an attack the gate refuses
(on a GPU the compile runs inside the launch, where the monitors step aside: round attack50).

    python examples/verifier/judge_ungated.py cuda tests/attacks/round50_jit_repr_hook_compute.py ...

Prints one line per file: the verdict's failed check (or CORRECT), hacked, and the reason's start.
"""
import sys
from pathlib import Path

from autotriton_backend.candidate import Candidate
from autotriton_backend.task import KernelTask
from autotriton_backend.verdict import printable
from autotriton_backend.verifier import VerifierPool, VerifyOptions


def task_of(path: Path) -> KernelTask:
    """The task a catalogue or attack file names in its `# task:` header, from tests/attacks or tests/catalogue."""
    name = next(line.split(":", 1)[1].strip() for line in path.read_text().splitlines() if line.startswith("# task:"))
    tests = Path(__file__).resolve().parents[2] / "tests"
    return KernelTask.from_file(next(p for p in (tests / "attacks" / f"{name}.py", tests / "catalogue" / f"{name}.py")
                                     if p.is_file()))


def main(device: str, paths: list[str]) -> None:
    with VerifierPool(device) as pool:
        for path in map(Path, paths):
            verdict = pool.submit(task_of(path), Candidate(path.read_text()), VerifyOptions(device=device),
                                  static_gate=False).result()
            check = verdict.failed_check
            outcome = "CORRECT" if verdict.correct else f"{check.name} hacked={verdict.hacked}" if check else "failed"
            print(f"{path.name}: {outcome} {printable(check.reason[:200]) if check else ''}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
