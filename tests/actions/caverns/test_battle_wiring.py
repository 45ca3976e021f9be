"""Where the battle's parts meet: a failed Fatigue roll under an enemy's Slumber, a Dream Body
acting in its sleep, an Eternal Sleep no blow breaks, Mantakya keeping its victim down, and
Trapper's third condition offered with the attack's Flourishes."""

from __future__ import annotations

import pytest

from bot.actions.caverns.battle import rows as battle
from rules.caverns.conditions import Condition
from rules.caverns.records import Poisoning
from rules.caverns.skills.dreamweaving import ETERNAL_SLEEP_NOTE
from rules.errors import PawpostError
from tests.actions.caverns import test_battle_skills_b2 as b2
from tests.actions.caverns.helpers import set_sheet, sheet
from tests.actions.caverns.test_battle_conditions import MC, afflict, npc, on, ready, text, until
from tests.conftest import ALICE, actor


async def test_slumber_puts_an_enemy_losing_its_action_to_fatigue_to_sleep(services, dice) -> None:
    await ready(services)
    ilsa = await sheet(services, "Ilsa")
    await set_sheet(services, "Ilsa", skills=(*ilsa.skills, "dreamweaving:slumber"))
    await afflict(services, "Ogre", on(Condition.FATIGUE))
    await until(services, "The enemies'")
    dice.load(1, 1)  # 2 + the Ogre's Wood 1 = 3 against 7: too tired to act
    tired = text(await battle.enemy_act(services, MC, "Ogre", "battle", "Brunhild"))
    assert "Ogre is Asleep by Ilsa's Slumber." in tired
    assert "Ogre loses the action." in tired
    assert (await npc(services, "Ogre")).condition(Condition.SLEEPING) is not None


async def test_a_dream_body_acts_while_its_sleeper_sleeps_on(services, dice) -> None:
    await ready(services, brunhild=on(Condition.SLEEPING))
    brunhild = await sheet(services, "Brunhild")
    await set_sheet(services, "Brunhild", skills=(*brunhild.skills, "dreamweaving:dreambody"))
    dice.load(4, 4)  # no Harmony roll: 8 + Wood 2 - the Ogre's Wind 1 = 9, a hit
    dreamt = text(await battle.attack(services, actor(ALICE), "Ogre"))
    assert "Brunhild sleeps on and acts with the Dream Body." in dreamt
    assert "Brunhild does battle with Ogre." in dreamt
    assert (await sheet(services, "Brunhild")).has_condition(Condition.SLEEPING)


async def test_an_eternal_sleep_is_not_broken_by_a_blow(services, dice) -> None:
    await ready(services, brunhild=on(Condition.SLEEPING, note=ETERNAL_SLEEP_NOTE, difficulty=10))
    await until(services, "The enemies'")
    dice.load(4, 4)  # 8 + the Ogre's Wood 1 - Brunhild's Wind 1 = 8: a hit
    struck = text(await battle.enemy_act(services, MC, "Ogre", "battle", "Brunhild"))
    assert "Brunhild sleeps on: an Eternal Sleep no blow can break." in struck
    assert (await sheet(services, "Brunhild")).has_condition(Condition.SLEEPING)


async def test_mantakya_keeps_its_victim_from_standing(services, dice) -> None:
    await ready(services, brunhild=on(Condition.PRONE))
    poisoned = Poisoning(duration=2, poisons=("Mantakya",))
    await set_sheet(services, "Brunhild", poisoning=poisoned)
    with pytest.raises(PawpostError, match="Mantakya keeps Brunhild down"):
        await battle.stand_in_battle(services, actor(ALICE))
    after = await sheet(services, "Brunhild")
    assert after.poisoning == poisoned and after.has_condition(Condition.PRONE)


async def test_trapper_s_third_condition_is_offered_on_every_attack_s_doubles(
    services, dice
) -> None:
    await b2.battle_ready(services)
    await b2.learn(services, "Brunhild", "hunting:trapper")
    await b2.use(services, ALICE, "Trapper", "bound, prone")  # Broken Limb is left
    await b2.begin(services)
    dice.load(3, 3)  # doubles
    hit = await battle.attack(services, actor(ALICE), "Goblin")
    labels = [b.label for b in hit.buttons]
    assert "Flourish: Broken Limb" in labels and "No flourish" in labels
