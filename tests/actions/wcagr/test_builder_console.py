"""`pawpost console` builds a WCAGR Loner with `/character new`: the clan select, − and + on the
abilities, the three forms, and Create through `/character create`'s validation."""

from __future__ import annotations

import io

from bot.console import run_console, script_lines

# [1]-[6] − and + of Strength, Intelligence, Spirit; [7] Name and age; [8] Skills and knacks;
# [9] Loner choices and rank; [10] Create; [11] the clan select.
SCRIPT = [
    "/as user:admin admin:yes",
    "/config ruleset ruleset:wcagr",
    "/as user:ann",
    "/character new",
    "/click 11 loner",
    "/click 2",
    "/click 6",
    "/click 2",
    "/click 7",
    "/modal name:Ravenpaw ten_moon_bonus:spirit",
    "/click 8",
    '/modal skills:"See, See, Bite" knacks:"Track, Balance, Yowl"',
    "/click 8",
    '/modal skills:"See, Smell, Bite"',
    "/click 10",
    "/click 9",
    "/modal loner_abilities:strength loner_skill:swim",
    "/click 10",
    "/character show",
]


async def test_a_console_script_builds_a_loner(services) -> None:
    out = io.StringIO()
    code = await run_console(
        "unused", 1000, "ann", False, script_lines(SCRIPT), out, echo=True, services=services
    )
    text = out.getvalue()
    assert code == 0, text
    assert "== A new WCAGR cat ==" in text
    assert "2 of 5 ability points left to spread (each ability at least 1)." in text
    assert "  [1] − Strength (not available)\n  [2] + Strength\n" in text
    assert "> /click 2\nerror: That button is not available now." in text
    assert "The three starting skills must be different; See is chosen twice." in text
    assert "• A Loner raises one ability by 2 or two by 1; you named 0." in text
    assert "> /click 10\nerror: That button is not available now." in text
    assert "Ready: press Create to make it." in text
    assert "== Ravenpaw joins the server ==" in text
    shown = text[text.index("> /character show") :]
    assert "Strength 5 · points 5 left of 5" in shown and "Spirit 3" in shown
    assert "Swim 1 (Strength)" in shown and "Clan: Loner" in shown
