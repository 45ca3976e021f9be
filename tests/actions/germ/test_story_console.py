"""`pawpost console` plays a refused disability removal and a cross-player mother waiting for
her player's Accept (issue 12, "Sheets that only the story changes")."""

from __future__ import annotations

import io

from bot.console import run_console, script_lines

SCRIPT = [
    "/as user:ann",
    "/character create name:Sandstorm strength:4 agility:4 charisma:4 intelligence:4"
    " stealth:3 perception:3 age:40",
    "/character condition add condition:blind",
    "/character condition remove condition:blind",
    "/as user:bob",
    "/character create name:Sandkit strength:4 agility:4 charisma:4 intelligence:4"
    " stealth:3 perception:3 age:1 mother:Sandstorm",
    "/click 1",
    "/as user:ann",
    "/click 1",
    "/character show character:Sandkit",
]


async def test_a_console_script_refuses_a_removal_and_waits_for_the_mother(services) -> None:
    out = io.StringIO()
    code = await run_console(
        "unused", 1000, "ann", False, script_lines(SCRIPT), out, echo=True, services=services
    )
    text = out.getvalue()
    assert code == 0, text
    assert (
        "error: Only an admin can take a lasting condition away, with a reason: "
        "it belongs to the story." in text
    )
    assert "Until Sandstorm's player (or an admin) accepts, Sandkit has no mother." in text
    assert "error: Only Sandstorm's player or an admin can answer." in text
    assert "Sandstorm is now Sandkit's mother." in text
    assert "Mother: Sandstorm" in text[text.index("> /character show") :]
