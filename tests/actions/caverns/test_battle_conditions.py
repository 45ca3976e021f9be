"""Conditions acting in a battle through its verbs, with scripted dice: the party of three
against an Ogre and a Goblin (no armour). The bot makes each condition's roll when the
sufferer acts, character or NPC, counts the three rolls, honours Fitness and the Furrikin,
burns the Ablaze, refuses what Pacifism, Entrancement, Fear, Disarm and a broken arm forbid,
and ends each condition when the book says."""

from __future__ import annotations

from typing import Any

import pytest

from bot.actions.caverns.battle import rows as battle
from bot.actions.caverns.battle.scene import open_battle
from bot.actions.context import Services
from bot.actions.reply import Reply
from rules.caverns.battle.rows import Combatant, replace
from rules.caverns.conditions import ActiveCondition, Condition
from rules.caverns.races import Race
from rules.errors import PawpostError
from tests.actions.caverns.helpers import party_of_three, set_sheet, sheet
from tests.conftest import ADMIN, ALICE, BOB, CAROL, actor

MC = actor(ADMIN, admin=True)


def on(*conditions: Condition, **changes: Any) -> tuple[ActiveCondition, ...]:
    return tuple(ActiveCondition(condition=c).model_copy(update=changes) for c in conditions)


def text(reply: Reply) -> str:
    return "\n".join(reply.lines)


async def ready(
    services: Services, *, fitness: bool = True, **characters: tuple[ActiveCondition, ...]
) -> Reply:
    """Brunhild in front, Ilsa and Piper behind; an Ogre (Health 10, Damage 2, every element
    1) and a Goblin (Health 5, Damage 1, elements 0) in the enemies' front row. The
    characters' conditions are set before the order, so the first turn's announcement shows.
    Brunhild, a Warrior, has Athletics' Fitness unless `fitness` is False; her Animal
    Companion is left at home (its Entourage would turn the enemies' counter-attacks aside)."""
    await party_of_three(services)
    gone = ("hunting:animal-companion",) if fitness else ("hunting:animal-companion", "fitness")
    skills = (await sheet(services, "Brunhild")).skills
    await set_sheet(
        services, "Brunhild", skills=tuple(k for k in skills if not any(g in k for g in gone))
    )
    await battle.start(services, MC)
    await battle.join(services, actor(ALICE), "front")
    await battle.join(services, actor(BOB), "back")
    await battle.join(services, actor(CAROL), "back")
    await battle.add_custom(services, MC, "Ogre", 10, 2, 0, "1, 1, 1, 1, 1")
    await battle.add_custom(services, MC, "Goblin", 5, 1, 0, "0, 0, 0, 0, 0")
    for name, conditions in characters.items():
        await set_sheet(services, name.title(), conditions=conditions)
    return await battle.set_order(services, MC, "Brunhild, Ilsa, Piper")


async def afflict(services: Services, name: str, conditions: tuple[ActiveCondition, ...]) -> None:
    """Put conditions on an NPC in the stored battle (what a Flourish or a skill would have)."""

    def change(tx):  # type: ignore[no-untyped-def]
        _, scene = open_battle(tx, MC)
        fighter = scene.state.by_name(name)
        scene.state = replace(scene.state, fighter.model_copy(update={"conditions": conditions}))
        scene.commit(MC, "test", "conditions set", services.clock())

    await services.db.transact(change)


async def npc(services: Services, name: str) -> Combatant:
    def read(tx):  # type: ignore[no-untyped-def]
        return open_battle(tx, MC)[1].state.by_name(name)

    found: Combatant = await services.db.transact(read)
    return found


async def until(services: Services, whose: str) -> Reply:
    """The MC skips turns until it is `whose` turn ("Brunhild's" or "The enemies'")."""
    for _ in range(8):
        status = await battle.status(services, MC)
        if status.lines[0].startswith(whose):
            return status
        last = await battle.skip(services, MC)
    raise AssertionError(f"never {whose} turn: {last.lines}")


