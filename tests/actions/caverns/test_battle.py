"""A battle through its verbs on a real database: the party of three against a Cave Fisher and
two Brigands, with scripted dice: hits, counter-attacks, armour, the enemy turn rule, a death
and the return by Vitae, and retirement."""

from __future__ import annotations

import pytest

from bot.actions.caverns.battle import rows as battle
from rules.caverns.conditions import Condition
from rules.errors import PawpostError
from tests.actions.caverns.helpers import no_flourish, party_of_three, set_sheet, sheet
from tests.conftest import ADMIN, ALICE, BOB, CAROL, CHANNEL, actor

MC = actor(ADMIN, admin=True)


async def battle_ready(services) -> None:  # type: ignore[no-untyped-def]
    await party_of_three(services)
    await battle.start(services, MC)
    await battle.join(services, actor(ALICE), "front")
    await battle.join(services, actor(BOB), "back")
    await battle.join(services, actor(CAROL), "back")
    fisher = await battle.add_enemy(services, MC, "Cave Fisher")
    assert "Lure: On the Cave Fisher's first turn" in fisher.lines[0]
    await battle.add_enemy(services, MC, "brigand", count=2)
    began = await battle.set_order(services, MC, "Brunhild, Ilsa, Piper")
    assert began.lines[-1] == "**Next:** Brunhild's turn."


async def test_only_the_mc_opens_a_battle_and_only_one_per_channel(services) -> None:
    await party_of_three(services)
    with pytest.raises(PawpostError, match="Only an admin"):
        await battle.start(services, actor(ALICE))
    await battle.start(services, MC)
    with pytest.raises(PawpostError, match="already going on"):
        await battle.start(services, MC)
    with pytest.raises(PawpostError, match='"Owlbear" is not in the bestiary'):
        await battle.add_enemy(services, MC, "Owlbear")


async def test_a_hit_on_doubles_with_armour_and_the_enemy_s_answer(services, dice) -> None:
    await battle_ready(services)
    with pytest.raises(PawpostError, match="not Ilsa's turn"):
        await battle.attack(services, actor(BOB), "Brigand")
    dice.load(4, 4)  # 8 + Wood 2 - the Brigand's Wind 1 = 9: a hit, safe, doubles
    hit = await battle.attack(services, actor(ALICE), "Brigand")
    text = "\n".join(hit.lines)
    assert "2d6 [4, 4] + Wood 2 − 1 Brigand's Wind = **9**" in text
    # Its one piece of armour takes up to 3 of Brunhild's 2.
    assert "Brigand loses 0 Health (a piece of its armour takes up to 3) (4 left)." in text
    assert "Doubles: Brunhild may apply a Flourish (the buttons below), or none." in text
    assert hit.lines[-1].startswith("**Next:** The enemies' turn: the MC picks one to act")
    with pytest.raises(PawpostError, match="Only an admin"):
        await battle.enemy_act(services, actor(ALICE), "Cave Fisher", "battle", "Brunhild")
    with pytest.raises(PawpostError, match="The battle waits for Brunhild's Flourish"):
        await battle.enemy_act(services, MC, "Cave Fisher", "battle", "Brunhild")
    await no_flourish(services, ALICE)
    dice.load(3, 2)  # 5 + the Fisher's Wood 3 - Brunhild's Wind 1 = 7: a hit, not safe
    answer = await battle.enemy_act(services, MC, "Cave Fisher", "battle", "Brunhild")
    text = "\n".join(answer.lines)
    assert (
        "Brunhild loses 3 Health (4 left). /battle armour negates up to 3 of it (2 pieces left)."
        in text
    )
    assert "Brunhild strikes back." in text and "Cave Fisher loses 0 Health" in text
    # Her counter-attack's damage went into the Fisher's armour; now her own armour answers.
    saved = await battle.spend_armour(services, actor(ALICE))
    assert (
        "Leather jerkin takes 3 of the blow and breaks (7 Health; 1 piece left)." in saved.lines[0]
    )
    after = await sheet(services, "Brunhild")
    assert after.health == 7 and after.intact_armour == 1
    with pytest.raises(PawpostError, match="only the latest hit"):
        await battle.spend_armour(services, actor(ALICE))


