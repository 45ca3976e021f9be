"""Skills of Combat, Magery, Nature, Music, Athletics, Acrobatics, Totems and Rituals in a battle
on a real database (book l. 155-221, Entourages l. 383), with scripted dice: Brunhild (a
Warrior with an Animal Companion and Parry), Ilsa (an Elementalist) and Piper (a Bard with
Dodge) against enemies made up for each test, given each test's skills first."""

from __future__ import annotations

from typing import Any

import pytest

from bot.actions.caverns import skill_uses
from bot.actions.caverns.battle import rows as battle
from bot.actions.caverns.battle.scene import find_battle
from rules.caverns.battle.rows import replace
from rules.caverns.conditions import ActiveCondition, Condition
from rules.caverns.skills import SKILLS, Totem
from rules.errors import PawpostError
from tests.actions.caverns.battle_setups import edit, state
from tests.actions.caverns.helpers import party_of_three, set_sheet, sheet
from tests.conftest import ADMIN, ALICE, BOB, CAROL, actor

MC = actor(ADMIN, admin=True)
OGRE = "0, 1, 0, 0, 0"  # Wind, Wood, Water, Fire, Metal: Wind 0 so attacks add just Wood


async def learn(services, name: str, *keys: str, **changes: Any) -> None:  # type: ignore[no-untyped-def]
    """Give a character skills (and other sheet changes) before the battle; a skill of a
    skillset they lack takes their tertiary's place."""
    before = await sheet(services, name)
    skillsets = list(before.skillsets)
    for key in keys:
        wanted = SKILLS[key].skillset
        if wanted not in skillsets:
            skillsets[2] = wanted
    await set_sheet(
        services, name, skills=(*before.skills, *keys), skillsets=tuple(skillsets), **changes
    )


async def unlearn(services, name: str, key: str) -> None:  # type: ignore[no-untyped-def]
    known = (await sheet(services, name)).skills
    await set_sheet(services, name, skills=tuple(k for k in known if k != key))


async def fight(  # type: ignore[no-untyped-def]
    services,
    *enemies: tuple[str, int, int],
    rows: tuple[str, str, str] = ("front", "back", "front"),
    reach: str = "melee",
    enemy_row: str = "front",
) -> None:
    """Brunhild, Ilsa and Piper take their rows; each enemy is (name, Health, Damage) with no
    armour, Wind 0 and Wood 1; Brunhild acts first."""
    await battle.start(services, MC)
    joining = sorted(zip((ALICE, BOB, CAROL), rows, strict=True), key=lambda j: j[1] == "back")
    for user, row in joining:  # the front row first, or the back row would move up
        await battle.join(services, actor(user), row)
    for name, health, damage in enemies or (("Ogre", 6, 3),):
        await battle.add_custom(
            services, MC, name, health, damage, 0, OGRE, row=enemy_row, reach=reach
        )
    await battle.set_order(services, MC, "Brunhild, Ilsa, Piper")


def text(reply) -> str:  # type: ignore[no-untyped-def]
    return "\n".join(reply.lines)


async def status_of(services, side_row: str) -> str:  # type: ignore[no-untyped-def]
    shown = await battle.status(services, MC)
    return {f.name: f.value for f in shown.fields}[side_row]


async def use(services, user: int, name: str, target: str | None = None):  # type: ignore[no-untyped-def]
    return await skill_uses.use(services, actor(user), name, target)


# --- Combat ---------------------------------------------------------------------------------


async def test_parry_takes_one_less_when_the_counter_attack_wounds(services, dice) -> None:
    await party_of_three(services)
    await fight(services)
    await battle.skip(services, MC)
    dice.load(2, 3)  # 5 + the Ogre's Wood 1 - Brunhild's Wind 1 = 5: a hit and a counter-attack
    answer = text(await battle.enemy_act(services, MC, "Ogre", "battle", "Brunhild"))
    assert "Parry: Brunhild takes 1 less." in answer
    assert "Brunhild loses 2 Health (5 left)." in answer
    assert "Ogre loses 2 Health (4 left)." in answer