async def test_bound_asks_its_roll_at_the_turn_and_frees_on_a_9(services, dice) -> None:
    began = await ready(services, brunhild=on(Condition.BOUND))
    assert "Brunhild — Bound: the bot rolls Wind DC 9 when you act" in text(began)
    dice.load(3, 3)  # 6 + Wind 1 = 7: still tied up, the action is lost
    tied = await battle.attack(services, actor(ALICE), "Ogre")
    out = text(tied)
    assert "Brunhild rolls against Bound.\n2d6 [3, 3] + Wind 1 = **7**" in out
    assert "Brunhild stays tied up and cannot act this turn." in out
    assert "Brunhild loses the action." in out
    assert tied.lines[-1].startswith("**Next:** The enemies' turn: the MC picks one to act")
    again = await until(services, "Brunhild")
    assert again.lines == ["Brunhild's turn."]
    dice.load(4, 4, 5, 5)  # 8 + 1 = 9: free; then 10 + Wood 2 - 1 = 11 on the Ogre
    freed = await battle.attack(services, actor(ALICE), "Ogre")
    out = text(freed)
    assert "Brunhild breaks free and may act." in out
    assert "Ogre loses 2 Health (8 left)." in out
    assert not (await sheet(services, "Brunhild")).has_condition(Condition.BOUND)


async def test_a_furrikin_always_frees_itself(services, dice) -> None:
    await party_of_three(services)
    await set_sheet(services, "Brunhild", race=Race.FURRIKIN)
    await battle.start(services, MC)
    await battle.join(services, actor(ALICE), "front")
    await battle.add_custom(services, MC, "Ogre", 10, 2, 0, "1, 1, 1, 1, 1")
    await set_sheet(services, "Brunhild", conditions=on(Condition.BOUND))
    await battle.set_order(services, MC, "Brunhild")
    dice.load(5, 5)  # only the attack is rolled
    freed = await battle.attack(services, actor(ALICE), "Ogre")
    assert "Brunhild is a Furrikin and slips free of the bonds at once." in text(freed)
    assert "Ogre loses" in text(freed) and dice.remaining == 0


async def test_confused_is_cured_after_three_rolls_whatever_they_show(services, dice) -> None:
    began = await ready(services, fitness=False, brunhild=on(Condition.CONFUSED))
    assert "Confused: the bot rolls Metal DC 7 when you act (roll 1 of 3)" in text(began)
    dice.load(1, 1)  # 2 + Metal 0: the turn is wasted
    first = await battle.attack(services, actor(ALICE), "Ogre")
    assert "Brunhild wastes the turn doing something unhelpful, like yodeling." in text(first)
    assert "(1 of 3 rolls: still Confused.)" in text(first)
    await until(services, "Brunhild")
    dice.load(6, 6, 4, 4)  # 12: she may act (2 of 3); her attack 8 + 2 - 1 = 9
    second = await battle.attack(services, actor(ALICE), "Ogre")
    assert "Brunhild may act. (2 of 3 rolls: still Confused.)" in text(second)
    assert "Ogre loses 2 Health" in text(second)
    await until(services, "Brunhild")
    dice.load(1, 2)  # the third roll fails, costs the turn, and ends it
    third = await battle.attack(services, actor(ALICE), "Ogre")
    assert "like yodeling. Confused ends." in text(third)
    assert "Brunhild loses the action." in text(third)
    assert not (await sheet(services, "Brunhild")).has_condition(Condition.CONFUSED)