async def test_reach_the_enemy_turn_rule_a_death_and_vitae_after(services, dice) -> None:
    await battle_ready(services)
    await battle.skip(services, MC)  # Brunhild's turn passes
    dice.load(1, 2)
    await battle.enemy_act(services, MC, "Brigand", "battle", "Brunhild")  # a miss
    with pytest.raises(PawpostError, match="out of your melee reach"):
        await battle.attack(services, actor(BOB), "Brigand")  # Ilsa's back row, melee staff
    dice.load(2, 1)  # Advance +Fire 3 = 6: she advances, but it takes her action
    moved = await battle.advance_in_battle(services, actor(BOB))
    assert "6-: the advance takes your action." in moved.lines
    with pytest.raises(PawpostError, match="Brigand acted last time; another enemy"):
        await battle.enemy_act(services, MC, "Brigand", "battle", "Ilsa")
    dice.load(6, 5)  # 11 + Wood 3 - Ilsa's Wind 0: she takes 3 of her 4 Health... and 3 more
    await battle.enemy_act(services, MC, "Cave Fisher", "battle", "Ilsa")
    await battle.skip(services, MC)  # Piper
    dice.load(6, 6)
    killed = await battle.enemy_act(services, MC, "Brigand 2", "battle", "Ilsa")
    assert "Ilsa loses 1 Health (0 left): dead!" in "\n".join(killed.lines)  # all she had
    status = await battle.status(services, actor(ALICE))
    out = {f.name: f.value for f in status.fields}
    assert out["Out of the fight"] == "Ilsa (dead)"
    assert out["party back"].startswith("Piper: Health 3/3")
    # Ilsa's turn is passed over: the dead do not act.
    assert status.lines == ["Brunhild's turn."]
    await set_sheet(services, "Piper", health=0)
    await set_sheet(services, "Piper", vitae=0)
    closed = await battle.end(services, MC)
    assert "Ilsa marks off 1 Vitae (5 left) and returns at full Health." in closed.lines
    assert "Piper has no Vitae left and retires from adventuring." in closed.lines
    ilsa = await sheet(services, "Ilsa")
    assert (ilsa.health, ilsa.vitae) == (4, 5)
    assert (await sheet(services, "Piper")).retired
    with pytest.raises(PawpostError, match="no battle in this channel"):
        await battle.status(services, actor(ALICE))


async def test_fleeing_out_and_enemies_fleeing(services, dice) -> None:
    await battle_ready(services)
    dice.load(6, 5)  # Brunhild has people behind her: front to back, +Wind 1 - 2 Ambush = 10
    first = await battle.flee_in_battle(services, actor(ALICE))
    assert "Brunhild flees (front-to-back)." in first.lines[0]
    # The party's front row emptied: everyone in the back moves up.
    status = await battle.status(services, actor(ALICE))
    out = {f.name: f.value for f in status.fields}
    assert out["party back"] == "empty" and "Brunhild" in out["party front"]
    dice.load(1, 1)  # the Brigand flees front to back, +Wind 1 = 3: it stays
    fled = await battle.enemy_act(services, MC, "Brigand", "flee")
    assert "**6-**" in fled.lines[0]
    # Ilsa now flees front to out, +Metal 0 - 2 (Ambush: two brigands) = 8: she leaves at her
    # next turn
    dice.load(5, 5)
    weak = await battle.flee_in_battle(services, actor(BOB))
    assert "**7-9**" in weak.lines[1]


async def test_the_armour_button_is_its_player_s_and_only_for_that_hit(services, dice) -> None:
    await battle_ready(services)
    # Her Animal Companion's Entourage would ignore the Brigand's counter-attack (l. 383).
    hunter = await sheet(services, "Brunhild")
    skills = tuple(k for k in hunter.skills if k != "hunting:animal-companion")
    await set_sheet(services, "Brunhild", skills=skills)
    dice.load(1, 2, 3, 2)  # Brunhild misses (and is hit back); the Fisher hits her
    missed = await battle.attack(services, actor(ALICE), "Brigand")
    assert "Brunhild loses 2 Health (5 left)." in "\n".join(missed.lines)
    first = missed.buttons[0].custom_id
    combat_id, version = int(first.split(":")[2]), int(first.split(":")[4])
    answer = await battle.enemy_act(services, MC, "Cave Fisher", "battle", "Brunhild")
    with pytest.raises(PawpostError, match="stale"):
        await battle.armour_pressed(services, actor(ALICE), combat_id, version)
    button = answer.buttons[0].custom_id
    assert button == f"pawpost:caverns-battle:{combat_id}:armour:{version + 1}"
    with pytest.raises(PawpostError, match="not land on a character of yours"):
        await battle.armour_pressed(services, actor(BOB), combat_id, version + 1)
    saved = await battle.armour_pressed(services, actor(ALICE), combat_id, version + 1)
    assert "takes 3 of the blow and breaks (5 Health; 1 piece left)." in saved.lines[0]
    with pytest.raises(PawpostError, match="stale"):
        await battle.armour_pressed(services, actor(ALICE), combat_id, version + 1)