async def test_no_parry_when_the_counter_attack_does_no_damage(services, dice) -> None:
    await party_of_three(services)
    await fight(services)
    await battle.skip(services, MC)
    await battle.add_custom(services, MC, "Knight", 6, 3, 1, OGRE)  # one piece of armour
    dice.load(2, 3)
    answer = text(await battle.enemy_act(services, MC, "Knight", "battle", "Brunhild"))
    assert "Parry" not in answer and "Brunhild loses 3 Health (4 left)." in answer


async def test_disengage_gives_a_free_point_of_armour_while_fleeing(services, dice) -> None:
    await party_of_three(services)
    await learn(services, "Brunhild", "combat:disengage")
    await fight(services)
    dice.load(1, 1)  # Brunhild flees front to back: +Wind 1 = 3, she stays
    fled = text(await battle.flee_in_battle(services, actor(ALICE)))
    assert "Disengage: Brunhild has a free point of Armour while fleeing." in fled
    dice.load(5, 5)
    hit = text(await battle.enemy_act(services, MC, "Ogre", "battle", "Brunhild"))
    assert (
        "Brunhild loses 3 Health (4 left). /battle armour negates up to 3 of it (3 pieces left)."
        in hit
    )
    saved = await battle.spend_armour(services, actor(ALICE))
    assert (
        "Disengage's free Armour: 3 of the blow negated (7 Health; 2 pieces left)."
        in saved.lines[0]
    )
    after = await sheet(services, "Brunhild")
    assert after.health == 7 and after.intact_armour == 2  # her own armour is whole


# --- Entourages -----------------------------------------------------------------------------


async def test_an_entourage_ignores_counter_attacks_save_from_area(services, dice) -> None:
    await party_of_three(services)
    await fight(services)
    dice.load(1, 2)  # Brunhild misses: under 8, but her Animal Companion's Entourage shields her
    missed = text(await battle.attack(services, actor(ALICE), "Ogre"))
    assert "Under 8, but Ogre's counter-attack cannot reach." in missed
    assert (await sheet(services, "Brunhild")).health == 7


async def test_a_village_leader_s_guards_ignore_the_counter_until_they_fall(services, dice) -> None:
    await party_of_three(services)
    await unlearn(services, "Brunhild", "hunting:animal-companion")
    await fight(services)
    dice.load(1)  # 1d6: the Village Leader comes with one guard
    await battle.add_enemy(services, MC, "Village Leader")
    await battle.skip(services, MC)
    dice.load(1, 1)  # 2 + Wood 1 - Wind 1: a miss, and Brunhild would strike back
    answer = text(await battle.enemy_act(services, MC, "Village Leader", "battle", "Brunhild"))
    assert "Under 8, but Brunhild's counter-attack cannot reach." in answer
    assert "Village Leader loses" not in answer


# --- Music ----------------------------------------------------------------------------------


