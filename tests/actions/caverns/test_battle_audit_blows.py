"""Issue 29: a blow on a character resolved whole before anything follows from it (book l. 296,
298, 385): armour, Vitality and death (D2, D3), the counter-attack that adds up (D9), armour
offered only where it helps (D11), the Bard's Sick Beat in a counter (D10), the Cloier's blow
(D15), drowning and poison (D17), and the races that act on a blow (D23)."""

from __future__ import annotations

import pytest

from bot.actions.caverns.battle import rows as battle
from rules.caverns.battle.rows import Phase, Row, replace
from rules.caverns.conditions import ActiveCondition, Condition
from rules.caverns.races import Race
from rules.caverns.records import Poisoning
from rules.errors import PawpostError
from tests.actions.caverns.battle_setups import ANN, BOBS, MC, board, edit, fight, state, text
from tests.actions.caverns.helpers import hurt, party_of_three, set_sheet, sheet


async def setup3(services, dice) -> None:  # type: ignore[no-untyped-def]
    """The audit's a.txt: Brunhild down to 2 Health in front of Ilsa and Piper, against a Cave
    Fisher and two Brigands; she hits a Brigand (3, 4) and the Fisher hits her for 3 (2, 3)."""
    await party_of_three(services)
    await hurt(services, "Brunhild", 5)  # the core's /admin damage
    rows = {"Brunhild": "front", "Ilsa": "back", "Piper": "back"}
    await fight(services, rows, (("Cave Fisher", 1, "front"), ("Brigand", 2, "front")), made=True)
    dice.load(3, 4, 2, 3)
    await battle.attack(services, ANN, "Brigand")


async def test_d2_armour_saves_a_killing_blow_and_gives_back_no_more_than_it_took(
    services, dice
) -> None:
    await setup3(services, dice)
    blow = text(await battle.enemy_act(services, MC, "Cave Fisher", "battle", "Brunhild"))
    assert "The blow would kill Brunhild: Brunhild's Leather jerkin takes 3 of the blow" in blow
    assert "Brunhild loses no Health (2 left)." in blow
    after = await sheet(services, "Brunhild")
    assert (after.health, after.armour_left) == (2, 1)  # as before the blow, one piece broken
    with pytest.raises(PawpostError, match="only the latest hit"):
        await battle.spend_armour(services, ANN)  # nothing left to negate


async def test_d2_vitality_is_not_paid_when_armour_saves_and_armour_adds_nothing_after(
    services, dice
) -> None:
    await party_of_three(services)
    held = await sheet(services, "Brunhild")
    await set_sheet(services, "Brunhild", skills=(*held.skills, "athletics:vitality"), health=2)
    await fight(services, {"Brunhild": "front"}, (("Brigand", 1, "front"),), made=True)
    await battle.skip(services, MC)
    dice.load(4, 5)  # 9 - 1: a hit of 2 on her 2 Health
    blow = text(await battle.enemy_act(services, MC, "Brigand", "battle", "Brunhild"))
    assert "Vitality" not in blow
    after = await sheet(services, "Brunhild")
    assert (after.health, after.harmony, after.armour_left) == (2, held.harmony, 1)
    # With no armour left, Vitality holds: 1 Health, and no piece may be spent after it.
    await set_sheet(services, "Brunhild", equipment=())
    dice.load(4, 5)
    await battle.skip(services, MC)
    blow = text(await battle.enemy_act(services, MC, "Brigand", "battle", "Brunhild"))
    assert "Brunhild loses 2 Health (0 left).\nBrunhild would die, but Vitality holds" in blow
    assert (await sheet(services, "Brunhild")).health == 1


async def test_d3_a_death_armour_prevents_moves_no_row(services, dice) -> None:
    await setup3(services, dice)
    await battle.enemy_act(services, MC, "Cave Fisher", "battle", "Brunhild")
    shown = await board(services)
    assert shown["party front"].startswith("Brunhild: Health 2/7")
    assert "Ilsa" in shown["party back"] and "Piper" in shown["party back"]
    assert "Out of the fight" not in shown


async def test_d3_the_last_fighter_saved_by_armour_keeps_the_battle_going(services, dice) -> None:
    await party_of_three(services)
    await hurt(services, "Brunhild", 5)  # the core's /admin damage
    await fight(services, {"Brunhild": "front"}, (("Cave Fisher", 1, "front"),), made=True)
    dice.load(3, 5, 2, 3)  # her 8 - 1 hits (its armour takes it); its 7 hits her for 3
    await battle.attack(services, ANN, "Cave Fisher")
    blow = await battle.enemy_act(services, MC, "Cave Fisher", "battle", "Brunhild")
    assert blow.lines[-1] == "**Next:** Brunhild's turn."
    assert (await state(services)).phase is Phase.PLAYER
    dice.load(4, 4)
    assert "Brunhild does battle with Cave Fisher" in text(
        await battle.attack(services, ANN, "Cave Fisher")
    )