async def test_a_turn_that_waits_too_long_is_reminded_once_and_skippable(services, clock) -> None:
    from bot.actions.caverns.battle.timeouts import overdue_battles

    await battle_ready(services)
    notices, next_due = await overdue_battles(services, clock())
    assert notices == [] and next_due is not None
    clock.advance(hours=25)
    notices, _ = await overdue_battles(services, clock())
    ((channel, reminder),) = notices
    assert channel == CHANNEL
    assert reminder.lines[0].endswith("Brunhild's turn.") and reminder.mentions == [ALICE]
    assert (await overdue_battles(services, clock()))[0] == []  # once per wait
    skip_id = reminder.buttons[0].custom_id
    combat_id, version = int(skip_id.split(":")[2]), int(skip_id.split(":")[4])
    with pytest.raises(PawpostError, match="Only an admin"):
        await battle.skip(services, actor(ALICE), version, combat_id)
    skipped = await battle.skip(services, MC, version, combat_id)
    assert skipped.lines[-1].startswith("**Next:** The enemies' turn: the MC picks one to act")
    with pytest.raises(PawpostError, match="stale"):
        await battle.skip(services, MC, version, combat_id)


async def test_the_cave_fisher_lures_three_on_its_first_turn_only(services) -> None:
    await battle_ready(services)
    await battle.skip(services, MC)
    lured = await battle.enemy_act(services, MC, "Cave Fisher", "skill", "Brunhild, Ilsa, Piper")
    text = "\n".join(lured.lines)
    assert "Brunhild is Entranced by the Cave Fisher's glowing orb." in text
    assert "Ilsa is Entranced" in text and "Piper is Entranced" in text
    assert (await sheet(services, "Brunhild")).has_condition(Condition.ENTRANCEMENT)
    await battle.skip(services, MC)  # Ilsa
    ruled = await battle.enemy_act(services, MC, "Brigand", "skill")
    assert "Brigand uses its special; the MC rules what it does." in ruled.lines
    await battle.skip(services, MC)  # Piper
    with pytest.raises(PawpostError, match="only on its first turn"):
        await battle.enemy_act(services, MC, "Cave Fisher", "skill", "Brunhild")


async def test_the_hyfae_pool_their_health_and_the_zombie_follows_its_health(services) -> None:
    await party_of_three(services)
    await battle.start(services, MC)
    pooled = await battle.add_enemy(services, MC, "Hyfae", count=4)
    assert "The 4 Hyfae share one pool of Health." in pooled.lines[0]
    status = await battle.status(services, MC)
    assert "Hyfae: Health 12/12" in {f.name: f.value for f in status.fields}["enemies front"]


async def test_an_enemy_fleeing_on_7_to_9_is_gone_when_the_enemies_turn_comes(
    services, dice
) -> None:
    await battle_ready(services)
    await battle.skip(services, MC)
    dice.load(3, 3)  # nobody behind it: front to out, +Metal 1 = 7, gone at the next turn
    left = await battle.enemy_act(services, MC, "Brigand", "flee")
    assert "Brigand flees (front-to-out): **7-9**." in left.lines[0]
    status = await battle.status(services, MC)
    assert "Brigand: Health 4/4" in {f.name: f.value for f in status.fields}["enemies front"]
    await battle.skip(services, MC)  # Ilsa: the enemies' turn begins and the Brigand is gone
    status = await battle.status(services, MC)
    assert {f.name: f.value for f in status.fields}["Out of the fight"] == "Brigand (fled)"