async def test_the_sick_beat_inflicts_the_bard_s_conditions_and_encore_adds(services, dice) -> None:
    await party_of_three(services)
    await learn(services, "Piper", "music:encore")
    await fight(services, ("Ogre", 6, 3), ("Imp", 1, 1))
    await battle.skip(services, MC)
    await battle.skip(services, MC)
    await battle.skip(services, MC)  # Ilsa
    await battle.skip(services, MC)
    dice.load(4, 4)  # Piper's Fire 3 - the Ogre's Wind 0 + 8 = 11: a hit of 1 Damage
    beat = text(await battle.attack(services, actor(CAROL), "Ogre"))
    assert "The Sick Beat lands: 1 of Piper's conditions." in beat
    assert "Ogre is Ablaze by Piper's Sick Beat." in beat
    assert "Ogre: Health 6/6, armour 0, Ablaze" in await status_of(services, "enemies front")
    dice.load(6, 6)  # Brunhild kills the Imp: Encore
    await battle.skip(services, MC)
    killed = text(await battle.attack(services, actor(ALICE), "Imp"))
    assert "Encore: Piper's next musical attack does +1 Damage." in killed
    await battle.skip(services, MC)
    await battle.skip(services, MC)  # Ilsa
    await battle.skip(services, MC)
    dice.load(4, 4)  # 2 Damage: two conditions, the ones the Ogre lacks first
    again = text(await battle.attack(services, actor(CAROL), "Ogre"))
    assert "The Sick Beat lands: 2 of Piper's conditions." in again
    assert "Ogre is Bound" in again and "Ogre is Confused" in again
    await battle.skip(services, MC)
    await battle.skip(services, MC)
    await battle.skip(services, MC)
    await battle.skip(services, MC)
    await battle.skip(services, MC)
    dice.load(4, 4)  # Encore was spent: 1 Damage again
    spent = text(await battle.attack(services, actor(CAROL), "Ogre"))
    assert "The Sick Beat lands: 1 of Piper's conditions." in spent


async def test_fugue_cures_each_ally_of_a_condition_the_bard_did_not_choose(services) -> None:
    await party_of_three(services)
    await set_sheet(
        services, "Brunhild", conditions=(ActiveCondition(condition=Condition.FATIGUE),)
    )
    await set_sheet(services, "Ilsa", conditions=(ActiveCondition(condition=Condition.FATIGUE),))
    await fight(services)
    for _ in range(4):
        await battle.skip(services, MC)
    with pytest.raises(PawpostError, match="did not choose: Disloyalty, Fatigue, Sickness"):
        await use(services, CAROL, "Fugue", "ablaze")
    played = await use(services, CAROL, "Fugue", "fatigue")
    assert "Fugue: Brunhild, Ilsa is free of Fatigue." in played.lines
    assert played.lines[-1].startswith("**Next:** The enemies' turn: the MC picks one to act")
    assert not (await sheet(services, "Ilsa")).conditions


async def _npc_ends(services, name: str, condition: Condition, rolled: bool):  # type: ignore[no-untyped-def]
    """What the conditions' cure roll does when an NPC ends a condition by its own roll."""

    def run(tx):  # type: ignore[no-untyped-def]
        _, scene = find_battle(tx, MC)
        assert scene is not None
        scene.relieve(scene.state.by_name(name), condition, rolled=rolled)
        return scene.commit(MC, "cure", f"{name} ends {condition.label}", services.clock())

    return await services.db.transact(run)


async def test_refrain_and_discordant_chords_answer_an_ended_sick_beat(services, dice) -> None:
    await party_of_three(services)
    await learn(services, "Piper", "music:refrain", "music:discordant-chords")
    await fight(services)
    for _ in range(4):
        await battle.skip(services, MC)
    dice.load(4, 4)
    await battle.attack(services, actor(CAROL), "Ogre")  # Ablaze
    ended = text(await _npc_ends(services, "Ogre", Condition.ABLAZE, rolled=True))
    assert "Discordant Chords: Piper's music bites as it shakes it off." in ended
    assert "Ogre loses 1 Health (5 left)." in ended
    assert "Refrain: Piper may play it again now, for 1 Harmony" in ended
    again = text(await use(services, CAROL, "Refrain", "Ogre"))
    assert "Ogre is Ablaze by Piper's Refrain." in again
    assert (await sheet(services, "Piper")).harmony == 2
    with pytest.raises(PawpostError, match="has just ended"):
        await use(services, CAROL, "Refrain", "Ogre")
    assert (await sheet(services, "Piper")).harmony == 2  # the refusal cost nothing
    # Ended by someone else's hand, not its roll: no Discordant Chords.
    quiet = text(await _npc_ends(services, "Ogre", Condition.ABLAZE, rolled=False))
    assert "Discordant" not in quiet and "Refrain: Piper may" in quiet