async def test_d9_a_blow_that_kills_still_meets_the_counter_attack(services, dice) -> None:
    await party_of_three(services)
    await set_sheet(services, "Brunhild", health=2, equipment=())  # no armour: she dies
    await fight(services, {"Brunhild": "front"}, (("Brigand", 1, "front"),), made=True)
    await battle.skip(services, MC)
    dice.load(3, 3)  # 6 - 1 = 5: a hit, under 8
    blow = text(await battle.enemy_act(services, MC, "Brigand", "battle", "Brunhild"))
    assert "Brunhild loses 2 Health (0 left): dead!" in blow
    assert "Under 8: Brunhild strikes back." in blow
    assert "Brigand loses 1 Health (a piece of its armour takes up to 3) (4 left)." not in blow
    assert "Brigand loses 0 Health (a piece of its armour takes up to 3) (4 left)." in blow


async def test_d10_a_bard_s_counter_attack_is_a_sick_beat_and_deals_no_damage(
    services, dice
) -> None:
    await party_of_three(services)
    await fight(services, {"Piper": "front"}, (("Brigand", 2, "front"),), made=True)
    await battle.skip(services, MC)
    dice.load(3, 4)  # 7 - Wind 1 - Dodge 2 = 4: a miss, and Piper strikes back
    answer = text(await battle.enemy_act(services, MC, "Brigand 2", "battle", "Piper"))
    assert "Under 8: Piper strikes back." in answer
    assert "The Sick Beat lands: 1 of Piper's conditions." in answer
    assert "Brigand 2 is Ablaze by Piper's Sick Beat." in answer
    assert "Brigand 2 loses" not in answer
    assert "Brigand 2: Health 4/4, armour 1, Ablaze" in (await board(services))["enemies front"]


async def test_d11_armour_is_offered_only_where_it_helps_with_the_pieces_left(
    services, dice
) -> None:
    await party_of_three(services)
    rows = {"Brunhild": "front", "Ilsa": "front"}
    await fight(services, rows, (("Centipede", 1, "front"), ("Brigand", 1, "front")), made=True)
    await battle.skip(services, MC)
    dice.load(2, 3)  # 5 + 1 - 1 = 5: a hit of 1, which Parry takes off (her 2 back lands)
    zero = await battle.enemy_act(services, MC, "Centipede", "battle", "Brunhild")
    assert "Parry: Brunhild takes 1 less." in text(zero)
    assert "/battle armour" not in text(zero) and zero.buttons == []
    with pytest.raises(PawpostError, match="only the latest hit"):
        await battle.spend_armour(services, ANN)
    await battle.skip(services, MC)  # Ilsa
    dice.load(5, 5)  # 10: Ilsa, who wears no armour, loses 2
    bare = await battle.enemy_act(services, MC, "Brigand", "battle", "Ilsa")
    assert "Ilsa loses 2 Health (2 left)." in text(bare) and bare.buttons == []
    dice.load(5, 4)  # the Centipede hits Brunhild for 1: a piece could take it
    await battle.skip(services, MC)
    hit = await battle.enemy_act(services, MC, "Centipede", "battle", "Brunhild")
    assert "/battle armour negates up to 1 of it (2 pieces left)." in text(hit)
    assert [b.label for b in hit.buttons] == ["Expend armour against that hit (2 pieces left)"]


async def test_d15_the_cloier_s_attack_meets_the_target_s_defences(services, dice) -> None:
    await party_of_three(services)
    rows = {"Piper": "front", "Brunhild": "front"}
    await fight(services, rows, (("Cloier", 1, "front"),), made=True)
    await battle.skip(services, MC)
    dice.load(1, 2)  # 3 + Wood 5 - Piper's Wind 1 - 2 Dodge = 5: a hit, divided; under 8
    blow = text(await battle.enemy_act(services, MC, "Cloier", "battle", "Piper"))
    assert "− 1 Piper's Wind − 2 Dodge = **5**" in blow
    assert "Cloier attacks all around: 2 in its reach." in blow
    assert "Piper loses 3 Health (0 left): dead!" in blow
    # Piper's blow back adds up with the one that killed her, and a Pacifist strikes none.
    assert "Under 8: Piper strikes back." in blow and "The Sick Beat lands" in blow


