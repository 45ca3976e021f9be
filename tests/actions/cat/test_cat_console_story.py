"""The issue's "Done when": `pawpost console` plays two cats through Risks with Style banked and
spent, a dangerous failure placed as scars (split by the select) that costs a rank, a Life
spent, a cat fight with a dodge, a Reputation granted, a Trick and a night's sleep."""

from __future__ import annotations

import io

from bot.console import run_console, script_lines

SCRIPT = [
    "/as user:admin admin:yes",
    "/config ruleset ruleset:cat",
    "/as user:ann",
    '/character create name:Firepaw best:legs strong:"claws coat fangs" good:"face tail"'
    ' reputations:"Brave 3, Clever 2, Sly 2"',
    "/as user:bob",
    '/character create name:Tigerclaw best:claws strong:"fangs legs coat" good:"face tail"'
    ' reputations:"Fierce 3, Proud 3, Sly 1"',
    "/as user:ann",
    "/risk trait:legs difficulty:easy",  # 2, 4, 6, 1, 3: 3 evens, 2 surplus
    "/click 1",  # Bank 2 Style
    "/risk trait:legs difficulty:hard style:2",  # 2, 1, 1, 1, 1: 1 rolled + 2 automatic
    "/risk trait:claws difficulty:hard dangerous:yes",  # 3, 5, 3, 4: fails, 3 scars
    "/click 8 claws",  # the select: one scar in Claws
    "/click 1",  # the other 2 in Claws: it drops to Good
    "/risk trait:face difficulty:hard",  # 1, 1, 1: fails
    "/click 1",  # Spend a Life to succeed
    "/as user:bob",
    "/fight cat target:Firepaw with:claws",  # Claws 5: 2, 4, 6, 1, 1: 3 evens
    "/as user:ann",
    "/click 3",  # Roll Legs (dodge): 2, 1, 1, 1, 1: 1 even
    "/click 1",  # Place Firepaw's 2 scars
    "/click 2",  # 2 scars in Legs
    "/as user:bob",
    "/reputation grant to:Firepaw name:Tough from:Fierce",
    "/as user:ann",
    "/trick name:sneak",  # Tail 3: 2, 1, 1: it works
    "/sleep hours:8",
    "/character show",
    "/log character:Firepaw",
]
FACES = [
    *(2, 4, 6, 1, 3),
    *(2, 1, 1, 1, 1),
    *(3, 5, 3, 4),
    *(1, 1, 1),
    *(2, 4, 6, 1, 1),
    *(2, 1, 1, 1, 1),
    *(2, 1, 1),
]


async def test_two_cats_play_the_whole_game_in_the_console(services, dice) -> None:
    dice.load(*FACES)
    out = io.StringIO()
    code = await run_console(
        "unused", 1000, "ann", False, script_lines(SCRIPT), out, echo=True, services=services
    )
    text = out.getvalue()
    assert code == 0, text
    assert "Firepaw banks 2 Style from roll #" in text
    assert "Pool: Legs (Best) 5 + Style spent 2 automatic" in text
    assert "Dangerous: 3 scars (the lowest odd die) to place." in text
    assert "Firepaw takes 1 in Claws." in text
    assert "Three scars: Claws drops from Strong to Good." in text
    assert "Firepaw spends a Life: the Risk of roll #" in text and "8 Lives left." in text
    assert "Tigerclaw: 5d6 [2, 4, 6, 1, 1] evens 3 = 3" in text
    assert "Firepaw dodges and loses: Tigerclaw wins" in text
    assert "Tigerclaw takes no scars." in text
    assert "Firepaw takes 2 in Legs." in text
    assert "Tigerclaw grants Firepaw the Reputation Tough at rank 1" in text
    assert "It works: 1 even against 1 needed at its Good tier." in text
    assert "Firepaw sleeps 8 hours and gets 1 Magic Point back: 8 / 8." in text
    shown = text[text.index("> /character show") :]
    assert "Claws Good → 3 dice" in shown
    assert "Legs Best → 5 dice · 2 of 3 scars" in shown
    assert "Lives: 8" in shown and "Style banked: 0" in shown
    assert "Tough 1" in shown
    logged = text[text.index("> /log") :]
    assert "Sneak" in logged and "slept 8 h" in logged