async def test_discordant_chords_bites_when_an_enemy_ends_a_sick_beat_by_its_own_roll(
    services, dice
) -> None:
    await party_of_three(services)
    await learn(services, "Piper", "music:refrain", "music:discordant-chords")
    await fight(services)
    for _ in range(4):
        await battle.skip(services, MC)
    dice.load(3, 4)  # 7 + Fire 3: a hit, and the Sick Beat sets the Ogre Ablaze
    await battle.attack(services, actor(CAROL), "Ogre")
    dice.load(3, 3, 6, 6)  # the fire burns 1; its Water 6 puts it out; then it attacks
    acted = text(await battle.enemy_act(services, MC, "Ogre", "battle", "Brunhild"))
    assert "Ogre puts the fire out." in acted
    assert "Discordant Chords: Piper's music bites as it shakes it off." in acted
    assert "Ogre loses 1 Health (4 left)." in acted  # 6 - 1 burnt - 1 Discordant Chords
    assert "Refrain: Piper may play it again now, for 1 Harmony" in acted


async def test_discordant_chords_bites_when_an_enemy_resists_a_sick_beat(services, dice) -> None:
    await party_of_three(services)
    await learn(services, "Piper", "music:discordant-chords",
                sick_beat=(Condition.CONFUSED, Condition.ABLAZE, Condition.BOUND))  # fmt: skip
    await fight(services)
    for _ in range(4):
        await battle.skip(services, MC)
    dice.load(3, 4)  # a hit: the Ogre is Confused
    await battle.attack(services, actor(CAROL), "Ogre")
    dice.load(4, 4, 1, 2)  # its Metal roll 8 resists (1 of 3 rolls); then it attacks
    acted = text(await battle.enemy_act(services, MC, "Ogre", "battle", "Brunhild"))
    assert "Discordant Chords: Piper's music bites as it shakes it off." in acted
    assert "Ogre loses 1 Health (5 left)." in acted
    assert "Refrain" not in acted  # Confused has not ended
    dice.load(1, 1)  # a failed roll resists nothing: no bite (and the turn is wasted)
    for _ in range(3):
        await battle.skip(services, MC)
    again = text(await battle.enemy_act(services, MC, "Ogre", "battle", "Brunhild"))
    assert "Discordant" not in again
    for _ in range(3):
        await battle.skip(services, MC)
    ogre = (await state(services)).by_name("Ogre")
    one_left = {"health": 1}
    await edit(services, lambda s: replace(s, s.combatant(ogre.id).model_copy(update=one_left)))
    dice.load(5, 5)  # the third roll succeeds and ends it: the bite kills, and it does not act
    last = text(await battle.enemy_act(services, MC, "Ogre", "battle", "Brunhild"))
    assert "Ogre loses 1 Health (0 left): it dies!" in last
    assert "Ogre does battle" not in last


# --- Magery, Nature -------------------------------------------------------------------------


async def test_beguiling_entrances_an_enemy_without_an_action(services) -> None:
    await party_of_three(services)
    await learn(services, "Ilsa", "magery:beguiling")
    await fight(services)
    charmed = await use(services, BOB, "Beguiling", "Ogre")  # Brunhild's turn: no action needed
    assert "Ogre is Entranced by Ilsa's charm." in charmed.lines
    assert charmed.lines[-1] == "**Next:** Brunhild's turn."
    assert (await sheet(services, "Ilsa")).harmony == 2


async def test_tree_form_reaches_from_the_back_row(services, dice) -> None:
    await party_of_three(services)
    await learn(services, "Brunhild", "nature:tree-form")
    before = await sheet(services, "Brunhild")
    assert before.max_health == 7 + 2  # + her Wood
    await fight(services, rows=("back", "front", "front"))
    dice.load(4, 4)
    hit = text(await battle.attack(services, actor(ALICE), "Ogre"))  # two rows away
    assert "Ogre loses 2 Health (4 left)." in hit


