"""Static (AST) checks run in the parent before any generated code executes.

A candidate rejected here never runs, so nothing it asks for (a shell, a file, a socket)
can happen. The runtime audit hook in the worker is a second line behind this one.
"""
from __future__ import annotations

import ast

from .verdict import Check

ALLOWED_IMPORTS = frozenset({"torch", "triton", "math", "typing", "functools", "__future__"})
FORBIDDEN_NAMES = frozenset({
    "eval", "exec", "compile", "open", "__import__", "getattr", "setattr", "delattr", "globals",
    "locals", "vars", "breakpoint", "input", "help", "exit", "quit", "memoryview", "__builtins__",
})
# Attributes that reach processes, files, the network, native code or another compiler.
FORBIDDEN_ATTRIBUTES = frozenset({
    "system", "popen", "spawn", "fork", "execv", "execve", "subprocess", "os", "sys", "socket",
    "ctypes", "builtins", "importlib", "cpp_extension", "load_inline", "load_library", "hub",
    "distributed", "multiprocessing", "from_file", "compile", "library",
    "inductor", "jit_script", "script", "trace", "write_text", "write_bytes", "unlink", "rmtree",
    # Code that would run inside a launch, where the dispatch monitor steps aside for the kernel.
    "add_pre_run_hook", "pre_run_hooks", "knobs",
})
# Dotted names whose last part is harmless elsewhere (`tl.load` is how kernels read memory).
FORBIDDEN_DOTTED = frozenset({"torch.save", "torch.load"})
ALLOWED_DUNDERS = frozenset({"__init__", "__name__"})


def static_checks(source: str) -> list[Check]:
    """Return the static checks in order; the first failed one stops the list."""
    try:
        tree = ast.parse(source)
    except SyntaxError as exc:
        return [Check("syntax", False, f"SyntaxError at line {exc.lineno}: {exc.msg}")]
    if not tree.body:
        return [Check("syntax", False, "no code was found in the answer")]
    checks = [Check("syntax", True)]
    for name, finder in (("imports", _bad_import), ("forbidden", _forbidden_use), ("structure", _structure_problem)):
        problem = finder(tree)
        checks.append(Check(name, problem is None, problem or ""))
        if problem:
            break
    return checks


def _bad_import(tree: ast.Module) -> str | None:
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                return f"line {node.lineno}: relative imports are not allowed"
            modules = [node.module or ""]
        else:
            continue
        for module in modules:
            if module.split(".")[0] not in ALLOWED_IMPORTS:
                return f"line {node.lineno}: import of `{module}` is not allowed"
            if any(part in FORBIDDEN_ATTRIBUTES or part.startswith("_") for part in module.split(".")[1:]):
                return f"line {node.lineno}: import of `{module}` is not allowed"
        if isinstance(node, ast.ImportFrom):
            for alias in node.names:
                dotted = f"{node.module}.{alias.name}"
                if alias.name in FORBIDDEN_ATTRIBUTES or alias.name.startswith("_") or dotted in FORBIDDEN_DOTTED:
                    return f"line {node.lineno}: import of `{alias.name}` is not allowed"
    return None


def _forbidden_use(tree: ast.Module) -> str | None:
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id in FORBIDDEN_NAMES:
            return f"line {node.lineno}: use of `{node.id}` is not allowed"
        if isinstance(node, ast.Attribute):
            attr = node.attr
            if attr in FORBIDDEN_ATTRIBUTES or ast.unparse(node) in FORBIDDEN_DOTTED:
                return f"line {node.lineno}: attribute `.{attr}` is not allowed"
            if attr.startswith("_") and attr not in ALLOWED_DUNDERS:
                return f"line {node.lineno}: private attribute `.{attr}` is not allowed"
        if isinstance(node, (ast.Global, ast.Nonlocal)):
            return f"line {node.lineno}: global/nonlocal state is not allowed"
        for target in _assigned(node):
            written = target
            while isinstance(written, ast.Subscript):
                written = written.value
            root = written
            while isinstance(root, (ast.Attribute, ast.Subscript)):
                root = root.value
            if isinstance(written, ast.Attribute) and not (isinstance(root, ast.Name) and root.id == "self"):
                return f"line {node.lineno}: assigning to `{ast.unparse(target)}` is not allowed (only attributes of self)"
    return None


def _assigned(node: ast.AST) -> list[ast.expr]:
    """Targets a statement writes to: monkeypatching torch or triton would change the reference too."""
    if isinstance(node, ast.Assign):
        return [t for target in node.targets for t in _unpacked(target)]
    if isinstance(node, (ast.AugAssign, ast.AnnAssign)):
        return [node.target]
    if isinstance(node, ast.Delete):
        return list(node.targets)
    return []


def _unpacked(target: ast.expr) -> list[ast.expr]:
    if isinstance(target, (ast.Tuple, ast.List)):
        return [t for element in target.elts for t in _unpacked(element)]
    return [target.value] if isinstance(target, ast.Starred) else [target]


def _structure_problem(tree: ast.Module) -> str | None:
    classes = {n.name for n in tree.body if isinstance(n, ast.ClassDef)}
    if "ModelNew" not in classes:
        return "no top-level `class ModelNew` is defined"
    if not any(_is_triton_jit(d) for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) for d in n.decorator_list):
        return "no `@triton.jit` kernel is defined"
    return None


def _is_triton_jit(decorator: ast.expr) -> bool:
    target = decorator.func if isinstance(decorator, ast.Call) else decorator
    text = ast.unparse(target)
    return text in {"triton.jit", "jit"} or text.endswith(".jit")
