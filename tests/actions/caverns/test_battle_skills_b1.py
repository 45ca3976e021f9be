"""Healing, Divination, Dreamweaving and Mysticism in a running battle (book l. 224-250): the
party of three against a Cave Fisher and two Brigands, each skill through `/skill use` or by
itself, with scripted dice."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from bot.actions.caverns import skill_uses
from bot.actions.caverns.battle import rows as battle
from bot.actions.caverns.battle.scene import find_battle
from bot.actions.caverns.skills import dreamweaving
from rules.caverns.battle.rows import BattleState
from rules.caverns.conditions import ActiveCondition, Condition
from rules.caverns.skills import SKILLS
from rules.errors import PawpostError
from tests.actions.caverns.helpers import party_of_three, set_sheet, sheet
from tests.conftest import ADMIN, ALICE, BOB, CAROL, actor

MC = actor(ADMIN, admin=True)
NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
PLAYERS = {"Brunhild": ALICE, "Ilsa": BOB, "Piper": CAROL}


async def learn(services: Any, name: str, *keys: str) -> None:
    """Give a character skills (and their skillsets first), as a level-up would have."""
    old = await sheet(services, name)
    sets = list(dict.fromkeys([*(SKILLS[k].skillset for k in keys), *old.skillsets]))[:3]
    await set_sheet(
        services, name, skillsets=tuple(sets), skills=tuple(dict.fromkeys([*old.skills, *keys]))
    )


async def afflict(services: Any, name: str, *conditions: Condition) -> None:
    await set_sheet(
        services, name, conditions=tuple(ActiveCondition(condition=c) for c in conditions)
    )


async def use(services: Any, name: str, skill: str, target: str | None = None) -> str:
    reply = await skill_uses.use(services, actor(PLAYERS[name]), skill, target)
    return "\n".join(reply.lines)


async def battle_ready(services: Any, order: str = "Brunhild, Ilsa, Piper") -> None:
    """The party against a Cave Fisher and two Brigands; Brunhild's Animal Companion stays at
    home (its Entourage would turn the Brigands' counter-attacks aside, l. 383)."""
    await party_of_three(services)
    hunter = (await sheet(services, "Brunhild")).skills
    await set_sheet(
        services, "Brunhild", skills=tuple(k for k in hunter if k != "hunting:animal-companion")
    )
    await battle.start(services, MC)
    await battle.join(services, actor(ALICE), "front")
    await battle.join(services, actor(BOB), "back")
    await battle.join(services, actor(CAROL), "back")
    await battle.add_enemy(services, MC, "Cave Fisher")
    await battle.add_enemy(services, MC, "brigand", count=2)
    await battle.set_order(services, MC, order)


async def state(services: Any) -> BattleState:
    def read(tx: Any) -> BattleState:
        _, scene = find_battle(tx, MC)
        assert scene is not None
        return scene.state

    found: BattleState = await services.db.transact(read)  # find_battle locks the row
    return found


async def in_scene(services: Any, step: Any) -> None:
    """Run `step(scene)` on the battle and store it, as one of the bot's verbs would."""

    def run(tx: Any) -> None:
        _, scene = find_battle(tx, MC)
        assert scene is not None
        step(scene)
        scene.commit(MC, "test", "a step", NOW)

    await services.db.transact(run)


async def npc_conditions(services: Any, name: str) -> tuple[Condition, ...]:
    fighter = (await state(services)).by_name(name)
    return tuple(a.condition for a in fighter.conditions)


# --- Healing ------------------------------------------------------------------------------


async def test_empathy_takes_conditions_in_melee_range_and_farheal_reaches_further(
    services,
) -> None:
    await battle_ready(services, order="Ilsa, Brunhild, Piper")
    await learn(services, "Ilsa", "healing:empathy")
    await afflict(services, "Brunhild", Condition.FATIGUE, Condition.PRONE, Condition.BLIND)
    text = await use(services, "Ilsa", "Empathy", "Brunhild: fatigue, prone")
    assert "Ilsa takes Fatigue and Prone from Brunhild." in text
    assert "Ilsa is Fatigued." in text and "Brunhild is no longer Prone." in text
    assert (await sheet(services, "Brunhild")).conditions[0].condition is Condition.BLIND
    assert {a.condition for a in (await sheet(services, "Ilsa")).conditions} == {
        Condition.FATIGUE,
        Condition.PRONE,
    }
    assert "**Next:** The enemies' turn: the MC picks one to act" in text


async def test_empathy_out_of_melee_range_needs_farheal(services) -> None:
    await battle_ready(services, order="Ilsa, Brunhild, Piper")
    await learn(services, "Ilsa", "healing:empathy")
    # The Brigand is two rows from Ilsa's back row; give it a condition to take.
    await _npc_condition(services, "Brigand", Condition.PARANOIA)
    with pytest.raises(PawpostError, match="out of melee range"):
        await use(services, "Ilsa", "Empathy", "Brigand")
    await learn(services, "Ilsa", "healing:farheal")
    text = await use(services, "Ilsa", "Empathy", "Brigand")
    assert "Ilsa is Paranoid." in text
    assert await npc_conditions(services, "Brigand") == ()


async def _npc_condition(services: Any, name: str, condition: Condition) -> None:
    """An NPC's condition put on in the battle's state (as a Flourish would)."""
    await in_scene(services, lambda scene: scene.afflict(scene.state.by_name(name), condition))


async def test_bedevil_gives_conditions_and_good_omen_shields_an_ally(services, dice) -> None:
    await battle_ready(services, order="Ilsa, Brunhild, Piper")
    await learn(services, "Ilsa", "healing:empathy", "healing:bedevil")
    await learn(services, "Piper", "divination:ill-omen", "divination:good-omen")
    await afflict(services, "Ilsa", Condition.ABLAZE, Condition.SICKNESS)
    dice.load(1, 1, 6, 6)  # as she acts: the fire stays lit (Water 5 failed), Sickness passed
    text = await use(services, "Ilsa", "Bedevil", "Brunhild: ablaze, sickness")
    assert "Brunhild is Ablaze." in text and "Ilsa is no longer Ablaze." in text
    assert "Brunhild is Sick." in text
    assert (await sheet(services, "Ilsa")).conditions == ()


async def test_good_omen_keeps_the_condition_of_the_ally_s_highest_attribute_off(
    services, dice
) -> None:
    await battle_ready(services, order="Ilsa, Brunhild, Piper")
    await learn(services, "Ilsa", "healing:bedevil", "healing:empathy")
    await learn(services, "Brunhild", "divination:ill-omen", "divination:good-omen")
    await afflict(services, "Ilsa", Condition.ABLAZE)
    dice.load(1, 1)  # as she acts, the fire stays lit (Water 5 failed)
    # Piper's highest attribute is Fire (+3 with her extra): Good Omen makes her immune to Ablaze.
    text = await use(services, "Ilsa", "Bedevil", "Piper: ablaze")
    assert "Piper is immune to Ablaze (Brunhild's Good Omen)." in text
    assert (await sheet(services, "Ilsa")).has_condition(Condition.ABLAZE)
    assert not (await sheet(services, "Piper")).has_condition(Condition.ABLAZE)
    with pytest.raises(PawpostError, match="Good Omen works by itself"):
        await use(services, "Brunhild", "Good Omen")


async def test_anesthesia_fatigues_and_caps_each_blow_at_one_health(services, dice) -> None:
    await battle_ready(services, order="Ilsa, Brunhild, Piper")
    await learn(services, "Ilsa", "healing:empathy", "healing:anesthesia")
    with pytest.raises(PawpostError, match="out of melee range"):
        await use(services, "Ilsa", "Anesthesia", "Brigand")
    text = await use(services, "Ilsa", "Anesthesia", "Brunhild")
    assert "Brunhild is Fatigued by Ilsa's Anesthesia." in text
    dice.load(6, 5)  # the Cave Fisher hits Brunhild for 3: Anesthesia lets only 1 through
    hit = "\n".join(
        (await battle.enemy_act(services, MC, "Cave Fisher", "battle", "Brunhild")).lines
    )
    assert "Anesthesia: Brunhild loses no more than 1 Health." in hit
    assert "Brunhild loses 1 Health (6 left)." in hit
    fatigue = (await sheet(services, "Brunhild")).condition(Condition.FATIGUE)
    assert fatigue is not None and fatigue.note == "Anesthesia"
    await afflict(services, "Brunhild", Condition.FATIGUE)  # another Fatigue: the cap is over
    await battle.skip(services, MC)  # Brunhild
    dice.load(6, 5)
    hit = "\n".join((await battle.enemy_act(services, MC, "Brigand", "battle", "Brunhild")).lines)
    assert "Brunhild loses 2 Health (4 left)." in hit


async def test_immunize_shields_the_allies_and_switches_at_the_end_of_a_turn(services) -> None:
    await battle_ready(services)
    await learn(services, "Brunhild", "healing:empathy", "healing:immunize")
    text = await use(services, "Brunhild", "Immunize", "entranced")
    assert "Brunhild's allies are immune to Entrancement (Immunize)." in text
    await battle.skip(services, MC)  # Brunhild's turn ends; she may still switch now
    await use(services, "Brunhild", "Immunize", "entrancement")
    lured = await battle.enemy_act(services, MC, "Cave Fisher", "skill", "Brunhild, Ilsa, Piper")
    lines = "\n".join(lured.lines)
    assert "Ilsa is immune to Entrancement (Brunhild's Immunize)." in lines
    assert "Piper is immune to Entrancement" in lines
    assert "Brunhild is Entranced" in lines  # not her own ally
    with pytest.raises(PawpostError, match="at the end of your turn"):
        await use(services, "Brunhild", "Immunize", "fear")  # Ilsa's turn now


async def test_curing_cures_up_to_three_on_yourself_or_in_melee_range(services) -> None:
    await battle_ready(services)
    await learn(services, "Brunhild", "healing:empathy", "healing:curing")
    four = (Condition.BLIND, Condition.PRONE, Condition.FATIGUE, Condition.SICKNESS)
    await afflict(services, "Ilsa", *four)
    with pytest.raises(PawpostError, match="Curing cures 3 at most"):
        await use(services, "Brunhild", "Curing", "Ilsa")
    text = await use(services, "Brunhild", "Curing", "Ilsa: blind, prone, fatigue")
    assert "Brunhild cures Ilsa: no longer Blind, Prone and Fatigued." in text
    assert [a.condition for a in (await sheet(services, "Ilsa")).conditions] == [Condition.SICKNESS]


# --- Divination ---------------------------------------------------------------------------


async def test_ill_omen_gives_the_condition_of_the_lowest_attribute(services) -> None:
    await battle_ready(services)
    await learn(services, "Brunhild", "divination:ill-omen")
    with pytest.raises(PawpostError, match="not an enemy"):
        await use(services, "Brunhild", "Ill Omen", "Ilsa")
    # The Brigand's Wood, Water and Fire are all 0: Fire comes first in the list, Ablaze.
    text = await use(services, "Brunhild", "Ill Omen", "Brigand")
    assert "Brigand is Ablaze by Brunhild's Ill Omen." in text
    assert await npc_conditions(services, "Brigand") == (Condition.ABLAZE,)


async def test_retribution_right_after_a_hit_and_the_armour_may_follow(services, dice) -> None:
    await battle_ready(services)
    await learn(services, "Brunhild", "divination:ill-omen", "divination:retribution")
    await battle.skip(services, MC)
    dice.load(6, 5)  # the Brigand hits Brunhild for 2
    hit = await battle.enemy_act(services, MC, "Brigand", "battle", "Brunhild")
    assert any("/skill use name:Retribution" in line for line in hit.lines)
    with pytest.raises(PawpostError, match="1 to 3 Harmony"):
        await use(services, "Brunhild", "Retribution", "4")
    text = await use(services, "Brunhild", "Retribution", "2")
    assert "Brunhild spends 2 Harmony on Retribution (+1)." in text
    # 2 × 2 = 4 as one blow: its one piece of armour takes 3.
    assert "Brigand takes 4 in Retribution." in text
    assert "Brigand loses 1 Health (a piece of its armour takes up to 3) (3 left)." in text
    with pytest.raises(PawpostError, match="only the latest blow"):
        await use(services, "Brunhild", "Retribution", "1")
    saved = await battle.spend_armour(services, actor(ALICE))
    assert "takes 2 of the blow and breaks (7 Health; 1 piece left)." in saved.lines[0]


async def test_death_prophesy_adds_three_between_them_and_caps_the_rest(services, dice) -> None:
    await battle_ready(services, order="Piper, Brunhild, Ilsa")
    await learn(services, "Piper", "divination:ill-omen", "divination:death-prophesy")
    with pytest.raises(PawpostError, match="enemies of each other"):
        await use(services, "Piper", "Death Prophesy", "Brunhild, Ilsa")
    text = await use(services, "Piper", "Death Prophesy", "Brunhild, Brigand")
    assert "Death Prophesy: Brunhild and Brigand lose 3 more" in text
    dice.load(6, 5)  # Brigand 2 hits Brunhild for 2: at most 1 from anyone else
    other = "\n".join(
        (await battle.enemy_act(services, MC, "Brigand 2", "battle", "Brunhild")).lines
    )
    assert "Death Prophesy: at most 1 (Brunhild: 2 → 1)." in other
    dice.load(4, 6)  # Brunhild hits the Brigand: 2 + 3, its armour takes 3
    hit = "\n".join((await battle.attack(services, actor(ALICE), "Brigand")).lines)
    assert "Death Prophesy: +3 (Brigand: 2 → 5)." in hit
    assert "Brigand loses 2 Health (a piece of its armour takes up to 3) (2 left)." in hit
    dice.load(1, 1)  # the Brigand misses Brunhild: an attempt all the same
    await battle.enemy_act(services, MC, "Brigand", "battle", "Brunhild")
    for _ in range(4):  # Ilsa, the enemies, Piper, the enemies
        await battle.skip(services, MC)
    # Brunhild's turn begins: her last one was spent attacking, so the prophecy holds; she
    # spends this one fleeing (a miss: she stays), harming nobody.
    dice.load(1, 2)
    await battle.flee_in_battle(services, actor(ALICE))
    assert (await state(services)).effects
    for _ in range(4):  # the enemies, Ilsa, the enemies, Piper
        await battle.skip(services, MC)
    dice.load(1, 1)
    await battle.enemy_act(services, MC, "Cave Fisher", "battle", "Brunhild")
    # Her next turn begins after one without trying to harm the Brigand: it ends.
    dice.load(1, 1)
    ended = "\n".join((await battle.flee_in_battle(services, actor(ALICE))).lines)
    assert "The Death Prophesy over Brunhild and Brigand ends" in ended
    assert (await state(services)).effects == []


async def test_reversal_turns_an_npc_s_attributes_and_a_character_s_sheet(services) -> None:
    await battle_ready(services)
    await learn(services, "Brunhild", "divination:ill-omen", "divination:reversal")
    text = await use(services, "Brunhild", "Reversal", "Cave Fisher")
    assert "Brunhild spends 1 Harmony (+2)." in text
    fisher = (await state(services)).by_name("Cave Fisher")
    # Its lowest, Fire 0, counts as +3; its highest (Metal, Wood, Water 3: Metal first) as -3.
    assert "Cave Fisher is reversed until the next Long Rest" in text
    assert fisher.attributes["fire"] == 3 and fisher.attributes["metal"] == -3
    await battle.skip(services, MC)
    await battle.skip(services, MC)  # Ilsa
    await battle.skip(services, MC)
    await battle.skip(services, MC)  # Piper
    await battle.skip(services, MC)
    await use(services, "Brunhild", "Reversal", "Piper")
    piper = await sheet(services, "Piper")
    assert piper.reversal is not None
    assert piper.attribute(piper.reversal[0]) == 3 and piper.attribute(piper.reversal[1]) == -3


# --- Dreamweaving -------------------------------------------------------------------------


async def test_a_dream_body_acts_asleep_and_its_harm_goes_to_the_mc(services, dice) -> None:
    await battle_ready(services)
    await learn(services, "Brunhild", "dreamweaving:dreambody")
    await afflict(services, "Brunhild", Condition.SLEEPING)
    dice.load(3, 5)  # she acts with her Dream Body and deals her Damage, 2, into its armour
    attacked = "\n".join((await battle.attack(services, actor(ALICE), "Brigand")).lines)
    assert "Brunhild does battle with Brigand." in attacked
    assert "Brigand loses 0 Health (a piece of its armour takes up to 3)" in attacked
    dice.load(6, 5)
    hit = "\n".join((await battle.enemy_act(services, MC, "Brigand", "battle", "Brunhild")).lines)
    assert "**For the MC:** Brunhild is Asleep and fights as a Dream Body" in hit
    assert "Brunhild loses no Health (7 left)." in hit
    with pytest.raises(PawpostError, match="Dreambody works by itself"):
        await use(services, "Brunhild", "Dreambody")


async def test_slumber_puts_an_enemy_losing_an_action_to_fatigue_to_sleep(services) -> None:
    await battle_ready(services)
    await learn(services, "Piper", "dreamweaving:dreambody", "dreamweaving:slumber")
    found: list[bool] = []

    def fatigue_lost(scene: Any) -> None:
        found.append(dreamweaving.slumber_instead(scene, scene.state.by_name("Ilsa")))
        found.append(dreamweaving.slumber_instead(scene, scene.state.by_name("Brigand")))

    await in_scene(services, fatigue_lost)
    assert found == [False, True]  # no enemy of Ilsa's has Slumber; Piper is the Brigand's
    brigand = (await state(services)).by_name("Brigand")
    assert brigand.conditions[0].condition is Condition.SLEEPING
    assert brigand.conditions[0].note == "Slumber"


async def test_sweet_dreams_cures_a_sleeping_ally_as_its_turn_ends(services) -> None:
    await battle_ready(services)
    await learn(services, "Piper", "dreamweaving:dreambody", "dreamweaving:sweet-dreams")
    await afflict(services, "Ilsa", Condition.SLEEPING, Condition.FATIGUE)
    with pytest.raises(PawpostError, match="as Ilsa's turn ends"):
        await use(services, "Piper", "Sweet Dreams", "Ilsa: fatigue")
    await battle.skip(services, MC)  # Brunhild
    await battle.skip(services, MC)  # the enemies
    await battle.skip(services, MC)  # Ilsa sleeps through her turn
    text = await use(services, "Piper", "Sweet Dreams", "Ilsa: fatigue")
    assert "Sweet dreams: Ilsa is no longer Fatigued." in text
    assert [a.condition for a in (await sheet(services, "Ilsa")).conditions] == [Condition.SLEEPING]
    await afflict(services, "Ilsa", Condition.SLEEPING, Condition.BLIND)
    with pytest.raises(PawpostError, match="cured a condition this turn"):
        await use(services, "Piper", "Sweet Dreams", "Ilsa: blind")


async def test_possess_posts_the_sleeper_s_action_for_the_mc(services) -> None:
    await battle_ready(services)
    await learn(services, "Brunhild", "dreamweaving:dreambody", "dreamweaving:possess")
    with pytest.raises(PawpostError, match="Ilsa is not Asleep"):
        await use(services, "Brunhild", "Possess", "Ilsa: attack the Brigand")
    assert (await sheet(services, "Brunhild")).harmony == 3  # refused: nothing paid
    await afflict(services, "Ilsa", Condition.SLEEPING)
    text = await use(services, "Brunhild", "Possess", "Ilsa: attack the Brigand")
    assert "Brunhild spends 1 Harmony (+2)." in text
    assert "**For the MC:** Brunhild possesses the sleeping Ilsa" in text
    assert "attack the Brigand" in text


async def test_eternal_sleep_makes_the_wake_roll_ten(services, dice) -> None:
    await battle_ready(services)
    await learn(services, "Brunhild", "dreamweaving:dreambody", "dreamweaving:eternal-sleep")
    await afflict(services, "Ilsa", Condition.SLEEPING)
    text = await use(services, "Brunhild", "Eternal Sleep", "Ilsa")
    assert "Ilsa sinks into Eternal Sleep" in text
    sleep = (await sheet(services, "Ilsa")).condition(Condition.SLEEPING)
    assert sleep is not None and sleep.difficulty == 10 and sleep.note == "Eternal Sleep"


# --- Mysticism ----------------------------------------------------------------------------


async def test_the_chant_adds_its_turns_and_perfection_starts_three_in(services, dice) -> None:
    await battle_ready(services)
    await learn(services, "Brunhild", "mysticism:mystic-chant", "mysticism:perfection")
    dice.load(1, 2)  # 3 + Wood 2 − Wind 1 + chant 3 = 7: a hit, the Brigand strikes back
    first = "\n".join((await battle.attack(services, actor(ALICE), "Brigand")).lines)
    assert "Brunhild chants: 3 turns, +3 on their rolls." in first
    assert "+ Mystic Chant (3 turns) 3 = **7**" in first
    assert "Brunhild takes damage: the chant ends." in first
    await battle.skip(services, MC)
    await battle.skip(services, MC)  # Ilsa
    await battle.skip(services, MC)
    await battle.skip(services, MC)  # Piper
    await battle.skip(services, MC)
    dice.load(6, 6)  # her last turn took damage: the chant starts again from nothing
    second = "\n".join((await battle.attack(services, actor(ALICE), "Brigand 2")).lines)
    assert "Mystic Chant" not in second
    await battle.skip(services, MC)
    await battle.skip(services, MC)
    await battle.skip(services, MC)
    await battle.skip(services, MC)
    await battle.skip(services, MC)
    dice.load(6, 6)
    third = "\n".join((await battle.attack(services, actor(ALICE), "Brigand 2")).lines)
    assert "Brunhild chants: 1 turn, +1 on their rolls." in third


async def test_the_chant_counts_on_the_rolls_against_conditions_too(services, dice) -> None:
    await battle_ready(services)
    await learn(services, "Brunhild", "mysticism:mystic-chant", "mysticism:perfection")
    await afflict(services, "Brunhild", Condition.BOUND)
    dice.load(2, 3, 6, 5)  # Bound's Wind roll: 5 + Wind 1 + chant 3 = 9 meets 9 (l. 245)
    freed = "\n".join((await battle.attack(services, actor(ALICE), "Brigand")).lines)
    assert "2d6 [2, 3] + Wind 1 + Mystic Chant (3 turns) 3 = **9**" in freed
    assert "Brunhild breaks free and may act." in freed
    assert "Brunhild does battle with Brigand." in freed


async def test_meditation_doubles_while_prone_and_balance_ends_it_in_doubles(
    services, dice
) -> None:
    await battle_ready(services)
    await learn(
        services, "Brunhild", "mysticism:mystic-chant", "mysticism:perfection",
        "mysticism:meditation", "mysticism:balance",
    )  # fmt: skip
    await afflict(services, "Brunhild", Condition.PRONE)
    text = await use(services, "Brunhild", "Balance")
    assert "its dice become 12, doubles" in text  # 3 turns, doubled while Prone: 6
    dice.load(1, 1)  # not rolled: Balance's doubles of 6
    hit = "\n".join((await battle.attack(services, actor(ALICE), "Brigand")).lines)
    assert "Balance: Brunhild ends the chant; the roll is doubles of 6." in hit
    assert "2d6 [6, 6]" in hit
    assert "Doubles: Brunhild may apply a Flourish (the buttons below), or none." in hit
    with pytest.raises(PawpostError, match="not chanting"):
        await use(services, "Brunhild", "Balance")


async def test_concentration_keeps_a_chant_that_would_end(services, dice) -> None:
    await battle_ready(services)
    await learn(
        services, "Brunhild", "mysticism:mystic-chant", "mysticism:perfection",
        "mysticism:concentration",
    )  # fmt: skip
    with pytest.raises(PawpostError, match="not ending"):
        await use(services, "Brunhild", "Concentration")
    dice.load(2, 1)  # she flees to the back row (a miss, but a move all the same)
    fled = "\n".join((await battle.flee_in_battle(services, actor(ALICE))).lines)
    assert "Brunhild moves: the chant would end; /skill use name:Concentration" in fled
    kept = await use(services, "Brunhild", "Concentration")
    assert "Brunhild spends 1 Harmony (+2)." in kept
    assert "Brunhild keeps chanting (3 turns)." in kept
    await battle.skip(services, MC)
    await battle.skip(services, MC)  # Ilsa
    await battle.skip(services, MC)
    await battle.skip(services, MC)  # Piper
    await battle.skip(services, MC)
    dice.load(3, 3)
    again = "\n".join((await battle.flee_in_battle(services, actor(ALICE))).lines)
    # The turn she moved adds nothing, but the chant goes on at 3.
    assert "Brunhild chants: 3 turns, +3 on their rolls." in again