# --- Athletics ------------------------------------------------------------------------------


async def test_vitality_keeps_a_dying_character_at_one_health(services, dice) -> None:
    await party_of_three(services)
    await learn(services, "Ilsa", "athletics:vitality", health=2)
    await fight(services, rows=("front", "front", "back"))
    await battle.skip(services, MC)
    dice.load(6, 6)
    hit = text(await battle.enemy_act(services, MC, "Ogre", "battle", "Ilsa"))
    assert "Ilsa would die, but Vitality holds: 1 Harmony spent (+2), 1 Health left." in hit
    assert "Ilsa loses 2 Health (0 left).\nIlsa would die, but Vitality holds" in hit
    after = await sheet(services, "Ilsa")
    assert (after.health, after.harmony) == (1, 2)


async def test_transmute_in_battle_takes_the_action(services) -> None:
    await party_of_three(services)
    await learn(services, "Brunhild", "athletics:transmute", health=1)
    await fight(services)
    await battle.skip(services, MC)
    with pytest.raises(PawpostError, match="not Brunhild's turn"):
        await use(services, ALICE, "Transmute")
    for _ in range(5):
        await battle.skip(services, MC)
    done = await use(services, ALICE, "Transmute")
    assert "Brunhild spends 1 Vitae (2 left): Health is full (7)." in done.lines
    assert done.lines[-1].startswith("**Next:** The enemies' turn: the MC picks one to act")


# --- Acrobatics -----------------------------------------------------------------------------


async def test_dodge_and_handstand_hamper_enemies_in_melee_range(services, dice) -> None:
    await party_of_three(services)
    await learn(services, "Piper", "acrobatics:handstand")
    await fight(services)
    await battle.skip(services, MC)
    dice.load(3, 3)
    dodged = await battle.enemy_act(services, MC, "Ogre", "battle", "Piper")
    assert "− 2 Dodge" in dodged.lines[0]
    await battle.skip(services, MC)  # Ilsa
    await use(services, CAROL, "Handstand")
    dice.load(6, 6, 3, 3)  # the Ogre puts out the fire of Piper's Sick Beat, then attacks
    upended = await battle.enemy_act(services, MC, "Ogre", "battle", "Piper")
    assert "− 4 Dodge on a Handstand" in text(upended)


async def test_dodge_needs_no_armour_and_melee_range(services, dice) -> None:
    await party_of_three(services)
    await fight(services, rows=("front", "back", "back"), reach="ranged")
    await battle.skip(services, MC)
    dice.load(3, 3)
    far = await battle.enemy_act(services, MC, "Ogre", "battle", "Piper")
    assert "Dodge" not in far.lines[0]
    brunhild = await sheet(services, "Brunhild")
    await learn(services, "Brunhild", "acrobatics:dodge")
    await battle.skip(services, MC)
    dice.load(6, 6, 3, 3)  # the Ogre puts out the fire of Piper's Sick Beat, then attacks
    armoured = await battle.enemy_act(services, MC, "Ogre", "battle", "Brunhild")
    assert "Dodge" not in armoured.lines[0] and brunhild.armour


async def test_scissorflip_puts_opponents_in_melee_range_prone(services) -> None:
    await party_of_three(services)
    await learn(services, "Piper", "acrobatics:scissorflip")
    await fight(services, ("Ogre", 6, 3), ("Archer", 3, 1), rows=("front", "back", "front"))
    flipped = await use(services, CAROL, "Scissorflip")
    assert "Ogre is Prone by Piper's Scissorflip." in flipped.lines
    assert "Archer is Prone by Piper's Scissorflip." in flipped.lines