async def test_fitness_ends_sickness_at_the_first_success(services, dice) -> None:
    await ready(services, brunhild=on(Condition.SICKNESS), ilsa=on(Condition.SICKNESS))
    assert (await sheet(services, "Brunhild")).has_skill("athletics:fitness")
    dice.load(3, 3, 4, 4)  # 6 + Water 2 = 8: a success, and Fitness cures at once
    cured = await battle.attack(services, actor(ALICE), "Ogre")
    assert "Brunhild may act. Sickness ends." in text(cured)
    assert not (await sheet(services, "Brunhild")).has_condition(Condition.SICKNESS)
    await until(services, "Ilsa")
    dice.load(3, 3, 4, 4)  # 6 + Water 1 = 7: she may act, but without Fitness it counts
    counted = await battle.advance_in_battle(services, actor(BOB))
    assert "Ilsa may act. (1 of 3 rolls: still Sick.)" in text(counted)


async def test_a_sleeper_sleeps_on_is_woken_prone_by_a_blow_and_stands(services, dice) -> None:
    began = await ready(services, brunhild=on(Condition.SLEEPING))
    assert "Sleeping: the bot rolls Harmony DC 7 when you act" in text(began)
    dice.load(1, 2)  # 3 + Harmony 3 = 6
    slept = await battle.attack(services, actor(ALICE), "Ogre")
    assert "Brunhild sleeps on." in text(slept)
    dice.load(3, 3)  # the Ogre: 6 + Wood 1 - Wind 1 = 6, a hit, not safe
    hit = await battle.enemy_act(services, MC, "Ogre", "battle", "Brunhild")
    out = text(hit)
    assert "Brunhild is asleep: no retaliatory damage." in out
    assert "Brunhild loses 2 Health (5 left)." in out
    assert "The blow wakes Brunhild and is Prone." in out
    assert "strikes back" not in out
    prone = await until(services, "Brunhild")
    assert prone.lines == ["Brunhild's turn."]
    dice.load(4, 4)  # 8 + Wood 2 - 1 - Prone 3 = 6: a hit, and the Ogre strikes back
    crawled = await battle.attack(services, actor(ALICE), "Ogre")
    out = text(crawled)
    assert "2d6 [4, 4] + Wood 2 − 1 Ogre's Wind − 3 Prone = **6**" in out
    assert "Ogre strikes back." in out
    await until(services, "Brunhild")
    stood = await battle.stand_in_battle(services, actor(ALICE))
    assert "Brunhild stands up (Prone ends)." in text(stood)
    assert stood.lines[-1].startswith("**Next:** The enemies' turn: the MC picks one to act")
    await until(services, "Brunhild")
    with pytest.raises(PawpostError, match="Brunhild is not Prone."):
        await battle.stand_in_battle(services, actor(ALICE))


async def test_prone_takes_3_from_advance_and_flee(services, dice) -> None:
    await ready(services, ilsa=on(Condition.PRONE))
    await until(services, "Ilsa")
    dice.load(4, 4)  # 8 + Fire 3 - Prone 3 = 8
    crawled = await battle.advance_in_battle(services, actor(BOB))
    assert "2d6 [4, 4] + Fire 3 − 3 Prone = **8**" in text(crawled)
    dice.load(5, 5)  # front to back (Piper behind): 10 + Wind 0 - 3 = 7
    fled = await battle.flee_in_battle(services, actor(BOB))
    assert "− 3 Prone = **7**" in text(fled)


async def test_an_npc_sleeper_wakes_on_harmony_0_and_attacks_prone(services, dice) -> None:
    await ready(services)
    await afflict(services, "Ogre", on(Condition.SLEEPING))
    await until(services, "The enemies'")
    dice.load(3, 4, 6, 5)  # 7 + Harmony 0: awake, Prone; 11 + 1 - 1 - 3 = 8: safe
    woke = await battle.enemy_act(services, MC, "Ogre", "battle", "Brunhild")
    out = text(woke)
    assert "Ogre rolls against Sleeping.\n2d6 [3, 4] + Harmony 0 = **7**" in out
    assert "Ogre wakes up and is Prone." in out
    assert "− 3 Prone = **8**" in out and "Brunhild loses 2 Health" in out
    ogre = await npc(services, "Ogre")
    assert [a.condition for a in ogre.conditions] == [Condition.PRONE]
    await until(services, "The enemies'")
    with pytest.raises(PawpostError, match="Goblin is not Prone."):
        await battle.enemy_act(services, MC, "Goblin", "stand")
    await battle.enemy_act(services, MC, "Goblin", "skill")
    await until(services, "The enemies'")
    stood = await battle.enemy_act(services, MC, "Ogre", "stand")
    assert "Ogre stands up (Prone ends)." in text(stood)
    assert (await npc(services, "Ogre")).conditions == ()


