"""The audit's whole battle (../shared/audits/caverns-battle-scripts/big2.txt) replayed by the
book (issue 29): the same party, enemies and dice, its commands following the book where the
old bot went astray (a Brigand killed by Advance's 10+ Damage, the Flourish the battle waits
for), and each step checked against the book."""

from __future__ import annotations

import io

from bot.console import run_console, script_lines
from tests.actions.caverns.test_caverns_battle_console import SCRIPT as CONSOLE

PARTY = CONSOLE[: CONSOLE.index("/battle start")]

SCRIPT = [
    *PARTY,  # the three adventurers, as in the console battle
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
    "/battle add enemy enemy:Zombie row:back",
    '/battle order characters:"Brunhild, Ilsa, Piper"',
    "/as user:ann",
    "/battle attack target:Brigand",
    "/as user:admin admin:yes",
    '/enemy act enemy:"Cave Fisher" action:skill target:"Brunhild, Ilsa, Piper"',
    "/as user:ann",
    "/click 1",
    "/as user:admin admin:yes",
    '/enemy act enemy:"Cave Fisher" action:skill target:"Brunhild, Ilsa, Piper"',
    "/as user:bob",
    "/battle advance",
    "/battle attack target:Brigand",
    "/as user:admin admin:yes",
    '/enemy act enemy:"Brigand 2" action:battle target:Ilsa',
    "/as user:cat",
    "/battle advance",
    '/battle attack target:"Brigand 2"',
    "/as user:admin admin:yes",
    "/enemy act enemy:Zombie action:advance",
    "/as user:ann",
    '/battle attack target:"Brigand 2"',
    "/as user:admin admin:yes",
    '/enemy act enemy:"Cave Fisher" action:battle target:Ilsa',
    "/as user:cat",
    "/battle flee",
    "/as user:admin admin:yes",
    '/enemy act enemy:"Brigand 2" action:battle target:Piper',
    "/as user:ann",
    "/battle attack target:Zombie",
    "/as user:admin admin:yes",
    '/enemy act enemy:"Cave Fisher" action:battle target:Brunhild',
    "/as user:ann",
    "/battle armour",
    "/battle attack target:Zombie",
    "/as user:admin admin:yes",
    '/enemy act enemy:"Brigand 2" action:flee',
    "/as user:ann",
    '/battle attack target:"Cave Fisher"',
    "/as user:admin admin:yes",
    '/enemy act enemy:"Cave Fisher" action:battle target:Brunhild',
    "/battle status",
    "/battle end",
    "/as user:bob",
    "/character show",
    "/as user:cat",
    "/character show",
]
# big2's faces, with the Zombie's Advance (2, 4) and Brunhild's attack on Brigand 2 (2, 4) that
# the book now rolls, and its last attack on the Cave Fisher (3, 4).
FACES = [4, 4, 5, 5, 4, 3, 3, 4, 2, 2, 6, 5, 2, 4, 2, 4, 3, 3, 4, 2, 1, 1, 6, 6, 5, 6, 1, 2, 4, 5,
         3, 4, 3, 5]  # fmt: skip


async def test_big2_replayed_plays_by_the_book(services, dice) -> None:
    dice.load(*FACES)
    out = io.StringIO()
    code = await run_console(
        "unused", 1000, "admin", False, script_lines(SCRIPT), out, echo=True, services=services
    )
    text = out.getvalue()
    assert code == 0, text
    # The Flourish waits for Brunhild: the MC's Lure is refused until she picks (§3).
    assert "error: The battle waits for Brunhild's Flourish" in text
    assert "Brigand is Disarmed." in text
    # D4: Ilsa's 10+ Advance adds 1 to her 3 Damage: the Brigand's 4 Health are gone.
    assert "10+: +1 Damage for the rest of the turn." in text
    assert "Brigand loses 4 Health (0 left): it dies!" in text
    # D12: the Zombie's Advance is rolled: a 6- takes its action.
    assert "Zombie advances to its front row: **6-**." not in text  # console shows no markdown
    assert "Zombie advances to its front row: 6-." in text
    assert "2d6 [2, 4] + Fire 0 = 6" in text
    # D5: Piper's 7-9 Flee: attackable until her next turn starts, then out.
    assert "Piper: Health 3/3, armour 0, reach ranged, escaping as its next turn starts" in text
    assert "Piper loses 2 Health (1 left)." in text
    # D10: her counter is a Sick Beat: the Brigand is Bound, and loses no Health to it.
    assert "The Sick Beat lands: 1 of Piper's conditions.\nBrigand 2 is Bound by Piper's" in text
    # Armour on a blow that leaves Brunhild standing: up to 3, never more than the blow.
    assert "Brunhild's Leather jerkin takes 3 of the blow and breaks (7 Health; 1 piece left)." in (
        text
    )
    assert "Brigand 2 loses 1 Health (0 left): it dies!" in text  # its fire
    assert "Out of the fight: Ilsa (dead), Piper (fled), Brigand (dead), Brigand 2 (dead), " in (
        text
    )
    assert "Ilsa marks off 1 Vitae (5 left) and returns at full Health." in text
    assert text.count("error:") == 1, text
