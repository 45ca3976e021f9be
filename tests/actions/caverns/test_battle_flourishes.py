"""Flourishes in a battle through the verbs, on a real database with scripted dice: the buttons
after doubles, a pick applied or declined, stale and foreign presses, Assault's paid Flourish and
its two on doubles, Nerve Pinch, Lunge, Greater Implement, Destructive, Forceful, Area's division,
a creature's Flourish on the character it attacks, and Riposte."""

from __future__ import annotations

import pytest

from bot.actions import buttons
from bot.actions.caverns.battle import flourishes
from bot.actions.caverns.battle import rows as battle
from rules.caverns.afflictions import Moment, ends_at
from rules.caverns.conditions import Condition
from rules.errors import PawpostError
from tests.actions.caverns.helpers import ids, party_of_three, set_sheet, sheet
from tests.conftest import ADMIN, ALICE, BOB, CAROL, actor

MC = actor(ADMIN, admin=True)


async def ready(
    services,  # type: ignore[no-untyped-def]
    *,
    learns: tuple[str, ...] = (),
    ilsa_learns: tuple[str, ...] = (),
    ilsa_row: str = "back",
    creatures: tuple[str, ...] = (),
) -> None:
    """Brunhild (Sword: Disarm) in front, Ilsa and Piper behind, against two Brigands (Wind 1,
    armour 1), two Goblins (no armour, Health 5) and any creatures named."""
    await party_of_three(services)
    # Her Animal Companion's Entourage would ignore the Brigands' Flourishes and counters (l. 383).
    hunter = await sheet(services, "Brunhild")
    await set_sheet(
        services,
        "Brunhild",
        skills=tuple(k for k in hunter.skills if k != "hunting:animal-companion"),
    )
    if learns:
        await set_sheet(
            services, "Brunhild", skills=(*(await sheet(services, "Brunhild")).skills, *learns)
        )
    if ilsa_learns:
        await set_sheet(
            services, "Ilsa", skills=(*(await sheet(services, "Ilsa")).skills, *ilsa_learns)
        )
    await battle.start(services, MC)
    await battle.join(services, actor(ALICE), "front")
    await battle.join(services, actor(BOB), ilsa_row)
    await battle.join(services, actor(CAROL), "back")
    await battle.add_enemy(services, MC, "brigand", count=2)
    for _ in range(2):
        await battle.add_custom(services, MC, "Goblin", 5, 1, 0, "0, 0, 0, 0, 0")
    for creature in creatures:
        await battle.add_enemy(services, MC, creature)
    await battle.set_order(services, MC, "Brunhild, Ilsa, Piper")


async def press(services, user, custom_id: str):  # type: ignore[no-untyped-def]
    return await buttons.press(services, actor(user), custom_id)


async def status(services) -> dict[str, str]:  # type: ignore[no-untyped-def]
    shown = await battle.status(services, MC)
    return {f.name: f.value for f in shown.fields}


async def test_doubles_offer_the_weapon_s_and_the_skills_flourishes_and_a_pick_applies(
    services, dice
) -> None:
    await ready(services, learns=("combat:crush",))
    dice.load(4, 4)  # 8 + Wood 2 - the Brigand's Wind 1 = 9: a hit, safe, doubles
    hit = await battle.attack(services, actor(ALICE), "Brigand")
    assert "Doubles: Brunhild may apply a Flourish (the buttons below), or none." in hit.lines
    offered = ids(hit)
    assert list(offered) == ["Flourish: Disarm", "Flourish: Broken Limb", "No flourish"]
    with pytest.raises(PawpostError, match="Only Brunhild's player picks its Flourish."):
        await press(services, BOB, offered["Flourish: Broken Limb"])
    picked = await press(services, ALICE, offered["Flourish: Broken Limb"])
    assert picked.lines[:2] == [
        "Brunhild's Flourish: Broken Limb.",
        "Brigand is nursing a Broken Limb.",
    ]
    assert picked.buttons == []
    assert "Brigand: Health 4/4, armour 0, Broken Limb" in (await status(services))["enemies front"]
    with pytest.raises(PawpostError, match="stale"):
        await press(services, ALICE, offered["Flourish: Disarm"])