async def test_an_npc_lost_in_aeon_and_a_sleeper_hit_awake(services, dice) -> None:
    await ready(services)
    await afflict(services, "Goblin", on(Condition.AEON))
    await afflict(services, "Ogre", on(Condition.SLEEPING))
    dice.load(1, 3)  # Brunhild: 4 + 2 - 1 = 5, a hit; the sleeping Ogre cannot strike back
    hit = await battle.attack(services, actor(ALICE), "Ogre")
    out = text(hit)
    assert "Ogre is asleep: no retaliatory damage." in out
    assert "Ogre loses 2 Health (8 left)." in out and "The blow wakes Ogre, who is Prone." in out
    assert "strikes back" not in out
    lost = await battle.enemy_act(services, MC, "Goblin", "skill")
    assert "Goblin is lost in Aeon and loses this turn (Aeon ends)." in text(lost)
    assert "Goblin loses the action." in text(lost)
    assert (await npc(services, "Goblin")).conditions == ()


async def test_npc_bound_then_confused_sick_disloyal_and_fatigued(services, dice) -> None:
    await ready(services)
    await afflict(services, "Ogre", on(Condition.BOUND, Condition.CONFUSED))
    await afflict(services, "Goblin", on(Condition.SICKNESS, Condition.DISLOYALTY))
    await until(services, "The enemies'")
    dice.load(2, 2)  # 4 + Wind 1: still Bound; Confused waits for a turn with an action
    tied = await battle.enemy_act(services, MC, "Ogre", "battle", "Brunhild")
    assert "Ogre stays tied up and cannot act this turn." in text(tied)
    assert "Confused" not in text(tied)
    await until(services, "The enemies'")
    dice.load(3, 3)  # the Goblin: 6 + Water 0, messily sick
    sick = await battle.enemy_act(services, MC, "Goblin", "battle", "Brunhild")
    assert "Goblin wastes the turn being messily sick. (1 of 3 rolls: still Sick.)" in text(sick)
    await until(services, "The enemies'")
    dice.load(5, 4, 1, 1)  # 9 + 1 = 10: free; Confused 2 + Metal 1: wasted
    freed = await battle.enemy_act(services, MC, "Ogre", "battle", "Brunhild")
    out = text(freed)
    assert "Ogre breaks free and may act." in out
    assert "Ogre wastes the turn doing something unhelpful, like yodeling." in out
    await until(services, "The enemies'")
    dice.load(4, 4, 1, 1)  # Sickness 8: may act; Disloyalty 2 + Fire 0: it turns on an ally
    turned = await battle.enemy_act(services, MC, "Goblin", "battle", "Brunhild")
    out = text(turned)
    assert "Goblin may act. (2 of 3 rolls: still Sick.)" in out
    assert (
        "Goblin spends the turn attacking an ally. The MC picks the ally and carries out the "
        "attack."
    ) in out
    await afflict(services, "Ogre", on(Condition.FATIGUE))
    await until(services, "The enemies'")
    dice.load(1, 1)  # 2 + Wood 1: falls Prone, too tired to act
    tired = await battle.enemy_act(services, MC, "Ogre", "skill")
    assert "Ogre falls Prone, too tired to act. (1 of 3 rolls: still Fatigued.)" in text(tired)
    ogre = await npc(services, "Ogre")
    assert {a.condition for a in ogre.conditions} == {Condition.FATIGUE, Condition.PRONE}


