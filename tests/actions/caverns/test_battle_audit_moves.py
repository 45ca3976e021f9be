"""Issue 29: the moves in battle by their bands (book l. 284-292): Advance's 10+ Damage (D4),
Flee's 7-9 "at the start of your next turn" (D5), the enemy's Advance rolled (D12), Twist
Fate's dice in battle (D14), waking a sleeper (D16), the bestiary's weapons given their reach
(D20), and what /battle add enemy reports (D25)."""

from __future__ import annotations

import pytest

from bot.actions.caverns import skill_uses
from bot.actions.caverns.battle import rows as battle
from rules.caverns.battle.rows import Row
from rules.caverns.conditions import ActiveCondition, Condition
from rules.errors import PawpostError
from tests.actions.caverns.battle_setups import (
    ANN,
    BOBS,
    MC,
    board,
    fight,
    learn,
    state,
    text,
)
from tests.actions.caverns.helpers import party_of_three, set_sheet, sheet

ROWS_C = {"Brunhild": "front", "Ilsa": "back", "Piper": "front"}  # the audit's c.txt


async def test_d4_advance_on_10_adds_its_damage_for_the_rest_of_the_turn(services, dice) -> None:
    await fight(services, ROWS_C, (("Brigand", 2, "front"),))
    dice.load(4, 4)  # Brunhild's Flee: 8 + Wind 1 - 2 Ambush = 7
    await battle.flee_in_battle(services, ANN)
    await battle.enemy_act(services, MC, "Brigand", "skill")
    dice.load(4, 3, 4, 5)  # Ilsa's Advance 7 + Fire 3 = 10; her attack 9 + 3 - Metal 1
    advanced = text(await battle.advance_in_battle(services, BOBS))
    assert "10+: +1 Damage for the rest of the turn." in advanced
    hit = text(await battle.attack(services, BOBS, "Brigand 2"))
    assert "Brigand 2 loses 1 Health (a piece of its armour takes up to 3) (3 left)." in hit
    assert not (await state(services)).effects  # it lasted the rest of the turn only


async def test_d5_flee_7_to_9_moves_at_the_next_turn_and_is_attackable_meanwhile(
    services, dice
) -> None:
    await fight(services, ROWS_C, (("Brigand", 2, "front"),))
    dice.load(4, 4)  # 8 + Wind 1 - 2 Ambush = 7: to the back row at her next turn's start
    fled = text(await battle.flee_in_battle(services, ANN))
    assert "**7-9**: You escape at the start of your next turn" in fled
    assert "Brunhild" in (await board(services))["party front"]
    dice.load(5, 5)
    hit = text(await battle.enemy_act(services, MC, "Brigand", "battle", "Brunhild"))
    assert "Brigand does battle with Brunhild." in hit
    await battle.skip(services, MC)  # Ilsa
    await battle.skip(services, MC)  # the enemies
    await battle.skip(services, MC)  # Piper
    await battle.skip(services, MC)  # the enemies: Brunhild's turn starts in the back row
    assert (await state(services)).combatant(1).row is Row.BACK
    assert "Brunhild" in (await board(services))["party back"]


async def test_d12_an_enemy_s_advance_is_rolled_with_its_bands(services, dice) -> None:
    await fight(services, {"Brunhild": "front"}, (("Brigand", 1, "front"), ("Zombie", 1, "back")))
    await battle.skip(services, MC)
    dice.load(5, 5)  # 10 + Fire (Health 3 - 3 = 0): 10+, and it may act again
    moved = text(await battle.enemy_act(services, MC, "Zombie", "advance"))
    assert "Zombie advances to its front row: **10+**." in moved
    assert "2d6 [5, 5] + Fire 0 = **10**" in moved
    assert "10+: +1 Damage for the rest of the turn." in moved
    with pytest.raises(PawpostError, match="Zombie advanced and may still act this turn"):
        await battle.enemy_act(services, MC, "Brigand", "battle", "Brunhild")
    dice.load(4, 4)  # 8 + Wood 1 - 1 = 8: a hit of 2 + 1, safe
    bitten = text(await battle.enemy_act(services, MC, "Zombie", "battle", "Brunhild"))
    assert "Brunhild loses 3 Health (4 left)." in bitten
    await battle.skip(services, MC)
    assert not (await state(services)).effects