async def test_declining_applies_nothing_and_the_next_action_loses_an_unchosen_one(
    services, dice
) -> None:
    await ready(services)
    dice.load(4, 4)
    hit = await battle.attack(services, actor(ALICE), "Brigand")
    declined = await press(services, ALICE, ids(hit)["No flourish"])
    assert declined.lines[0] == "Brunhild uses no Flourish."
    assert "Brigand: Health 4/4, armour 0" in (await status(services))["enemies front"]
    assert "Disarm" not in (await status(services))["enemies front"]
    await battle.skip(services, MC)  # the enemies
    await battle.skip(services, MC)  # Ilsa
    await battle.skip(services, MC)  # the enemies
    await battle.skip(services, MC)  # Piper
    await battle.skip(services, MC)  # the enemies
    dice.load(5, 5)  # 10 + 2 - the Goblin's Wind 0 = 12
    again = await battle.attack(services, actor(ALICE), "Goblin")
    # The battle waits for it (issue 29 §3) until the MC moves on with /battle skip.
    with pytest.raises(PawpostError, match="The battle waits for Brunhild's Flourish"):
        await battle.enemy_act(services, MC, "Goblin", "battle", "Brunhild")
    answer = await battle.skip(services, MC)
    assert answer.lines[0] == "Brunhild's unchosen Flourish is lost."
    with pytest.raises(PawpostError, match="stale"):
        await press(services, ALICE, ids(again)["Flourish: Disarm"])


async def test_assault_pays_for_one_flourish_without_doubles_and_gives_two_with(
    services, dice
) -> None:
    await ready(services, learns=("combat:crush",))
    dice.load(2, 5)  # 7 + 2 - 1 = 8: a hit, no doubles, but Assault was paid
    hit = await battle.attack(services, actor(ALICE), "Brigand", boost="assault")
    assert "Assault: Brunhild may apply a Flourish (the buttons below), or none." in hit.lines
    assert (await sheet(services, "Brunhild")).harmony == 2
    await press(services, ALICE, ids(hit)["Flourish: Disarm"])
    for _ in range(5):
        await battle.skip(services, MC)
    dice.load(3, 3)  # 6 + 2 - the Goblin's Wind 0 = 8: a hit, safe, doubles
    double = await battle.attack(services, actor(ALICE), "Goblin", boost="assault")
    assert (
        "Assault and doubles: Brunhild may apply 2 Flourishes (the buttons below), or none."
        in double.lines
    )
    first = await press(services, ALICE, ids(double)["Flourish: Disarm"])
    assert "Goblin is Disarmed." in first.lines
    assert list(ids(first)) == ["Flourish: Broken Limb", "No flourish"]
    second = await press(services, ALICE, ids(first)["Flourish: Broken Limb"])
    assert "Goblin is nursing a Broken Limb." in second.lines
    assert second.buttons == []
    assert (await sheet(services, "Brunhild")).harmony == 1
    shown = (await status(services))["enemies front"]
    assert "Goblin: Health 3/5, armour 0, Disarm, Broken Limb" in shown


async def test_two_flourishes_keep_the_armour_button_of_the_same_exchange(services, dice) -> None:
    await ready(services, learns=("combat:crush",))
    dice.load(2, 2)  # 4 + 2 - 1 = 5: a hit, not safe: the Brigand strikes back
    hit = await battle.attack(services, actor(ALICE), "Brigand", boost="assault")
    assert list(ids(hit)) == [
        "Expend armour against that hit (2 pieces left)",
        "Flourish: Disarm",
        "Flourish: Broken Limb",
        "No flourish",
    ]
    first = await press(services, ALICE, ids(hit)["Flourish: Broken Limb"])
    armoured = "Expend armour against that hit (2 pieces left)"
    assert list(ids(first)) == [armoured, "Flourish: Disarm", "No flourish"]
    armour = await press(services, ALICE, ids(first)[armoured])
    assert "takes 2 of the blow" in armour.lines[0]
    assert list(ids(armour)) == ["Flourish: Disarm", "No flourish"]
    done = await press(services, ALICE, ids(armour)["Flourish: Disarm"])
    assert "Brigand is Disarmed." in done.lines


async def test_nerve_pinch_adds_sleeping_and_lunge_reaches_a_row_further(services, dice) -> None:
    await ready(
        services, learns=("combat:nerve-pinch", "combat:lunge"), ilsa_learns=("combat:lunge",)
    )
    with pytest.raises(
        PawpostError, match="Brigand is in your reach already; Lunge is not needed."
    ):
        await battle.attack(services, actor(ALICE), "Brigand", boost="lunge")
    dice.load(4, 4)
    hit = await battle.attack(services, actor(ALICE), "Brigand", boost="nerve-pinch")
    assert list(ids(hit)) == ["Flourish: Disarm", "Flourish: Sleeping", "No flourish"]
    asleep = await press(services, ALICE, ids(hit)["Flourish: Sleeping"])
    assert "Brigand is Asleep." in asleep.lines
    assert (await sheet(services, "Brunhild")).harmony == 2
    await battle.skip(services, MC)
    # Ilsa stands in the back row with a melee staff: the Brigands are two rows away.
    with pytest.raises(PawpostError, match="out of your melee reach"):
        await battle.attack(services, actor(BOB), "Brigand 2")
    dice.load(1, 2)
    lunged = await battle.attack(services, actor(BOB), "Brigand 2", boost="lunge")
    assert lunged.lines[0].startswith("Ilsa does battle with Brigand 2.\n2d6 [1, 2] + Fire 3")
    assert (await sheet(services, "Ilsa")).harmony == 2