async def test_a_character_s_fatigue_roll_fails_into_prone(services, dice) -> None:
    await ready(services, brunhild=on(Condition.FATIGUE))
    dice.load(1, 1)  # 2 + Wood 2 = 4
    tired = await battle.attack(services, actor(ALICE), "Ogre")
    assert "Brunhild falls Prone, too tired to act. (1 of 3 rolls" in text(tired)
    after = await sheet(services, "Brunhild")
    assert after.has_condition(Condition.PRONE) and after.condition(Condition.FATIGUE).rolls == 1


async def test_a_disloyal_character_turns_on_an_ally_for_the_player_to_pick(services, dice) -> None:
    await ready(services, brunhild=on(Condition.DISLOYALTY))
    dice.load(2, 3)  # 5 + Fire 0
    turned = await battle.attack(services, actor(ALICE), "Ogre")
    assert (
        "Brunhild spends the turn attacking an ally. The player picks the ally, and the MC "
        "carries out the attack. (1 of 3 rolls: still Disloyal.)"
    ) in text(turned)
    assert "Brunhild loses the action." in text(turned)


async def test_ablaze_burns_each_turn_sensitivity_adds_one_and_ends(services, dice) -> None:
    began = await ready(services, brunhild=on(Condition.ABLAZE, Condition.SENSITIVITY))
    assert "Ablaze: you take 1 damage and the bot rolls Water DC 5" in text(began)
    dice.load(1, 1, 5, 5)  # the fire: 1 + 1 (Sensitive); Water 2 + 2 = 4: still burning
    burnt = await battle.attack(services, actor(ALICE), "Ogre")
    out = text(burnt)
    assert "Brunhild is on fire (Ablaze)." in out
    assert "Brunhild is Sensitive: 1 more Health lost." in out
    assert "Brunhild loses 2 Health (5 left)." in out
    assert "Brunhild is still on fire." in out and "Ogre loses 2 Health" in out
    # She took damage this turn: still Sensitive.
    assert (await sheet(services, "Brunhild")).has_condition(Condition.SENSITIVITY)
    await until(services, "Brunhild")
    dice.load(1, 2, 5, 5)  # 2 more; Water 3 + 2 = 5 puts it out
    out = text(await battle.attack(services, actor(ALICE), "Ogre"))
    assert "Brunhild loses 2 Health (3 left)." in out and "Brunhild puts the fire out." in out
    await until(services, "Brunhild")
    dice.load(5, 5)  # no fire, nobody hurt her since her last turn: Sensitivity ends
    out = text(await battle.attack(services, actor(ALICE), "Ogre"))
    assert "Brunhild took no damage since their last turn: Sensitivity ends." in out
    assert (await sheet(services, "Brunhild")).conditions == ()


async def test_an_ablaze_npc_burns_and_the_fire_can_kill(services, dice) -> None:
    await ready(services)
    await afflict(services, "Ogre", on(Condition.ABLAZE))
    await until(services, "The enemies'")
    dice.load(1, 1)  # 1 damage; Water 1 + 2 = 3: still burning
    burning = await battle.enemy_act(services, MC, "Ogre", "skill")
    out = text(burning)
    assert "Ogre loses 1 Health (9 left)." in out and "Ogre is still on fire." in out
    assert "Ogre uses its special" in out
    await battle.add_custom(services, MC, "Wisp", 1, 1, 0, "0, 0, 0, 0, 0")
    await afflict(services, "Wisp", on(Condition.ABLAZE))
    await until(services, "The enemies'")
    dead = await battle.enemy_act(services, MC, "Wisp", "skill")
    assert "Wisp loses 1 Health (0 left): it dies!" in text(dead)
    assert "Wisp loses the action." in text(dead)


