"""`pawpost console` plays hunting: a short script hunts, is refused, shares and reads the log."""

from __future__ import annotations

import io

from bot.console import run_console, script_lines

STATS = "strength:4 agility:4 charisma:4 intelligence:4 stealth:3 perception:3 age:12"
SCRIPT = f"""\
/as user:ann
/character create name:Firepaw {STATS}
/as user:bob
/character create name:Graypaw {STATS}
/as user:ann
/hunt
/hunt
/share to:Graypaw
/hunting log
/hunting away until:2026-13-01
/as user:boss admin:yes
/config reminders on channel:<#55> weekday:sunday hour:18
/season
"""


async def test_a_console_script_hunts(services, dice) -> None:
    dice.load(2, 5)
    out = io.StringIO()
    code = await run_console(
        "unused",
        1000,
        "ann",
        False,
        script_lines(SCRIPT.splitlines()),
        out,
        echo=True,
        services=services,
    )
    text = out.getvalue()
    assert code == 0, text
    assert "== Firepaw hunts in Newleaf ==" in text
    assert "Find prey: d20 2 + Perception 3 = 5 against DC 5: prey found." in text
    assert "error: Firepaw can hunt again after midnight, in 12 h." in text
    assert "Firepaw shares its catch with Graypaw, who eats it." in text
    assert "== Hunting log of Firepaw ==" in text
    assert "error: The away date must be a real date written YYYY-MM-DD" in text
    assert "I post in #55 the cats that have not hunted yet this week." in text
    assert "It is Newleaf." in text