async def test_d17_vitality_and_anesthesia_hold_against_drowning_and_poison(services, dice) -> None:
    await party_of_three(services)
    held = await sheet(services, "Brunhild")
    await set_sheet(
        services,
        "Brunhild",
        skills=(*held.skills, "athletics:vitality"),
        health=2,
        conditions=(ActiveCondition(condition=Condition.BOUND),),
    )
    await fight(services, {"Brunhild": "front", "Ilsa": "front"}, (("Kraken", 1, "front"),),
                made=True, order="Ilsa, Brunhild")  # fmt: skip
    await battle.skip(services, MC)  # Ilsa
    drowned = text(await battle.skip(services, MC))  # the Kraken: Brunhild's turn, she drowns
    assert "Brunhild loses 2 Health to drowning (0 left)." in drowned
    assert "Brunhild would die, but Vitality holds" in drowned
    assert (await sheet(services, "Brunhild")).health == 1
    anesthetised = ActiveCondition(condition=Condition.FATIGUE, note="Anesthesia")
    await set_sheet(
        services,
        "Ilsa",
        conditions=(anesthetised,),
        poisoning=Poisoning(duration=4, poisons=("Charybdon",)),
    )
    await battle.skip(services, MC)  # Brunhild
    await battle.skip(services, MC)  # the Kraken
    dice.load(6, 6, 1, 1)  # Ilsa's Fatigue roll (she may act), then her Flee (6-)
    poisoned = text(await battle.flee_in_battle(services, BOBS))
    assert "Anesthesia: Ilsa loses no more than 1 Health." in poisoned
    assert "Ilsa loses 1 Health to the poison (3 left)." in poisoned


async def test_d23_a_lucidian_in_sunlight_takes_one_less_and_an_orclach_feeds_on_a_kill(
    services, dice
) -> None:
    await party_of_three(services)
    await set_sheet(services, "Brunhild", race=Race.LUCIDIAN)
    await set_sheet(services, "Ilsa", race=Race.ORCLACH, health=2)
    await battle.start(services, MC, sunlight="yes")
    await battle.join(services, ANN, "front")
    await battle.join(services, BOBS, "front")
    await battle.add_enemy(services, MC, "Urchin")
    await battle.add_enemy(services, MC, "Brigand")
    await battle.set_order(services, MC, "Ilsa, Brunhild")
    dice.load(4, 5)  # Ilsa's 9 + Fire 3 + the Urchin's Metal 2: its 1 Health is gone
    killed = text(await battle.attack(services, BOBS, "Urchin"))
    assert "Orclach: Ilsa regains 1 Health for the kill (3)." in killed
    dice.load(5, 5)
    lit = text(await battle.enemy_act(services, MC, "Brigand", "battle", "Brunhild"))
    assert "Brunhild is a Lucidian in sunlight: 1 less damage." in lit
    assert "Brunhild loses 1 Health (6 left)." in lit


async def test_d24_the_mc_s_damage_in_battle_is_a_death_the_battle_sees(services) -> None:
    await party_of_three(services)
    rows = {"Brunhild": "front", "Ilsa": "back"}
    await fight(services, rows, (("Brigand", 1, "front"),), made=True)
    await hurt(services, "Ilsa", 9)  # the core's /admin damage
    await battle.skip(services, MC)  # Brunhild
    passed = await battle.skip(services, MC)  # the Brigand: Ilsa is dead, Brunhild acts
    assert passed.lines[-1] == "**Next:** Brunhild's turn."
    assert "Ilsa (dead)" in (await board(services))["Out of the fight"]


async def test_d24_a_hit_that_takes_no_health_throws_nobody_back(services, dice) -> None:
    await party_of_three(services)
    await fight(services, {"Brunhild": "front"}, (("Centipede", 1, "front"),), made=True)
    inside = (
        (await state(services))
        .combatant(1)
        .model_copy(update={"among": "enemies", "row": Row.BACK})
    )
    await edit(services, lambda s: replace(s, inside))
    await battle.skip(services, MC)
    dice.load(2, 3)  # a hit of 1, which Parry takes off: nothing lost, twice nothing
    blow = text(await battle.enemy_act(services, MC, "Centipede", "battle", "Brunhild"))
    assert "Brunhild loses no Health (7 left)." in blow and "thrown back" not in blow
    assert (await state(services)).combatant(1).among == "enemies"
