"""`pawpost console` plays the issue's battle: the party of three against a Cave Fisher and two
Brigands through the MC's commands to its end, a death and a return by Vitae included."""

from __future__ import annotations

import io

from bot.console import run_console, script_lines

SCRIPT = [
    "/as user:admin admin:yes",
    "/config ruleset ruleset:caverns",
    "/as user:ann",
    '/character create name:Brunhild race:human class:warrior attributes:"wind +1, water +1,'
    ' wood +2, fire 0, metal -1" extra:water advanced:Parry tertiary:hunting',
    "/as user:bob",
    '/character create name:Ilsa race:krokani class:elementalist attributes:"wind 0, water +1,'
    ' wood +1, fire +2, metal -1" extra:metal advanced:Ignite tertiary:psionics'
    " implement:fire/metal",
    "/as user:cat",
    '/character create name:Piper race:viscanti class:bard attributes:"fire +2, wind +1, water +1,'
    ' wood 0, metal -1" extra:fire advanced:Fugue tertiary:illusions implement:fire/wind'
    ' sick-beat:"ablaze, bound, confused"',
    "/as user:admin admin:yes",
    "/battle start",
    "/as user:ann",
    "/battle join row:front",
    "/as user:bob",
    "/battle join row:back",
    "/as user:cat",
    "/battle join row:back",
    "/as user:admin admin:yes",
    '/battle add enemy enemy:"Cave Fisher"',
    "/battle add enemy enemy:Brigand count:2",
    '/battle order characters:"Brunhild, Ilsa, Piper"',
    "/as user:ann",
    "/battle attack target:Brigand",  # 4, 4
    "/click 2",  # No flourish: the battle waits for it otherwise
    "/as user:admin admin:yes",
    '/enemy act enemy:"Cave Fisher" action:battle target:Brunhild',  # 3, 2
    "/as user:ann",
    "/battle armour",
    "/as user:bob",
    "/battle advance",  # 2, 1
    "/as user:admin admin:yes",
    '/enemy act enemy:"Cave Fisher" action:battle target:Ilsa',
    "/enemy act enemy:Brigand action:battle target:Ilsa",  # 6, 5
    "/as user:cat",
    "/battle flee",  # 1, 1
    "/as user:admin admin:yes",
    '/enemy act enemy:"Cave Fisher" action:battle target:Ilsa',  # 6, 6
    "/as user:ann",
    "/battle attack target:Brigand",  # 6, 5
    "/as user:admin admin:yes",
    '/enemy act enemy:"Brigand 2" action:battle target:Brunhild',  # 1, 2
    "/battle status",
    "/battle end",
    "/as user:bob",
    "/character show",
]
FACES = [4, 4, 3, 2, 2, 1, 6, 5, 1, 1, 6, 6, 6, 5, 1, 2]


async def test_a_console_script_plays_a_battle_to_its_end(services, dice) -> None:
    dice.load(*FACES)
    out = io.StringIO()
    code = await run_console(
        "unused", 1000, "ann", False, script_lines(SCRIPT), out, echo=True, services=services
    )
    text = out.getvalue()
    assert code == 0, text
    assert "2 × Brigand join the enemies side's front row" in text
    assert "Brigand loses 0 Health (a piece of its armour takes up to 3) (4 left)." in text
    assert "Brunhild loses 3 Health (4 left)." in text
    assert "Leather jerkin takes 3 of the blow and breaks (7 Health; 1 piece left)." in text
    assert "6-: the advance takes your action." in text
    assert "error: Cave Fisher acted last time; another enemy (Brigand) must act now." in text
    assert "Ilsa loses 2 Health (2 left)." in text
    assert "Piper flees (back-to-out)." in text
    assert "Ilsa loses 2 Health (0 left): dead!" in text  # the 2 she had
    assert "Brigand loses 2 Health (2 left)." in text
    assert "Out of the fight: Ilsa (dead)" in text
    assert "Ilsa marks off 1 Vitae (5 left) and returns at full Health." in text
    shown = text[text.rindex("> /character show") :]
    assert "Health: 4 / 4" in shown and "Vitae: 5 / 6" in shown
