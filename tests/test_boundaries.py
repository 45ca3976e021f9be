"""The layers' import contract: rules imports no I/O layer, storage imports no bot code."""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = {
    "rules": {"discord", "storage", "bot", "aiosqlite", "sqlite3", "asyncio", "random"},
    "storage": {"discord", "bot"},
    "bot/actions": {"discord"},
}


@functools.cache
def import_statements(text: str) -> tuple[ast.Import | ast.ImportFrom, ...]:
    """The imports of a module's text at any depth (in functions, under `if TYPE_CHECKING`);
    only statements are walked, never expressions, and each text is parsed once per process."""
    found = []
    todo: list[ast.AST] = list(ast.parse(text).body)
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        todo += (
            child
            for child in ast.iter_child_nodes(node)
            if isinstance(child, ast.stmt | ast.excepthandler | ast.match_case)
        )
    return tuple(found)


def imported_modules(path: Path) -> set[str]:
    found = set()
    for node in import_statements(path.read_text("utf-8")):
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


# --- One package per ruleset ------------------------------------------------------------------

LAYERS = ("rules", "storage", "bot.actions", "bot.commands", "bot.bench")
# The registry: the only core modules that name a ruleset's package.
REGISTRY = {"rules/rulesets.py", "storage/rulesets.py", "bot/registry.py"}


def ruleset_ids() -> set[str]:
    """The rulesets a server can pick and those the bot plays, read from the two registries
    when asked: a ruleset added to them is protected the day it is added."""
    from bot.registry import RULESETS as PLAYED
    from rules.rulesets import RULESETS as PICKABLE

    return set(PICKABLE) | set(PLAYED)


def ruleset_of_module(module: str) -> str | None:
    """The ruleset a dotted module belongs to (`storage.germ.combat` -> germ), None for the core."""
    for layer in LAYERS:
        if module.startswith(layer + "."):
            first = module[len(layer) + 1 :].split(".")[0]
            return first if first in ruleset_ids() else None
    return None


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def full_imports(path: Path) -> set[str]:
    """Dotted names of every absolute import, each imported name too (`from a import b` -> a.b)."""
    found = set()
    for node in import_statements(path.read_text("utf-8")):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def python_files() -> list[Path]:
    return sorted(p for top in ("rules", "storage", "bot") for p in (ROOT / top).rglob("*.py"))


def test_a_ruleset_imports_only_the_core_and_itself() -> None:
    found = {str(path.relative_to(ROOT)): ruleset_breaches(path, path) for path in python_files()}
    assert {path: names for path, names in found.items() if names} == {}


def test_the_ruleset_checker_sees_a_breach(tmp_path: Path) -> None:
    """A deliberate breach of each kind is caught: the core naming Germ, one ruleset another."""
    core = ROOT / "bot" / "actions" / "characters.py"
    germ = ROOT / "storage" / "germ" / "combat.py"
    breach = "from rules.germ.sheet import GermSheet\nfrom rules.wcagr.sheet import WcagrSheet\n"
    for real in (core, germ):
        sample = tmp_path / real.name
        sample.write_text(breach)
        names = ruleset_breaches(sample, real)
        expected = ["rules.germ.sheet", "rules.germ.sheet.GermSheet"] if real is core else []
        assert names == [*expected, "rules.wcagr.sheet", "rules.wcagr.sheet.WcagrSheet"]
    registry = ROOT / "bot" / "registry.py"
    sample = tmp_path / "registry.py"
    sample.write_text(breach)
    assert ruleset_breaches(sample, registry) == []


def test_b1_1_a_fifth_ruleset_is_protected_once_registered(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A core module importing a newly registered ruleset's package is caught, and that
    ruleset's own modules may not import another ruleset."""
    from tests.toy.ruleset import toy_registry

    core = ROOT / "bot" / "actions" / "characters.py"
    sample = tmp_path / "characters.py"
    sample.write_text("from rules.toy.sheet import ToySheet\n")
    assert ruleset_breaches(sample, core) == []  # not registered: not a ruleset's package
    toy_registry(monkeypatch)
    assert ruleset_breaches(sample, core) == ["rules.toy.sheet", "rules.toy.sheet.ToySheet"]
    own = ROOT / "bot" / "actions" / "toy" / "checks.py"
    sample.write_text("from rules.toy.sheet import ToySheet\nfrom rules.germ import GermSheet\n")
    assert ruleset_breaches(sample, own) == ["rules.germ", "rules.germ.GermSheet"]


def test_no_core_module_imports_the_tests_or_names_the_toy() -> None:
    """The frame tests' fifth ruleset lives under tests/ and plugs in from there: nothing in
    the bot, the rules or the storage imports the tests or names it."""
    importing = {
        str(path.relative_to(ROOT)) for path in python_files() if "tests" in imported_modules(path)
    }
    assert importing == set()
    naming = {
        str(path.relative_to(ROOT))
        for top in ("bot", "rules", "storage")
        for path in (ROOT / top).rglob("*")
        if path.is_file()
        and path.suffix in (".py", ".sql")
        and re.search(r"\btoy\b", path.read_text("utf-8"), re.I)
    }
    assert naming == set()


def ruleset_breaches(sample: Path, place: Path) -> list[str]:
    """What `sample`'s text, standing at `place` in the tree, imports of a ruleset it may not:
    another ruleset's package, or (from the core, outside the registry) any ruleset's."""
    own = ruleset_of_module(module_name(place))
    relative = str(place.relative_to(ROOT))
    breaches = []
    for imported in sorted(full_imports(sample)):
        theirs = ruleset_of_module(imported)
        if theirs is None or theirs == own or (own is None and relative in REGISTRY):
            continue
        breaches.append(imported)
    return breaches
