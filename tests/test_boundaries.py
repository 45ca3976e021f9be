"""The layers' import contract: rules imports no I/O layer, storage imports no bot code."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = {
    "rules": {"discord", "storage", "bot", "aiosqlite", "sqlite3", "asyncio", "random"},
    "storage": {"discord", "bot"},
    "bot/actions": {"discord"},
}


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text("utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_layer_imports_only_what_it_may(layer: str) -> None:
    files = sorted((ROOT / layer).rglob("*.py"))
    assert files, f"no Python files under {layer}"
    breaches = {
        str(path.relative_to(ROOT)): sorted(imported_modules(path) & FORBIDDEN[layer])
        for path in files
    }
    assert {path: names for path, names in breaches.items() if names} == {}


def test_the_checker_sees_a_breach(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("import discord\nfrom storage.database import Database\nfrom . import x\n")
    assert imported_modules(sample) == {"discord", "storage"}
