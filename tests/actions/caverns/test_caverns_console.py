"""`pawpost console` plays the issue's party of three: a Warrior made with the builder, an
Elementalist and a Bard made in one line; moves; a market order delivered and paid across the
rests; a Short and a Long Rest with Harmony skills; the experience questions and a level-up."""

from __future__ import annotations

import io

from bot.console import run_console, script_lines

SCRIPT = [
    "/as user:admin admin:yes",
    "/config ruleset ruleset:caverns",
    "/as user:ann",
    "/character new",
    "/click 15 human",
    "/click 15 warrior",
    "/click 15 athletics+hunting",
    "/click 15 1",  # Wind
    "/click 15 1",  # Water
    "/click 15 2",  # Wood
    "/click 15 0",  # Fire
    "/click 15 -1",  # Metal
    "/click 15 water",  # the extra +1
    "/click 15 combat:parry",
    "/click 11",
    "/modal name:Brunhild",
    "/click 14",
    "/as user:bob",
    '/character create name:Ilsa race:krokani class:elementalist attributes:"wind 0, water +1,'
    ' wood +1, fire +2, metal -1" extra:metal advanced:Ignite tertiary:psionics'
    " implement:fire/metal",
    "/as user:cat",
    '/character create name:Piper race:viscanti class:bard attributes:"fire +2, wind +1, water +1,'
    ' wood 0, metal -1" extra:metal advanced:Fugue tertiary:illusions implement:fire/wind'
    ' sick-beat:"ablaze, bound, confused"',
    '/character create name:Piper race:viscanti class:bard attributes:"fire +2, wind +1, water +1,'
    ' wood 0, metal -1" extra:fire advanced:Fugue tertiary:illusions implement:fire/wind'
    ' sick-beat:"ablaze, bound, confused"',
    "/as user:ann",
    '/move attribute:wood difficulty:8 reason:"squeeze through"',  # 4, 2
    "/advance",  # 5, 5
    "/battle roll target:urchin",  # 3, 3
    '/harmony plan skills:"flow like the river"',
    "/as user:bob",
    "/flee route:front-to-back",  # 3, 4
    '/harmony plan skills:"sharp as steel"',
    "/as user:cat",
    "/market item:Helmet",  # 3, 4
    "/party",
    "/rest short",  # 3, 4; Brunhild's Flow 4, 4; Ilsa's Sharp 5, 5
    "/as user:bob",
    '/harmony benefits skill:"sharp as steel" benefits:"ask the mc, proficient with item"'
    " item:Sword",
    "/as user:cat",
    "/rest long",  # 5, 5
    "/as user:cat",
    "/click 1",
    "/as user:admin admin:yes",
    "/click 1",
    "/click 3",
    "/click 5",
    "/as user:cat",
    "/rest long",  # 4, 4
    "/as user:admin admin:yes",
    "/click 1",
    "/click 4",
    "/click 6",
    "/as user:ann",
    "/click 1",
    "/click 1 combat:cleave",
    "/party",
    "/character show",
]
FACES = [4, 2, 5, 5, 3, 3, 3, 4, 3, 4, 3, 4, 4, 4, 5, 5, 5, 5, 4, 4]


async def test_a_console_script_plays_a_party_of_three(services, dice) -> None:
    dice.load(*FACES)
    out = io.StringIO()
    code = await run_console(
        "unused", 1000, "ann", False, script_lines(SCRIPT), out, echo=True, services=services
    )
    text = out.getvalue()
    assert code == 0, text
    assert "This server now plays Caverns and Cloiers." in text
    assert "== Brunhild joins the party ==" in text
    assert "A Human Warrior, level 1, owned by @ann: Health 7, Vitae 3, Harmony +3" in text
    assert "== Ilsa joins the party ==" in text
    assert (
        "error: Your extra +1 must go to an attribute other than Metal, which being Viscanti "
        "already raises." in text
    )
    assert (
        "A Viscanti Bard, level 1, owned by @cat: Health 3, Vitae 6, Harmony +3, 200 gold" in text
    )
    assert "2d6 [4, 2] + Wood 2 = 8\nSuccess: 8 meets 8." in text
    assert "An awe-inspiring charge: +1 Damage for the rest of the turn." in text
    assert "5+: Urchin loses 2 Health." in text
    assert "2d6 [3, 4] + Wind 0 = 7\n7-9: You escape at the start of your next turn" in text
    assert "10+: The merchant will deliver" in text
    assert "9 torches, carried by Brunhild, Ilsa, Piper." in text  # counts read "1 torch"
    short = text[
        text.index("> /rest short") : text.index("> /as user:bob", text.index("> /rest short"))
    ]
    assert "7-9: Everyone recovers all Health and regains one Harmony, for one torch" in short
    assert "Flow Like the River: 2d6 [4, 4] + Water 2 = 10: 2 benefits to choose" in short
    assert "Sharp as Steel: 2d6 [5, 5] + Metal 0 = 10: 2 benefits to choose" in short
    assert "delivered: Helmet" in short and "lit the party's torch" in short
    assert "For the MC: answer one question about the world." in text
    assert "error: Only an admin of this server can do that." in text
    long = text[text.index("> /rest long") :]
    assert "10+: Everyone restores all Health and Vitae" in long
    assert "paid for: Helmet" in long
    assert "The party gains 3 experience.\nExperience 3 of 4 for level 2." in long
    assert "The party reaches level 2!" in long
    assert "Brunhild learns Cleave (Combat)" in long
    shown = text[text.rindex("> /character show") :]
    assert "Class: Warrior, level 2" in shown and "Cleave (advanced)" in shown
    assert "Party: #1's party: level 2, experience 0 of 5" in shown
    assert "#1's party: level 2, experience 0 of 5." in text[text.rindex("> /party") :]
