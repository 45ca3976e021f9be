"""Where the two lines of issue 28 (the party: Harmony benefits, race traits) and issue 29 (the
battle) meet: a Lucidian's sunlight said either way counts once, Burn with Passion caps an
enemy's Advance, and a race's action used with `/skill use` in a battle is the battle's
(its reach, the turn, the channel)."""

from __future__ import annotations

import pytest

from bot.actions.caverns import race_traits, skill_uses
from bot.actions.caverns.battle import race_actions
from bot.actions.caverns.battle import rows as battle
from bot.actions.caverns.party import harmony, rests
from rules.caverns.races import Race
from rules.errors import PawpostError
from tests.actions.caverns.battle_setups import ANN, BOBS, CATS, MC, board, fight, text
from tests.actions.caverns.helpers import hurt, party_of_three, set_sheet, sheet
from tests.conftest import ALICE, actor


async def test_a_lucidian_takes_one_less_once_whether_the_party_or_the_battle_is_sunlit(
    services, dice
) -> None:
    await party_of_three(services)
    await set_sheet(services, "Brunhild", race=Race.LUCIDIAN)
    await race_traits.set_sunlight(services, MC, "yes")  # the party; the battle says nothing
    await fight(services, {"Brunhild": "front"}, (("Brigand", 2, "front"),), made=True)
    await battle.skip(services, MC)  # Brunhild
    dice.load(5, 6)  # 11: a hit for the Brigand's 2
    lit = text(await battle.enemy_act(services, MC, "Brigand", "battle", "Brunhild"))
    assert "Brunhild is a Lucidian in sunlight: 1 less damage." in lit
    assert "Brunhild loses 1 Health (6 left)." in lit
    await battle.end(services, MC)
    await battle.start(services, MC, sunlight="yes")  # both say so: still one less
    await battle.join(services, ANN, "front")
    await battle.add_enemy(services, MC, "Brigand")
    await battle.set_order(services, MC, "Brunhild")
    await battle.skip(services, MC)
    dice.load(5, 6)
    again = text(await battle.enemy_act(services, MC, "Brigand", "battle", "Brunhild"))
    assert "1 less damage" in again and "Brunhild loses 1 Health (5 left)." in again


async def test_the_mc_s_damage_counts_the_sunlight_of_the_battle_fought_in(services) -> None:
    await party_of_three(services)
    await set_sheet(services, "Brunhild", race=Race.LUCIDIAN)
    await battle.start(services, MC, sunlight="yes")
    await battle.join(services, ANN, "front")
    lost = await hurt(services, "Brunhild", 3)
    assert lost[0].startswith("Brunhild loses 2 Health")
    await battle.end(services, MC)
    again = await hurt(services, "Brunhild", 3)  # no battle, no sunlit party: all of it
    assert again[0].startswith("Brunhild loses 3 Health")


async def test_burn_with_passion_caps_an_enemy_s_advance(services, dice) -> None:
    await party_of_three(services)
    await harmony.plan(services, CATS, "burn with passion")
    dice.load(5, 5, 6, 6)  # the rest; Piper's roll 12 + Fire 3
    await rests.rest_short(services, CATS)
    await harmony.benefits(services, CATS, "burn with passion", "enemies at most zero")
    await battle.start(services, MC)
    await battle.join(services, CATS, "front")
    await battle.add_enemy(services, MC, "Brigand")  # holds the front row
    await battle.add_custom(
        services, MC, "Fire Imp", health=5, damage=1, armour=0, attributes="0, 0, 0, 2, 0",
        row="back",
    )  # fmt: skip
    await battle.set_order(services, MC, "Piper")
    await battle.skip(services, MC)
    dice.load(3, 4)  # 7 + Fire 2, capped at +0: 7
    moved = text(await battle.enemy_act(services, MC, "Fire Imp", "advance"))
    assert "− 2 capped at +0 by Piper's Burn with Passion = **7**" in moved


async def test_a_race_s_action_by_skill_use_in_a_battle_is_the_battle_s(services, dice) -> None:
    await party_of_three(services)
    await set_sheet(services, "Brunhild", race=Race.DRACNARI)
    await set_sheet(services, "Ilsa", race=Race.TAEDAE)
    rows = {"Brunhild": "back", "Ilsa": "back"}
    await fight(services, rows, (("Brigand", 2, "front"),), made=True)
    with pytest.raises(PawpostError, match=r"Brunhild is in the battle in <#10>"):
        await skill_uses.use(services, actor(ALICE, channel=99), "breathe fire", target="Brigand")
    # Fire breath reaches as a Reach weapon: from the back row to the enemy's front row.
    breath = text(await skill_uses.use(services, ANN, "breathe fire", target="Brigand"))
    assert "Brunhild breathes fire on Brigand." in breath
    assert "Brigand is Ablaze by Brunhild's fire breath." in breath
    assert (await sheet(services, "Brunhild")).health == 7
    with pytest.raises(PawpostError, match="not Ilsa's turn"):
        await skill_uses.use(services, BOBS, "hug", target="Brigand 2")
    await battle.skip(services, MC)  # the enemies
    with pytest.raises(PawpostError, match=r"out of reach of Ilsa's hug \(melee\)"):
        await race_actions.hug(services, BOBS, "Brigand 2")  # a hug needs the adjacent row


async def test_the_core_s_scene_skip_moves_on_past_a_choice_waiting(services, dice) -> None:
    from bot.actions.gm import scenes

    await fight(services, {"Brunhild": "front"}, (("Brigand", 2, "front"),))
    dice.load(4, 4)  # doubles: her Flourish waits to be picked
    await battle.attack(services, ANN, "Brigand")
    assert (await board(services))["Waiting for"] == "Brunhild's Flourish"
    skipped = text(await scenes.skip(services, MC))  # as /battle skip does
    assert "The MC skips the turn: The enemies' turn" in skipped
    assert "Waiting for" not in await board(services)