async def test_d12_an_enemy_s_advance_on_6_or_less_takes_its_action(services, dice) -> None:
    await fight(services, {"Brunhild": "front"}, (("Zombie", 1, "front"), ("Brigand", 1, "back")))
    await battle.skip(services, MC)
    dice.load(1, 2)
    moved = await battle.enemy_act(services, MC, "Brigand", "advance")
    assert "6-: the advance takes its action." in moved.lines
    assert moved.lines[-1].startswith("**Next:** Brunhild's turn.")


async def test_d14_twist_fate_s_dice_are_handed_to_rolls_in_battle(services, dice) -> None:
    await party_of_three(services)
    await learn(services, "Ilsa", "rituals:twist-fate")
    await fight(services, {"Ilsa": "front", "Brunhild": "front"}, (("Brigand", 2, "front"),),
                made=True)  # fmt: skip
    dice.load(6, 2)
    twisted = text(await skill_uses.use(services, BOBS, "Twist Fate"))
    assert "Ilsa twists fate: 6 and 2 held." in twisted
    assert "**Next:** The enemies' turn: the MC picks one to act" in twisted
    await battle.skip(services, MC)
    # Ilsa's die goes to Brunhild's roll: its holder's player offers it (/twist-fate, from
    # caverns-party), and Brunhild's player takes it with the roll.
    with pytest.raises(PawpostError, match="Ilsa has not offered you a fated 6"):
        await battle.attack(services, ANN, "Brigand", fated_die=6, fated_from="Ilsa")
    await skill_uses.give_fate(services, BOBS, 6, "Brunhild")
    hit = text(await battle.attack(services, ANN, "Brigand", fated_die=6, fated_from="Ilsa"))
    assert "2d6 [6, 6] + Wood 2 − 1 Brigand's Wind = **13**" in hit
    assert (await sheet(services, "Ilsa")).fated_dice == (2,)
    await battle.skip(services, MC)  # the enemies: Ilsa's turn
    with pytest.raises(PawpostError, match="hold no fated 6"):
        await battle.attack(services, BOBS, "Brigand", fated_die=6)


async def test_d16_another_character_s_action_wakes_a_sleeper(services, dice) -> None:
    await fight(services, {"Ilsa": "front", "Brunhild": "front"}, (("Brigand", 2, "front"),))
    asleep = ActiveCondition(condition=Condition.SLEEPING)
    await set_sheet(services, "Brunhild", conditions=(asleep,))
    woken = text(await battle.wake_in_battle(services, BOBS, "Brunhild"))
    assert "Ilsa wakes Brunhild, who wakes up and is Prone." in woken
    after = await sheet(services, "Brunhild")
    assert not after.has_condition(Condition.SLEEPING) and after.has_condition(Condition.PRONE)
    eternal = ActiveCondition(condition=Condition.SLEEPING, note="Eternal Sleep")
    await set_sheet(services, "Ilsa", conditions=(eternal,))
    await battle.skip(services, MC)
    with pytest.raises(PawpostError, match="Eternal Sleep: the actions of others"):
        await battle.wake_in_battle(services, ANN, "Ilsa")


async def test_d20_the_mc_gives_a_creature_its_weapon_s_reach(services, dice) -> None:
    await party_of_three(services)
    rows = {"Brunhild": "front", "Ilsa": "back"}
    await battle.start(services, MC)
    for name, row in rows.items():
        await battle.join(services, {"Brunhild": ANN, "Ilsa": BOBS}[name], row)
    added = await battle.add_enemy(services, MC, "Brigand", row="back", reach="ranged")
    assert "(Health 4, Damage 2, Armour 1, ranged)." in added.lines[0]
    await battle.add_enemy(services, MC, "Adorath", reach="ranged")
    await battle.add_enemy(services, MC, "Adorath")
    await battle.set_order(services, MC, "Brunhild, Ilsa")
    await battle.skip(services, MC)
    dice.load(3, 3)  # the slinger reaches Ilsa in the back row: 6 + 0 - 0 = 6, a hit
    slung = text(await battle.enemy_act(services, MC, "Brigand", "battle", "Ilsa"))
    assert "Ilsa loses 2 Health (2 left)." in slung
    await battle.skip(services, MC)
    dice.load(4, 4)  # the Ranged Adorath's doubles: Ranged, so not Poisoned (l. 505)
    shot = text(await battle.enemy_act(services, MC, "Adorath", "battle", "Ilsa"))
    assert "Mantakya" not in shot
    await battle.skip(services, MC)
    held = await sheet(services, "Brunhild")  # her companion's Entourage would turn it aside
    kept = tuple(k for k in held.skills if k != "hunting:animal-companion")
    await set_sheet(services, "Brunhild", skills=kept)
    dice.load(4, 4)  # the other one, in melee with Brunhild, is Poisoned with Mantakya
    stung = text(await battle.enemy_act(services, MC, "Adorath 2", "battle", "Brunhild"))
    assert "delivers Mantakya to Brunhild" in stung