async def test_greater_implement_pays_for_forceful_without_doubles(services, dice) -> None:
    await ready(services, ilsa_learns=("magery:greater-implement",), ilsa_row="front")
    await battle.skip(services, MC)
    await battle.skip(services, MC)
    dice.load(6, 5)  # no doubles: Forceful all the same
    hit = await battle.attack(services, actor(BOB), "Brigand", boost="greater-implement")
    assert "Greater Implement: the attack is Forceful." in hit.lines
    assert "Forceful: Brigand is shoved into its back row." in hit.lines
    assert hit.buttons == []
    assert (await sheet(services, "Ilsa")).harmony == 2
    assert "Brigand: Health" in (await status(services))["enemies back"]
    for _ in range(5):
        await battle.skip(services, MC)
    with pytest.raises(PawpostError, match="do not have the Assault skill"):
        await battle.attack(services, actor(BOB), "Goblin", boost="assault")


async def test_destructive_ignores_the_npc_s_armour(services, dice) -> None:
    await ready(services, learns=("combat:sunder",))
    dice.load(4, 4)
    hit = await battle.attack(services, actor(ALICE), "Brigand")
    assert "Brigand loses 0 Health (a piece of its armour takes up to 3) (4 left)." in hit.lines
    broke = await press(services, ALICE, ids(hit)["Flourish: Destructive"])
    assert broke.lines[:3] == [
        "Brunhild's Flourish: Destructive.",
        "Destructive: Brigand's armour does not stop the blow.",
        "Brigand loses 2 Health (2 left).",
    ]
    assert "Brigand: Health 2/4, armour 1" in (await status(services))["enemies front"]


async def test_forceful_shoves_a_front_row_target_into_its_back_row(services, dice) -> None:
    await ready(services, learns=("athletics:barge",))
    dice.load(4, 4)
    hit = await battle.attack(services, actor(ALICE), "Goblin")
    shoved = await press(services, ALICE, ids(hit)["Flourish: Forceful"])
    assert "Forceful: Goblin is shoved into its back row." in shoved.lines
    rows = await status(services)
    assert "Goblin: Health 3/5" in rows["enemies back"]
    assert "Goblin: Health" not in rows["enemies front"].replace("Goblin 2", "")


async def test_area_divides_the_damage_between_enemies_in_reach(services, dice) -> None:
    await ready(services, learns=("combat:cleave",))
    dice.load(4, 4)  # 10 on a Goblin: it loses Brunhild's 2
    hit = await battle.attack(services, actor(ALICE), "Goblin")
    assert "Goblin loses 2 Health (3 left)." in hit.lines
    area = await press(services, ALICE, ids(hit)["Flourish: Area"])
    assert (
        "Area: Brunhild divides the 2 Damage between enemies in reach with /battle area "
        'targets:"A 1, B 1".' in area.lines
    )
    assert area.buttons == []
    with pytest.raises(PawpostError, match="Only Brunhild's player divides its damage."):
        await flourishes.divide_area(services, actor(BOB), "Goblin 1, Goblin 2 1")
    with pytest.raises(PawpostError, match="two or more different enemies"):
        await flourishes.divide_area(services, actor(ALICE), "Goblin 2")
    with pytest.raises(PawpostError, match="divide exactly your 2 Damage"):
        await flourishes.divide_area(services, actor(ALICE), "Goblin 2, Goblin 2 2")
    split = await flourishes.divide_area(services, actor(ALICE), "Goblin 1, Goblin 2: 1")
    assert split.lines[:3] == [
        "Brunhild divides the blow: the hit on Goblin is undone.",
        "Goblin loses 1 Health (4 left).",
        "Goblin 2 loses 1 Health (4 left).",
    ]
    with pytest.raises(PawpostError, match="No Area damage is waiting"):
        await flourishes.divide_area(services, actor(ALICE), "Goblin 1, Goblin 2 1")