async def test_an_npc_s_blindness_and_clumsiness_on_its_attack(services, dice) -> None:
    await ready(services)
    await afflict(services, "Ogre", on(Condition.BLIND, Condition.CLUMSINESS))
    await until(services, "The enemies'")
    dice.load(6, 6)  # 12 + 1 - 1 - 3 - 3 = 6: a hit, not safe
    hit = await battle.enemy_act(services, MC, "Ogre", "battle", "Brunhild")
    out = text(hit)
    assert "2d6 [6, 6] + Ogre's Wood 1 − 1 Brunhild's Wind − 3 Blind − 3 Clumsiness = **6**" in out
    assert [a.condition for a in (await npc(services, "Ogre")).conditions] == [Condition.BLIND]


async def test_a_character_s_blindness_and_clumsiness_on_her_attack(services, dice) -> None:
    await ready(services, brunhild=on(Condition.BLIND, Condition.CLUMSINESS))
    dice.load(6, 6)  # 12 + 2 - 1 - 3 - 3 = 7
    out = text(await battle.attack(services, actor(ALICE), "Ogre"))
    assert "− 3 Blind − 3 Clumsiness = **7**" in out
    assert [a.condition for a in (await sheet(services, "Brunhild")).conditions] == [
        Condition.BLIND
    ]


async def test_pacifism_refuses_strikes_no_blow_back_and_ends_when_attacked(services, dice) -> None:
    await ready(services, brunhild=on(Condition.PACIFISM))
    with pytest.raises(PawpostError, match=r"Brunhild has thrown down their weapons \(Pacifism\)"):
        await battle.attack(services, actor(ALICE), "Ogre")
    assert dice.remaining == 0
    await battle.skip(services, MC)
    dice.load(2, 2)  # the Ogre: 4 + 1 - 1 = 4, a miss; Brunhild would strike back
    missed = await battle.enemy_act(services, MC, "Ogre", "battle", "Brunhild")
    out = text(missed)
    assert "Brunhild is a Pacifist: no retaliatory damage." in out
    assert "strikes back" not in out
    assert "Brunhild's side is attacked: Pacifism ends." in out
    assert not (await sheet(services, "Brunhild")).has_condition(Condition.PACIFISM)


async def test_a_pacifist_npc_will_not_attack_until_its_side_is(services, dice) -> None:
    await ready(services)
    await afflict(services, "Ogre", on(Condition.PACIFISM))
    dice.load(1, 2)  # Brunhild attacks the Goblin: 3 + 2 - 0 = 5, a hit
    out = text(await battle.attack(services, actor(ALICE), "Goblin"))
    assert "Ogre's side is attacked: Pacifism ends." in out
    await afflict(services, "Ogre", on(Condition.PACIFISM))
    with pytest.raises(PawpostError, match=r"Ogre has thrown down their weapons"):
        await battle.enemy_act(services, MC, "Ogre", "battle", "Brunhild")


async def test_entrancement_refuses_flight_and_ends_in_the_front_row(services, dice) -> None:
    await ready(services, ilsa=on(Condition.ENTRANCEMENT))
    await battle.skip(services, MC)  # Brunhild
    turn = await battle.skip(services, MC)  # the enemies
    assert "Ilsa — Entranced: you cannot Flee and must Advance as soon as you can." in turn.lines
    with pytest.raises(PawpostError, match="Ilsa is Entranced and cannot Flee"):
        await battle.flee_in_battle(services, actor(BOB))
    dice.load(1, 1)  # 2 + Fire 3 = 5: she advances, and it takes her action
    moved = await battle.advance_in_battle(services, actor(BOB))
    out = text(moved)
    assert "Ilsa is Entranced: they must Advance as soon as they can." in out
    assert "Ilsa reaches the front row: Entrancement ends." in out
    assert not (await sheet(services, "Ilsa")).has_condition(Condition.ENTRANCEMENT)