async def test_backflip_flees_right_after_a_melee_attack(services, dice) -> None:
    await party_of_three(services)
    await learn(services, "Piper", "acrobatics:backflip")
    await fight(services)
    for _ in range(4):
        await battle.skip(services, MC)
    dice.load(4, 4)
    attacked = text(await battle.attack(services, actor(CAROL), "Ogre"))
    assert "Backflip: you may flee right now (/skill use Backflip)." in attacked
    dice.load(5, 5)  # front to back (Ilsa is behind): +Wind 1 = 11
    flipped = await use(services, CAROL, "Backflip")
    assert "Piper backflips away (front-to-back)." in flipped.lines[0]
    assert "Piper" in await status_of(services, "party back")
    with pytest.raises(PawpostError, match="only right after your melee attack"):
        await use(services, CAROL, "Backflip")


# --- Totems ---------------------------------------------------------------------------------


async def test_lake_s_mist_stops_attacks_from_beyond_melee_until_cast_off(services, dice) -> None:
    await party_of_three(services)
    await learn(services, "Ilsa", "totems:patron-totem", patron_totem=Totem.LAKE)
    await fight(services, reach="ranged")
    await battle.skip(services, MC)
    with pytest.raises(PawpostError, match="Ilsa is shrouded in Lake's mist"):
        await battle.enemy_act(services, MC, "Ogre", "battle", "Ilsa")
    await battle.enemy_act(services, MC, "Ogre", "skill")  # nothing it can reach
    cast = await use(services, BOB, "Lake")
    assert "Ilsa casts off Lake's mist." in cast.lines
    assert "Ogre is Paranoid by Lake's mist." in cast.lines
    dice.load(1, 1)
    struck = await battle.enemy_act(services, MC, "Ogre", "battle", "Ilsa")
    assert "a miss" in text(struck)


async def test_crow_feeds_on_a_death_healing_or_adding_damage(services, dice) -> None:
    await party_of_three(services)
    await learn(services, "Brunhild", "totems:patron-totem", patron_totem=Totem.CROW)
    await learn(services, "Ilsa", "totems:crow", bound_totem=Totem.CROW, health=1)
    await fight(services, ("Imp", 1, 1), ("Ogre", 6, 3))
    dice.load(6, 6)
    killed = text(await battle.attack(services, actor(ALICE), "Imp"))
    assert "Crow: Brunhild, at full Health, gains +1 Damage until the next rest." in killed
    assert "Crow: Ilsa regains 3 Health (4)." in killed
    brunhild = await sheet(services, "Brunhild")
    assert (brunhild.crow_damage, brunhild.damage) == (1, 3)


async def test_stag_gives_health_and_its_death_gives_damage(services, dice) -> None:
    await party_of_three(services)
    await learn(services, "Ilsa", "totems:patron-totem", patron_totem=Totem.STAG, health=2)
    await set_sheet(services, "Brunhild", health=5)
    await fight(services)
    gave = await use(services, BOB, "Stag")
    assert "Ilsa gives 1 Health to the Stag (1 left)." in gave.lines
    assert "Brunhild regains 1 Health (6)." in gave.lines
    died = await use(services, BOB, "Stag")
    assert "Ilsa dies for the herd: every ally has +1 Damage for the rest of the battle." in (
        died.lines
    )
    dice.load(4, 4)
    hit = text(await battle.attack(services, actor(ALICE), "Ogre"))
    assert "Ogre loses 3 Health (3 left)." in hit


async def test_bear_heals_while_fatigued_then_gives_three_on_every_roll(services, dice) -> None:
    await party_of_three(services)
    await set_sheet(
        services,
        "Brunhild",
        health=5,
        conditions=(ActiveCondition(condition=Condition.FATIGUE),),
    )
    await learn(services, "Brunhild", "totems:patron-totem", patron_totem=Totem.BEAR)
    await fight(services)
    dice.load(1, 1)
    first = text(await battle.attack(services, actor(ALICE), "Ogre"))
    assert "Bear: Brunhild recovers 1 Health (6)." in first
    await set_sheet(services, "Brunhild", conditions=())
    await battle.skip(services, MC)
    await battle.skip(services, MC)
    await battle.skip(services, MC)
    await battle.skip(services, MC)
    await battle.skip(services, MC)
    dice.load(1, 1)
    risen = text(await battle.attack(services, actor(ALICE), "Ogre"))
    assert "Bear: Brunhild rises with +3 on all rolls." in risen
    assert "+ Bear 3 = **7**" in risen  # 2 + Wood 2 + 3
    slept = await use(services, ALICE, "Bear")
    assert "Brunhild curls up like a bear and falls Asleep." in slept.lines
    assert (await sheet(services, "Brunhild")).has_condition(Condition.SLEEPING)


