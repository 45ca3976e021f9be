"""`pawpost console` plays a three-cat combat: a challenge of two cats, a move per turn, an
escape, and the two left fighting on (issue 12)."""

from __future__ import annotations

import io

from bot.console import run_console, script_lines

CAT = "strength:{} agility:{} charisma:3 intelligence:3 stealth:3 perception:{} age:20"
SCRIPT = [
    "/as user:ann",
    "/character create name:Firepaw " + CAT.format(5, 5, 3),
    "/as user:bob",
    "/character create name:Tigerclaw " + CAT.format(6, 4, 3),
    "/as user:cat",
    "/character create name:Longtail " + CAT.format(7, 3, 3),
    "/as user:ann",
    "/combat challenge target:Tigerclaw target-2:Longtail",
    "/as user:bob",
    "/click 1",
    "/as user:cat",
    "/click 1",
    "/as user:ann",
    "/click 1",
    "/as user:bob",
    "/click 2 {ann}",
    "/as user:cat",
    "/click 2 {ann}",
    "/attack",
    "/as user:ann",
    "/attack target:Longtail",
    "/as user:bob",
    "/run from:Longtail",
    "/as user:cat",
    "/click 2",
    "/combat status",
]


async def test_a_console_script_plays_a_three_cat_combat(services, dice) -> None:
    # Firepaw hits Longtail (5 + 10 against 3 + 2); Longtail lets Tigerclaw go.
    dice.load(10, 2)
    lines = [line.replace("{ann}", "1") for line in SCRIPT]
    out = io.StringIO()
    code = await run_console(
        "unused", 1000, "ann", False, script_lines(lines), out, echo=True, services=services
    )
    text = out.getvalue()
    assert code == 0, text
    assert "== Combat 1: Firepaw vs Tigerclaw vs Longtail ==" in text
    assert "> /attack\nerror: It is not your turn." in text
    assert "Firepaw attacks Longtail." in text
    assert "Tigerclaw runs from Longtail." in text
    assert "Longtail lets Tigerclaw go." in text
    assert "Tigerclaw is out of the combat." in text
    assert "Round 3: Longtail's turn" in text
    shown = text[text.index("> /combat status") :]
    assert "Tigerclaw: unhurt — got away" in shown