async def test_d25_adding_a_creature_reports_its_own_health(services, dice) -> None:
    await party_of_three(services)
    await battle.start(services, MC)
    added = await battle.add_enemy(services, MC, "Spidion")
    assert "1 × Spidion join the enemies side's front row (Health 10," in text(added)
    dice.load(2)  # its guards
    leader = await battle.add_enemy(services, MC, "Village Leader")
    assert "1 × Village Leader join the enemies side's front row (Health 10," in text(leader)


async def test_d25_an_entourage_turns_aside_only_a_flourish_there_is(services, dice) -> None:
    await party_of_three(services)  # Brunhild's Animal Companion is an Entourage (l. 383)
    await battle.start(services, MC)
    await battle.join(services, ANN, "front")
    await battle.add_custom(services, MC, "Goblin", 6, 2, 0, "0, 0, 0, 0, 0")
    await battle.add_enemy(services, MC, "Centipede")
    await battle.set_order(services, MC, "Brunhild")
    await battle.skip(services, MC)
    dice.load(3, 3)  # doubles, but a Goblin made up on the spot has no Flourish
    goblin = text(await battle.enemy_act(services, MC, "Goblin", "battle", "Brunhild"))
    assert "Entourage" not in goblin
    await battle.skip(services, MC)
    dice.load(4, 4)  # the Centipede's doubles: its Prone is turned aside
    centipede = text(await battle.enemy_act(services, MC, "Centipede", "battle", "Brunhild"))
    assert "Brunhild's Entourage turns the Flourish aside (l. 383)." in centipede


async def test_d19_the_main_hand_attacks_and_the_off_hand_answers(services, dice) -> None:
    from bot.actions.caverns.battle import hands  # new in issue 29

    await party_of_three(services)
    held = await sheet(services, "Brunhild")  # her companion's Entourage ignores counters
    kept = tuple(k for k in held.skills if k != "hunting:animal-companion")
    await set_sheet(services, "Brunhild", skills=kept)
    await battle.start(services, MC)
    await battle.join(services, ANN, "front")
    await battle.add_custom(services, MC, "Goblin", 6, 2, 0, "0, 0, 0, 0, 0")
    await battle.add_custom(services, MC, "Archer", 3, 1, 0, "0, 0, 0, 0, 0", row="back")
    await battle.set_order(services, MC, "Brunhild")
    with pytest.raises(PawpostError, match="The Shortbow takes both hands"):
        await hands.set_hands(services, ANN, "Shortbow", "Sword")
    said = text(await hands.set_hands(services, ANN, "Buckler", "Sword"))
    assert "Brunhild holds, main hand: Buckler, off hand: Sword." in said
    with pytest.raises(PawpostError, match="Archer is out of your melee reach"):
        await battle.attack(services, ANN, "Archer")  # the Shortbow is not in her hands
    dice.load(4, 5)  # 9 + Wood 2: the Sword in her off hand does one less, 1
    assert "Goblin loses 1 Health (5 left)." in text(await battle.attack(services, ANN, "Goblin"))
    dice.load(2, 3)  # the Goblin's 5 - 1: a hit; she answers with her off hand's Sword, for 1
    answer = text(await battle.enemy_act(services, MC, "Goblin", "battle", "Brunhild"))
    assert "Under 8: Brunhild strikes back." in answer
    assert "Goblin loses 1 Health (4 left)." in answer
