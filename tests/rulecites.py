"""Which ruling a refusal in the source names: the ids an ``IllegalActionError(...)`` argument can
take, read with ``ast`` (shared by the narration and the rulings-page tests)."""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path


def rule_values(path: Path, tree: ast.Module) -> Callable[[ast.expr], set[str]]:
    """A reader of the ruling ids an expression in ``path`` can give: string literals, names
    assigned in the module and functions returning literals are followed; anything else fails."""
    assigned: dict[str, list[ast.expr]] = {}
    returned: dict[str, list[ast.expr]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    assigned.setdefault(target.id, []).append(node.value)
        elif isinstance(node, ast.FunctionDef):
            returned[node.name] = [r.value for r in ast.walk(node) if isinstance(r, ast.Return) and r.value]

    def values(expr: ast.expr) -> set[str]:
        if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
            return {expr.value}
        if isinstance(expr, ast.IfExp):
            return values(expr.body) | values(expr.orelse)
        if isinstance(expr, ast.Name) and expr.id in assigned:
            return set().union(*(values(v) for v in assigned[expr.id]))
        if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and expr.func.id in returned:
            return set().union(*(values(v) for v in returned[expr.func.id]))
        raise AssertionError(f"{path}:{expr.lineno}: cannot tell which ruling {ast.unparse(expr)} names")

    return values
