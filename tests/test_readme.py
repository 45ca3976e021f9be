"""The README stays short and its links resolve, docs/commands.md's table is the command list,
and no two commands collide."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.commands.catalog import (
    COMMANDS,
    WRITE_COMMAND,
    commands_for,
    main,
    markdown_table,
    new_page,
)
from bot.discord.tree import build_command_set
from bot.registry import RULESETS as REGISTRY
from rules.rulesets import RULESETS

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = ROOT / "docs"
COMMANDS_PAGE = DOCS / "commands.md"
TABLE = re.compile(r"<!-- commands:start -->\n(.*?)\n<!-- commands:end -->", re.S)


def test_the_command_page_lists_every_command_exactly() -> None:
    block = TABLE.search(COMMANDS_PAGE.read_text("utf-8"))
    assert block is not None, "docs/commands.md has no command table markers"
    assert block.group(1).strip() == markdown_table(), (
        f"docs/commands.md's command table is out of date: write it again with `{WRITE_COMMAND}`"
    )


def test_the_writer_replaces_only_the_table(tmp_path: Path) -> None:
    page = tmp_path / "commands.md"
    page.write_text(
        "# Commands\n\nOur words.\n\n<!-- commands:start -->\n| old |\n<!-- commands:end -->\n"
        "\nAfter.\n",
        "utf-8",
    )
    assert main(["--write", str(page)]) == 0
    text = page.read_text("utf-8")
    assert text.startswith("# Commands\n\nOur words.\n\n<!-- commands:start -->\n")
    assert text.endswith("<!-- commands:end -->\n\nAfter.\n")
    block = TABLE.search(text)
    assert block is not None and block.group(1) == markdown_table()


def test_the_writer_makes_a_new_page_and_prints_without_the_flag(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "commands.md"
    assert main(["--write", str(page)]) == 0
    assert page.read_text("utf-8") == new_page(markdown_table())
    assert main([]) == 0
    assert capsys.readouterr().out == markdown_table() + "\n"


def test_the_writer_refuses_a_page_without_markers(tmp_path: Path) -> None:
    page = tmp_path / "commands.md"
    page.write_text("# Commands\n", "utf-8")
    assert main(["--write", str(page)]) == 1
    assert page.read_text("utf-8") == "# Commands\n"


def test_readme_quick_start_has_the_three_commands() -> None:
    text = README.read_text("utf-8")
    for line in (
        "python3 -m venv .venv && . .venv/bin/activate",
        "pip install -e . && pawpost console",
        "DISCORD_TOKEN=... pawpost run",
        "pip install -e '.[test]' && pytest -n auto",
    ):
        assert line in text


def test_readme_is_at_most_250_lines() -> None:
    lines = README.read_text("utf-8").splitlines()
    assert len(lines) <= 250, f"README.md has {len(lines)} lines: move a section to docs/"


# A link or an image: [text](target) or ![alt](target), the target without spaces.
LINK = re.compile(r"!?\[(?:[^\]\\]|\\.)*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^\s*(```|~~~)")


def _outside_fences(text: str) -> list[str]:
    """The lines of a Markdown page outside fenced code blocks."""
    lines, fenced = [], False
    for line in text.splitlines():
        if FENCE.match(line):
            fenced = not fenced
        elif not fenced:
            lines.append(line)
    return lines


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: its text, lower-cased, punctuation dropped, spaces as -."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link's text only
    text = text.replace("`", "").strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """Every heading anchor of a page, a repeated one numbered as GitHub numbers it (-1, -2)."""
    seen: dict[str, int] = {}
    found = set()
    for line in _outside_fences(page.read_text("utf-8")):
        heading = re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
        if heading is None:
            continue
        base = slug(heading.group(1))
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def relative_links(page: Path) -> list[str]:
    targets = []
    for line in _outside_fences(page.read_text("utf-8")):
        for target in LINK.findall(re.sub(r"`[^`]*`", "``", line)):  # not in code spans
            if re.match(r"[a-z][a-z0-9+.-]*:", target, re.I):  # https:, mailto:, ...
                continue
            targets.append(target)
    return targets


PAGES = [README, *sorted(DOCS.glob("*.md"))]


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.relative_to(ROOT).as_posix())
def test_every_relative_link_resolves(page: Path) -> None:
    broken = []
    for target in relative_links(page):
        path, _, anchor = target.partition("#")
        linked = (page.parent / path).resolve() if path else page
        if not linked.exists():
            broken.append(f"{target}: no such file")
        elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
            broken.append(f"{target}: no heading #{anchor} in {linked.relative_to(ROOT)}")
    assert not broken, f"{page.relative_to(ROOT)}: " + "; ".join(broken)


def test_the_readme_links_every_docs_page() -> None:
    linked = {
        (README.parent / target.partition("#")[0]).resolve() for target in relative_links(README)
    }
    missing = [p.name for p in sorted(DOCS.glob("*.md")) if p.resolve() not in linked]
    assert not missing, f"README.md links no {', '.join(missing)}"


def test_the_link_checker_reads_links_slugs_and_fences() -> None:
    assert slug("Turning it on (the operator)") == "turning-it-on-the-operator"
    assert slug("`/say` and NPCs") == "say-and-npcs"
    assert slug("The GM's toolkit") == "the-gms-toolkit"
    assert len(relative_links(README)) >= 18
    assert "docs/console.md" in relative_links(README)


def test_no_two_commands_of_a_ruleset_collide() -> None:
    for ruleset in RULESETS:
        paths = [command.path for command in commands_for(ruleset)]
        assert len(paths) == len(set(paths)), ruleset
        # A group cannot also be a command: "/character" and "/character show" cannot coexist.
        prefixes = {path[:n] for path in paths for n in range(1, len(path))}
        assert not prefixes & set(paths), ruleset


def test_every_ruleset_gets_the_generic_commands() -> None:
    generic = {command.path for command in COMMANDS if command.rulesets is None}
    for ruleset in RULESETS:
        assert generic <= {command.path for command in commands_for(ruleset)}


class _FakeBot:
    async def complete_character(self, interaction, current):  # pragma: no cover - not called
        return []

    async def complete_zone(self, interaction, current):  # pragma: no cover - not called
        return []

    def completer(self, completion):
        async def complete(interaction, current):  # pragma: no cover - not called
            return []

        return complete

    async def complete_npc(self, interaction, current):  # pragma: no cover - not called
        return []

    async def complete_saved_roll(self, interaction, current):  # pragma: no cover - not called
        return []


async def _invoke(interaction, command, arguments):  # pragma: no cover - not called
    return None


def test_every_command_builds_for_discord() -> None:
    for ruleset in RULESETS:
        built = build_command_set(ruleset, _invoke, _FakeBot(), REGISTRY)  # type: ignore[arg-type]
        names = [command.name for command in built]
        assert len(names) == len(set(names))
        assert len(names) <= 100  # Discord's limit of guild commands