async def test_an_entranced_npc_cannot_flee(services) -> None:
    await ready(services)
    await afflict(services, "Goblin", on(Condition.ENTRANCEMENT))
    await until(services, "The enemies'")
    with pytest.raises(PawpostError, match="Goblin is Entranced and cannot Flee"):
        await battle.enemy_act(services, MC, "Goblin", "flee")


async def test_fear_refuses_advance_and_ends_on_a_good_flee(services, dice) -> None:
    await ready(services, ilsa=on(Condition.FEAR))
    await until(services, "Ilsa")
    with pytest.raises(PawpostError, match="Ilsa is Afraid and cannot advance"):
        await battle.advance_in_battle(services, actor(BOB))
    dice.load(5, 5)  # back row to out: 10 + Water 1
    fled = await battle.flee_in_battle(services, actor(BOB))
    assert "Ilsa is Afraid: they must Flee as soon as they can." in text(fled)
    assert not (await sheet(services, "Ilsa")).has_condition(Condition.FEAR)


async def test_an_afraid_npc_flees_and_fear_ends(services, dice) -> None:
    await ready(services)
    await afflict(services, "Goblin", on(Condition.FEAR))
    await until(services, "The enemies'")
    with pytest.raises(PawpostError, match="Goblin is Afraid and cannot advance"):
        await battle.enemy_act(services, MC, "Goblin", "advance")
    dice.load(4, 4)  # front to out, nobody behind: 8 + Metal 0, it leaves at the next turn
    fled = await battle.enemy_act(services, MC, "Goblin", "flee")
    assert "Goblin gets away: Fear ends." in text(fled)


async def test_the_battle_s_end_ends_entrancement_and_fear_on_everyone(services) -> None:
    await ready(services, brunhild=on(Condition.ENTRANCEMENT, Condition.FEAR, Condition.BLIND))
    await afflict(services, "Ogre", on(Condition.FEAR))
    closed = await battle.end(services, MC)
    out = text(closed)
    assert "The battle is over: Brunhild's Entrancement and Fear end." in out
    assert "The battle is over: Ogre's Fear ends." in out
    assert [a.condition for a in (await sheet(services, "Brunhild")).conditions] == [
        Condition.BLIND
    ]


async def test_an_npc_s_sensitivity_ends_after_its_own_turn_without_harm(services, dice) -> None:
    await ready(services)
    await afflict(services, "Ogre", on(Condition.SENSITIVITY))
    dice.load(4, 6)  # Brunhild: 10 + 2 - 1 = 11
    out = text(await battle.attack(services, actor(ALICE), "Ogre"))
    assert "Ogre is Sensitive: 1 more Health lost." in out
    assert "Ogre loses 3 Health (7 left)." in out
    kept = await battle.enemy_act(services, MC, "Ogre", "skill")  # hurt since its last turn
    assert "Sensitivity ends" not in text(kept)
    await battle.skip(services, MC)  # Ilsa
    await battle.enemy_act(services, MC, "Goblin", "skill")
    await battle.skip(services, MC)  # Piper
    ended = await battle.enemy_act(services, MC, "Ogre", "skill")
    assert "Ogre took no damage since their last turn: Sensitivity ends." in text(ended)


async def test_disarm_bars_the_attack_until_the_end_of_the_next_turn(services, dice) -> None:
    await ready(services, brunhild=on(Condition.DISARM, note="sword"))
    with pytest.raises(PawpostError, match=r"Brunhild dropped their weapon \(Disarm\)"):
        await battle.attack(services, actor(ALICE), "Ogre")
    passed = await battle.skip(services, MC)
    assert "Brunhild picks up what they dropped at the end of the turn: Disarm ends." in text(
        passed
    )
    assert (await sheet(services, "Brunhild")).conditions == ()


