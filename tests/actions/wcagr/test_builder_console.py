"""`pawpost console` builds a WCAGR Loner with `/character new`: the clan select, − and + on the
abilities, the three forms, and Create through `/character create`'s validation."""

from __future__ import annotations

import io

from bot.console import run_console, script_lines

# [1]-[6] − and + of Strength, Intelligence, Spirit; [7] Clan; [8] Rank; [9] 10-moon bonus;
# [10] Name and age; [11] Skills and knacks; [12] Loner choices and parent; [13] Create; [14]
# the select shown.
SCRIPT = [
    "/as user:admin admin:yes",
    "/config ruleset ruleset:wcagr",
    "/as user:ann",
    "/character new",
    "/click 14 loner",
    "/click 2",
    "/click 6",
    "/click 2",
    "/click 10",
    "/modal name:Ravenpaw",
    "/click 9",
    "/click 14 spirit",
    "/click 11",
    '/modal skills:"See, See, Bite" knacks:"Track, Balance, Yowl"',
    "/click 11",
    '/modal skills:"See, Smell, Bite"',
    "/click 13",
    "/click 12",
    "/modal loner_abilities:strength loner_skill:swim",
    "/click 13",
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
    assert "> /click 13\nerror: That button is not available now." in text
    assert "Ready: press Create to make it." in text
    assert "== Ravenpaw joins the server ==" in text
    shown = text[text.index("> /character show") :]
    assert "Strength 5 · points 5 left of 5" in shown and "Spirit 3" in shown
    assert "Swim 1 (Strength)" in shown and "Clan: Loner" in shown


# ThunderClan's builder: after the clan, the select shows the Clan ranks; a rank of another list
# is not on offer; a clan changed to one without ranks drops the rank picked.
RANK_SCRIPT = [
    "/as user:admin admin:yes",
    "/config ruleset ruleset:wcagr",
    "/as user:ann",
    "/character new",
    "/click 14 thunderclan",
    "/click 14 healer",
    "/click 14 warrior",
    "/click 2",
    "/click 6",
    "/click 10",
    "/modal name:Graystripe",
    "/click 9",
    "/click 14 spirit",
    "/click 11",
    '/modal skills:"See, Smell, Bite" knacks:"Track, Balance, Yowl"',
    "/click 13",
    "/character show",
]


async def test_the_builder_offers_the_clan_types_ranks_in_a_select(services) -> None:
    out = io.StringIO()
    code = await run_console(
        "unused", 1000, "ann", False, script_lines(RANK_SCRIPT), out, echo=True, services=services
    )
    text = out.getvalue()
    assert code == 0, text
    assert "Rank: none yet (Rank shows the clan's list)." in text
    assert "[14] Your cat's rank: none, leader, deputy, elite, seer, silverblood, medicine-cat" in (
        text
    )
    assert "> /click 14 healer\nerror: Pick one of: none, leader, deputy," in text
    assert "Rank: Warrior." in text
    assert "== Graystripe joins the server ==" in text
    shown = text[text.index("> /character show") :]
    assert "Clan: ThunderClan\n  Rank: Warrior\n" in shown


async def test_a_clan_without_ranks_drops_the_rank_picked(services) -> None:
    out = io.StringIO()
    script = [*RANK_SCRIPT[:7], "/click 7", "/click 14 loner"]
    code = await run_console(
        "unused", 1000, "ann", False, script_lines(script), out, echo=True, services=services
    )
    text = out.getvalue()
    assert code == 0, text
    after = text[text.index("> /click 14 loner") :]
    assert "Clan: Loner." in after
    assert "Rank:" not in after
    assert "Your cat's rank" not in after