async def test_lion_heals_on_do_battle_and_lends_damage_when_it_does_not(services, dice) -> None:
    await party_of_three(services)
    await learn(services, "Brunhild", "totems:patron-totem", patron_totem=Totem.LION, health=5)
    await fight(services, rows=("back", "front", "front"))
    dice.load(1, 1)  # Brunhild advances on a 6-: her turn passes without Do Battle
    await battle.advance_in_battle(services, actor(ALICE))
    await battle.skip(services, MC)
    dice.load(4, 4)
    lent = text(await battle.attack(services, actor(BOB), "Ogre"))
    assert "Ogre loses 4 Health (2 left)." in lent  # Ilsa's 3 and the Lion's 1
    await battle.skip(services, MC)
    await battle.skip(services, MC)  # Piper
    await battle.skip(services, MC)
    dice.load(4, 4)
    roared = text(await battle.attack(services, actor(ALICE), "Ogre"))
    assert "Lion: Brunhild regains 1 Health (6)." in roared


# --- Rituals --------------------------------------------------------------------------------


async def test_draconis_scales_take_a_blow_once_a_battle(services, dice) -> None:
    await party_of_three(services)
    await learn(services, "Ilsa", "rituals:draconis")
    await fight(services, rows=("front", "front", "back"))
    await battle.skip(services, MC)
    dice.load(3, 3)
    await battle.enemy_act(services, MC, "Ogre", "battle", "Ilsa")
    saved = await battle.spend_armour(services, actor(BOB))
    assert (
        "Draconis's dragon scales: 3 of the blow negated (4 Health; 0 pieces left)."
        in saved.lines[0]
    )


async def test_time_curse_and_defection_roll_with_no_modifiers(services, dice) -> None:
    await party_of_three(services)
    await learn(services, "Brunhild", "rituals:time-curse")
    await learn(services, "Ilsa", "rituals:defection")
    await fight(services)
    dice.load(4, 4)
    cursed = await use(services, ALICE, "Time Curse", "Ogre")
    assert "Brunhild performs Time Curse: 8+." in cursed.lines[0]
    assert "Ogre is lost in Aeon by Time Curse." in cursed.lines
    await battle.skip(services, MC)
    dice.load(3, 4)
    swayed = await use(services, BOB, "Defection", "Ogre")
    assert "Ilsa performs Defection: 7 or lower." in swayed.lines[0]
    assert "Ogre is Disloyal by Defection." in swayed.lines


async def test_revivify_spares_a_dead_ally_s_vitae(services, dice) -> None:
    await party_of_three(services)
    await learn(services, "Brunhild", "rituals:revivify")
    await set_sheet(services, "Ilsa", health=1)
    await fight(services, rows=("front", "front", "back"))
    with pytest.raises(PawpostError, match="not a dead ally"):
        await use(services, ALICE, "Revivify", "Ilsa")
    await battle.skip(services, MC)
    dice.load(6, 6)
    await battle.enemy_act(services, MC, "Ogre", "battle", "Ilsa")
    await use(services, ALICE, "Revivify", "Ilsa")
    closed = await battle.end(services, MC)
    assert "Ilsa returns at full Health, Revivify sparing the Vitae (6 left)." in closed.lines
    ilsa = await sheet(services, "Ilsa")
    assert (ilsa.health, ilsa.vitae) == (4, 6)
