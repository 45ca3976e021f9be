"""`pawpost console` rehearses WCAGR part 2 with scripted dice: a team hunt with a retry into
the fresh-kill pile, a three-cat fight wrestled to a knockout, herb healing, and whitecough
treated. The week of game days is rehearsed with the console's clock in `test_console_week.py`
(and through the fake Discord in `tests/e2e/test_bot_wcagr.py`)."""

from __future__ import annotations

import io

from bot.console import run_console, script_lines

SCRIPT = [
    "/as user:admin admin:yes",
    "/config ruleset ruleset:wcagr",
    "/character create name:Ravenkit clan:kittypet strength:1 intelligence:2 spirit:2 "
    'skills:"Climb, Hiss, Arch" knacks:none age:1',
    "/as user:ann",
    "/character create name:Firepaw clan:thunderclan strength:2 intelligence:2 spirit:1 "
    'skills:"Sneak, Pounce, Listen" knacks:"Alertness, Dash, Hide" ten-moon-bonus:spirit',
    "/as user:bea",
    "/character create name:Graypaw clan:thunderclan strength:2 intelligence:2 spirit:1 "
    'skills:"Swat, Jump, Wrestle" knacks:"Dodge, Feint, Track" ten-moon-bonus:spirit',
    "/as user:ann",
    "/hunt start prey:vole locate-with:listen",
    "/as user:bea",
    "/hunt join hunt:1",
    "/hunt continue",
    "/freshkill",
    "/as user:ann",
    '/fight start targets:"Graypaw, Ravenkit"',
    "/as user:bea",
    "/click 1",
    "/as user:admin admin:yes",
    "/click 1",
    "/as user:ann",
    "/pounce target:Ravenkit",
    "/as user:admin admin:yes",
    "/jump",
    "/as user:bea",
    "/pounce target:Firepaw",
    "/as user:admin admin:yes",
    "/wrestle choice:jump",
    "/as user:ann",
    "/click 1",
    "/as user:bea",
    "/wrestle choice:wrestle target:Ravenkit",
    "/fight status",
    "/as user:ann",
    "/heal target:Ravenkit herbs:yes",
    "/as user:admin admin:yes",
    "/admin illness give character:Firepaw illness:whitecough reason:cold",
    "/treat target:Firepaw herbs:tansy",
    '/treat target:Firepaw herbs:"catmint, tansy"',
]
HUNT = [4, 4, 4, 2, 2, 1, 3, 2, 2, 3, 3, 2, 2, 2, 1, 5]
FIGHT = [6, 3, 1, 4, 4, 4, 2, 2, 3, 2, 2, 3, 3, 3, 3, 2, 2, 1, 3, 3, 4, 3, 3, 3, 4]
HEAL = [5, 5, 4]  # Firepaw's Ponder: 14 + Intelligence 2 + Ponder 1 = 17 >= 7 lost + 5: 2 HP


async def test_a_console_script_rehearses_wcagr_part_two(services, dice) -> None:
    dice.load(*HUNT, *FIGHT, *HEAL)
    out = io.StringIO()
    code = await run_console(
        "unused", 1000, "ann", False, script_lines(SCRIPT), out, echo=True, services=services
    )
    text = out.getvalue()
    assert code == 0, text
    assert "Approach failed; 1 more try at it with /hunt continue" in text
    assert "Graypaw joins the hunt; any cat of it may /hunt continue at Approach." in text
    assert "Graypaw carries the vole to the ThunderClan fresh-kill pile: 1 ration." in text
    assert "#1 average vole: 1 ration left, caught today" in text
    assert "Firepaw and Ravenkit are wrestling." in text
    assert "Graypaw squeezes into the wrestle (3 cats)." in text
    assert "Graypaw has the upper paw against Ravenkit." in text
    assert "Ravenkit is knocked out until healed to at least 1 HP." in text
    assert "Ravenkit: initiative 3, HP 0 of 7 (out)" in text
    assert "Ravenkit heals 2 HP: 2 of 7." in text
    assert "error: Whitecough needs catmint with tansy or borage." in text
    assert "Firepaw is cured of whitecough." in text
