"""Issue 29, D1: a character in a running battle acts only through the battle, on its turn,
in its channel, alive: rests, cure rolls and skills outside it are refused (book l. 310,
353, 413)."""

from __future__ import annotations

import pytest

from bot.actions.caverns import conditions, skill_uses
from bot.actions.caverns.battle import rows as battle
from bot.actions.caverns.party import rests
from rules.caverns.conditions import ActiveCondition, Condition
from rules.errors import PawpostError
from tests.actions.caverns.battle_setups import ANN, BOBS, MC, fight
from tests.actions.caverns.helpers import character, hurt, set_sheet, sheet
from tests.conftest import ALICE, actor

ELSEWHERE = actor(ALICE, channel=99)


async def test_d1_rest_refused_while_a_member_of_the_party_fights(services, dice) -> None:
    await fight(services, {"Brunhild": "front"}, (("Brigand", 1, "front"),))
    await hurt(services, "Brunhild", 4)  # the core's /admin damage
    dice.load(5, 5, 5, 5)
    with pytest.raises(PawpostError, match="Brunhild is in the battle in <#10>: the party rests"):
        await rests.rest(services, ANN, "short")
    with pytest.raises(PawpostError, match="Brunhild is in the battle"):
        await rests.rest(services, BOBS, "long")  # Ilsa is not fighting, but her party is
    assert (await sheet(services, "Brunhild")).health == 3
    await battle.end(services, MC)
    rested = await rests.rest(services, ANN, "short")
    assert "Health" in "\n".join(f.value for f in rested.fields)


async def test_d1_cure_refused_in_battle_the_battle_rolls_it(services, dice) -> None:
    await fight(services, {"Ilsa": "front", "Brunhild": "front"}, (("Kraken", 1, "front"),))
    await set_sheet(services, "Ilsa", conditions=(ActiveCondition(condition=Condition.BOUND),))
    dice.load(5, 6)
    with pytest.raises(PawpostError, match="the bot rolls against Bound when Ilsa acts"):
        await conditions.roll_cure(services, BOBS, "bound")
    found = await sheet(services, "Ilsa")
    ilsa = await character(services, "Ilsa")
    bound = found.condition(Condition.BOUND)
    assert bound is not None  # the button carries the condition's version (caverns-party)
    with pytest.raises(PawpostError, match="Ilsa is in the battle"):
        await conditions.cure_pressed(services, BOBS, ilsa.id, Condition.BOUND, bound.version)
    assert (await sheet(services, "Ilsa")).conditions == found.conditions


async def test_d1_skill_use_from_another_channel_or_dead_or_out_of_turn(services, dice) -> None:
    await fight(services, {"Brunhild": "front", "Ilsa": "back"}, (("Brigand", 2, "front"),))
    held = await sheet(services, "Brunhild")
    await set_sheet(services, "Brunhild", skills=(*held.skills, "athletics:transmute"), health=3)
    with pytest.raises(PawpostError, match="Brunhild is in the battle in <#10>: its skills"):
        await skill_uses.use(services, ELSEWHERE, "Transmute")
    await battle.skip(services, MC)  # Brunhild's turn passes: Transmute takes a turn
    with pytest.raises(PawpostError, match="not Brunhild's turn"):
        await skill_uses.use(services, ANN, "Transmute")
    dice.load(6, 6)  # a Brigand's 12 + Wood 0 - Wind 1: a hit for 2... and 1 more, dead
    await set_sheet(services, "Brunhild", health=1, equipment=())
    await battle.enemy_act(services, MC, "Brigand", "battle", "Brunhild")
    assert (await sheet(services, "Brunhild")).is_dead
    # The core's lookup refuses a dead character's every act in its own sentence.
    with pytest.raises(PawpostError, match=r"^Brunhild is dead\."):
        await skill_uses.use(services, ANN, "Transmute")
    after = await sheet(services, "Brunhild")
    assert (after.health, after.vitae) == (0, held.vitae)


async def test_d1_a_skill_with_no_use_in_battle_waits_until_it_is_over(services) -> None:
    await fight(services, {"Ilsa": "front"}, (("Brigand", 1, "front"),))
    held = await sheet(services, "Ilsa")
    await set_sheet(services, "Ilsa", skills=(*held.skills, "magery:scry"))
    with pytest.raises(PawpostError, match="Ilsa is in a battle: Scry has no use there"):
        await skill_uses.use(services, BOBS, "Scry", target="the Warder")
    assert (await sheet(services, "Ilsa")).harmony == held.harmony