async def test_a_broken_arm_bars_weapons_a_broken_leg_does_not(services, dice) -> None:
    await ready(services, brunhild=on(Condition.BROKEN_LIMB, note="sword arm"))
    with pytest.raises(PawpostError, match="Brunhild's Broken Limb is an arm"):
        await battle.attack(services, actor(ALICE), "Ogre")
    await set_sheet(services, "Brunhild", conditions=on(Condition.BROKEN_LIMB, note="left leg"))
    dice.load(4, 6)
    assert "Ogre loses 2 Health" in text(await battle.attack(services, actor(ALICE), "Ogre"))
    await afflict(services, "Ogre", on(Condition.BROKEN_LIMB, note="arm"))
    with pytest.raises(PawpostError, match="Ogre's Broken Limb is an arm"):
        await battle.enemy_act(services, MC, "Ogre", "battle", "Brunhild")


async def test_a_battle_skill_after_the_checks_keeps_their_count(
    services, dice, monkeypatch
) -> None:
    from bot.actions.caverns import skill_uses
    from bot.actions.caverns.skills import registry as battle_skills
    from bot.actions.caverns.skills.turn import BattleSkill

    used = BattleSkill(run=lambda turn: turn.scene.say(f"{turn.skill.name} is used."))
    monkeypatch.setitem(battle_skills.BATTLE_SKILLS, "combat:assault", used)
    await ready(services, fitness=False, brunhild=on(Condition.CONFUSED))
    dice.load(6, 6)  # 12 + Metal 0: she may act (1 of 3)
    used_it = await skill_uses.use(services, actor(ALICE), "Assault")
    assert "Brunhild may act. (1 of 3 rolls: still Confused.)" in text(used_it)
    assert "Assault is used." in text(used_it)
    after = await sheet(services, "Brunhild")  # the Harmony paid on the sheet after the roll
    assert after.harmony == 2
    assert after.condition(Condition.CONFUSED).rolls == 1


async def test_a_character_lost_in_aeon_loses_the_turn_and_it_ends(services, dice) -> None:
    began = await ready(services, brunhild=on(Condition.AEON))
    assert "Brunhild — Aeon: this turn is lost (any action you take ends it)." in began.lines
    lost = await battle.attack(services, actor(ALICE), "Ogre")
    assert "Brunhild is lost in Aeon and loses this turn (Aeon ends)." in text(lost)
    assert lost.lines[-1].startswith("**Next:** The enemies' turn: the MC picks one to act")
    assert (await sheet(services, "Brunhild")).conditions == () and dice.remaining == 0


async def test_a_disarmed_npc_picks_its_weapon_up_at_the_end_of_its_turn(services) -> None:
    await ready(services)
    await afflict(services, "Ogre", on(Condition.DISARM, note="club"))
    await until(services, "The enemies'")
    with pytest.raises(PawpostError, match=r"Ogre dropped their weapon \(Disarm\)"):
        await battle.enemy_act(services, MC, "Ogre", "battle", "Brunhild")
    picked = await battle.enemy_act(services, MC, "Ogre", "skill")
    assert "Ogre picks up what they dropped at the end of the turn: Disarm ends." in text(picked)
    assert (await npc(services, "Ogre")).conditions == ()


async def test_an_entranced_npc_is_freed_on_reaching_its_front_row(services, dice) -> None:
    await ready(services)
    await battle.add_custom(services, MC, "Archer", 3, 1, 0, "0, 0, 0, 0, 0", row="back")
    await afflict(services, "Archer", on(Condition.ENTRANCEMENT))
    await until(services, "The enemies'")
    dice.load(1, 2)  # Advance! +Fire 0 = 3: it still advances, and that is its action
    moved = await battle.enemy_act(services, MC, "Archer", "advance")
    out = text(moved)
    assert "Archer advances to its front row: **6-**." in out
    assert "Archer reaches the front row: Entrancement ends." in out
    assert (await npc(services, "Archer")).conditions == ()
