"""The console across runs and in forms (issue 30): a name typed with /as stays a name in the
next run's mentions, and `\\n` in a form's answer is a new line."""

from __future__ import annotations

import io
from pathlib import Path

from bot.console import form_text, run_console, script_lines
from bot.registry import RULESETS

FIREPAW = (
    "/character create name:Firepaw strength:4 agility:4 charisma:4 intelligence:4 stealth:3"
    " perception:3 age:12"
)


async def console(database: Path, user: str, *lines: str) -> str:
    out = io.StringIO()
    code = await run_console(
        str(database), 1, user, False, script_lines(lines), out, echo=True, rulesets=RULESETS
    )
    assert code == 0, out.getvalue()
    return out.getvalue()


async def test_names_stay_names_across_console_runs(tmp_path: Path) -> None:
    database = tmp_path / "console.sqlite3"
    await console(database, "alice", FIREPAW)
    text = await console(database, "bob", "/character list")
    assert "Firepaw — @alice" in text


async def test_a_new_line_in_a_forms_answer(tmp_path: Path) -> None:
    database = tmp_path / "console.sqlite3"
    text = await console(
        database, "alice", FIREPAW, "/say", '/modal text:"Dawn patrol.\\nThen the hunt."'
    )
    assert "[Firepaw] Dawn patrol.\nThen the hunt." in text
    assert form_text("a\\nb") == "a\nb" and form_text("c:\\\\new") == "c:\\new"