async def test_an_enemy_s_doubles_apply_its_creature_s_flourish(services, dice) -> None:
    await ready(
        services,
        learns=("acrobatics:contortion",),
        creatures=("Albino Eel", "Centipede", "Rockeater"),
    )
    await battle.skip(services, MC)  # Brunhild
    dice.load(3, 3)  # 6 + the Eel's Wood 2 - Brunhild's Wind 1 = 7: a hit, doubles
    eel = await battle.enemy_act(services, MC, "Albino Eel", "battle", "Brunhild")
    assert "Doubles: Albino Eel's Flourish, Sensitivity." in eel.lines
    assert "Brunhild is Sensitive." in eel.lines
    active = (await sheet(services, "Brunhild")).condition(Condition.SENSITIVITY)
    assert active is not None and active.from_flourish
    assert ends_at(active, Moment.SHORT_REST)  # Sensitivity alone would not end at a rest
    await battle.skip(services, MC)  # Ilsa
    dice.load(2, 2)  # the Centipede's Prone: Contortion makes her immune
    centipede = await battle.enemy_act(services, MC, "Centipede", "battle", "Brunhild")
    assert "Brunhild: This character is immune to Prone (Contortion)." in centipede.lines
    assert not (await sheet(services, "Brunhild")).has_condition(Condition.PRONE)
    await battle.skip(services, MC)  # Piper
    dice.load(5, 5)  # 10 + 1 - 1: the Rockeater hits, Destructive
    rock = await battle.enemy_act(services, MC, "Rockeater", "battle", "Brunhild")
    assert "Doubles: Rockeater's Flourish is Destructive; armour cannot help." in rock.lines
    assert rock.buttons == []
    with pytest.raises(PawpostError, match="only the latest hit"):
        await battle.spend_armour(services, actor(ALICE))


async def test_riposte_offers_a_flourish_on_the_counter_to_a_harmless_attack(
    services, dice
) -> None:
    await ready(services, learns=("combat:riposte",))
    await battle.skip(services, MC)  # Brunhild
    dice.load(6, 5)  # 11 - 1: the Brigand hits her: no Riposte
    hit = await battle.enemy_act(services, MC, "Brigand", "battle", "Brunhild")
    assert not any("Riposte" in line for line in hit.lines)
    await battle.skip(services, MC)  # Ilsa
    dice.load(1, 2)  # 3 + Wood 0 - 1: a miss; she strikes back
    missed = await battle.enemy_act(services, MC, "Brigand 2", "battle", "Brunhild")
    assert (
        "Riposte: Brunhild may apply a Flourish to the counter attack (the buttons below), or none."
        in missed.lines
    )
    assert list(ids(missed)) == ["Flourish: Disarm", "No flourish"]
    disarmed = await press(services, ALICE, ids(missed)["Flourish: Disarm"])
    assert "Brigand 2 is Disarmed." in disarmed.lines


async def test_area_may_give_a_share_to_the_enemy_the_blow_killed(services, dice) -> None:
    await ready(services, learns=("combat:cleave",), creatures=("Urchin",))
    dice.load(4, 4)  # 8 + 2 + the Urchin's Wind 2 = 12: its 1 Health is gone
    hit = await battle.attack(services, actor(ALICE), "Urchin")
    assert "Urchin loses 1 Health (0 left): it dies!" in hit.lines
    await press(services, ALICE, ids(hit)["Flourish: Area"])
    split = await flourishes.divide_area(services, actor(ALICE), "Urchin 1, Goblin 1")
    assert split.lines[:3] == [
        "Brunhild divides the blow: the hit on Urchin is undone.",
        "Urchin loses 1 Health (0 left): it dies!",
        "Goblin loses 1 Health (4 left).",
    ]
    rows = await status(services)
    assert "Goblin: Health 4/5" in rows["enemies front"]
    assert "Urchin (dead)" in rows["Out of the fight"]


async def test_an_entourage_turns_aside_an_enemy_s_flourish(services, dice) -> None:
    await ready(services, creatures=("Albino Eel",))
    hunter = await sheet(services, "Brunhild")
    await set_sheet(services, "Brunhild", skills=(*hunter.skills, "hunting:animal-companion"))
    await battle.skip(services, MC)  # Brunhild
    dice.load(3, 3)  # 6 + the Eel's Wood 2 - Brunhild's Wind 1 = 7: a hit, doubles
    eel = await battle.enemy_act(services, MC, "Albino Eel", "battle", "Brunhild")
    assert "Brunhild's Entourage turns the Flourish aside (l. 383)." in eel.lines
    assert not (await sheet(services, "Brunhild")).has_condition(Condition.SENSITIVITY)
