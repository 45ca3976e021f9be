"""Issue 29 §3 and §4: combatants' names autocompleted, passing the turn, a Flourish or a
reaction that waits for its owner (or the turn timeout), the board in every step's reply, the
enemies' turn saying who may act, and a battle of three sides."""

from __future__ import annotations

import pytest

from bot.actions.caverns.battle import rows as battle
from bot.actions.caverns.battle.timeouts import overdue_battles
from bot.commands.caverns import BATTLE_COMMANDS
from rules.caverns.battle.rows import Row
from rules.errors import PawpostError
from tests.actions.caverns.battle_setups import (
    ANN,
    BOBS,
    CATS,
    MC,
    PLAYERS,
    board,
    fight,
    learn,
    state,
    text,
)
from tests.actions.caverns.helpers import ids, party_of_three, set_sheet, sheet
from tests.conftest import ADMIN, ALICE, GUILD, dump

SETUP3 = {"Brunhild": "front", "Ilsa": "back", "Piper": "back"}
FISHER_AND_BRIGANDS = (("Cave Fisher", 1, "front"), ("Brigand", 2, "front"))


async def test_s3_combatant_names_are_autocompleted(services) -> None:
    from bot.actions.caverns.battle import names as battle_names  # new in issue 29

    await fight(services, SETUP3, FISHER_AND_BRIGANDS)

    async def complete(completion, user: int, current: str):  # type: ignore[no-untyped-def]
        return await services.db.transact(
            lambda tx: completion(services, tx, GUILD, user, current, {}), write=False
        )

    assert await complete(battle_names.enemy_names, ALICE, "brig") == [
        ("Brigand", "Brigand"),
        ("Brigand 2", "Brigand 2"),
    ]
    assert await complete(battle_names.creature_names, ADMIN, "fish") == [
        ("Cave Fisher", "Cave Fisher")
    ]
    assert await complete(battle_names.character_names, ADMIN, "Brunhild, il") == [
        ("Brunhild, Ilsa", "Brunhild, Ilsa")
    ]
    assert ("Brunhild", "Brunhild") in await complete(battle_names.anyone_names, ADMIN, "")
    completed = {
        (command.path, option.name)
        for command in BATTLE_COMMANDS
        for option in command.options
        if option.complete is not None
    }
    for wanted in (
        (("battle", "attack"), "target"),
        (("enemy", "act"), "enemy"),
        (("enemy", "act"), "target"),
        (("battle", "order"), "characters"),
    ):
        assert wanted in completed


async def test_s3_the_first_of_several_creatures_answers_to_its_number_too(services, dice) -> None:
    await fight(services, {"Brunhild": "front"}, (("Brigand", 2, "front"),))
    dice.load(3, 4)  # "Brigand 1" is the Brigand the bot named plainly, beside Brigand 2
    hit = text(await battle.attack(services, ANN, "Brigand 1"))
    assert "Brunhild does battle with Brigand." in hit
    with pytest.raises(PawpostError, match='^Nobody called "Brigand 3" is in this battle'):
        await battle.enemy_act(services, MC, "Brigand 3", "battle", "Brunhild")


async def test_s3_a_player_may_pass_the_turn(services, dice) -> None:
    await fight(services, {"Brunhild": "front", "Ilsa": "back"}, (("Brigand", 1, "back"),))
    await battle.skip(services, MC)
    await battle.skip(services, MC)
    dice.load(4, 5)  # Ilsa advances on 9 + Fire 3: she may act, but nobody she wants is near
    await battle.advance_in_battle(services, BOBS)
    passed = await battle.pass_turn(services, BOBS)
    assert "Ilsa passes." in passed.lines
    assert passed.lines[-1].startswith("**Next:** The enemies' turn")
    with pytest.raises(PawpostError, match="not Brunhild's turn"):
        await battle.pass_turn(services, ANN)


async def test_a_skipped_turn_still_passes_for_its_timed_effects_aeon_and_fire(
    services, dice
) -> None:
    from rules.caverns.battle.effects import EffectKind
    from rules.caverns.conditions import ActiveCondition, Condition
    from rules.caverns.records import Poisoning

    await party_of_three(services)
    await learn(services, "Brunhild", "combat:disengage")
    await fight(services, {"Brunhild": "front", "Ilsa": "back"}, (("Brigand", 1, "front"),),
                made=True)  # fmt: skip
    dice.load(5, 5)  # 10 + Wind 1 - 1 Ambush: away to the back row, Disengage's free piece
    await battle.flee_in_battle(services, ANN)
    kinds = [e.kind for e in (await state(services)).effects]
    assert EffectKind.BONUS_ARMOUR in kinds
    burning = tuple(ActiveCondition(condition=c) for c in (Condition.AEON, Condition.ABLAZE))
    await set_sheet(services, "Ilsa", conditions=burning)
    await battle.skip(services, MC)  # the enemies
    dice.load(1, 1)  # Ilsa's turn, skipped: the fire burns, its Water roll fails; Aeon takes it
    skipped = await battle.skip(services, MC)
    said = "\n".join(skipped.lines)
    assert "Ilsa is on fire (Ablaze)." in said
    assert "Ilsa is lost in Aeon and loses this turn (Aeon ends)." in said
    ilsa = await sheet(services, "Ilsa")
    assert ilsa.health == 3 and [a.condition for a in ilsa.conditions] == [Condition.ABLAZE]
    await battle.skip(services, MC)  # the enemies
    await set_sheet(services, "Brunhild", poisoning=Poisoning(duration=2, poisons=("Crotamine",)))
    skipped = await battle.skip(services, MC)  # Brunhild's turn: Disengage's piece ends with it
    kinds = [e.kind for e in (await state(services)).effects]
    assert EffectKind.BONUS_ARMOUR not in kinds
    assert "Brunhild loses 1 Health to the poison (6 left)." in skipped.lines  # it counts too
    assert (await sheet(services, "Brunhild")).poisoning == Poisoning(
        duration=1, poisons=("Crotamine",), actions=1
    )


async def test_s3_an_unchosen_flourish_waits_for_its_owner_or_the_timeout(
    services, dice, clock
) -> None:
    await fight(services, SETUP3, FISHER_AND_BRIGANDS)
    dice.load(4, 4)
    hit = await battle.attack(services, ANN, "Brigand")
    assert any(line.startswith("**Waiting for:** Brunhild's Flourish") for line in hit.lines)
    assert (await board(services))["Waiting for"] == "Brunhild's Flourish"
    with pytest.raises(PawpostError, match="The battle waits for Brunhild's Flourish"):
        await battle.enemy_act(services, MC, "Cave Fisher", "battle", "Brunhild")
    clock.advance(hours=25)  # the MC's reminder says what the battle waits for
    ((_, reminder),) = (await overdue_battles(services, clock()))[0]
    assert any("**Waiting for:** Brunhild's Flourish" in line for line in reminder.lines)
    dice.load(1, 2)  # past the turn timeout the battle goes on, and the Flourish lapses
    moved_on = await battle.enemy_act(services, MC, "Cave Fisher", "battle", "Brunhild")
    assert moved_on.lines[0] == "Brunhild's unchosen Flourish is lost."


async def test_s3_a_choice_still_open_lapses_when_the_battle_ends(services, dice) -> None:
    await fight(services, SETUP3, FISHER_AND_BRIGANDS)
    dice.load(4, 4)  # doubles: Brunhild's Flourish waits
    await battle.attack(services, ANN, "Brigand")
    ended = await battle.end(services, MC)
    assert "Brunhild's unchosen Flourish is lost." in ended.lines
    assert not any(line.startswith("**Waiting for:**") for line in ended.lines)
    assert "Waiting for" not in {field.name for field in ended.fields}
    assert not ids(ended)  # no Flourish button left to press


async def test_s3_a_pending_flourish_is_kept_while_its_owner_spends_armour(services, dice) -> None:
    await party_of_three(services)
    held = await sheet(services, "Brunhild")  # her companion's Entourage ignores counters
    kept = tuple(k for k in held.skills if k != "hunting:animal-companion")
    await set_sheet(services, "Brunhild", skills=kept)
    await fight(services, SETUP3, FISHER_AND_BRIGANDS, made=True)
    dice.load(2, 2)  # 4 + 2 - 1 = 5: a hit, not safe; doubles: a Flourish waits
    hit = await battle.attack(services, ANN, "Brigand")
    assert "Flourish: Disarm" in ids(hit)
    armour = await battle.spend_armour(services, ANN)
    assert "Flourish: Disarm" in ids(armour)  # still waiting for her
    with pytest.raises(PawpostError, match="waits for Brunhild's Flourish"):
        await battle.enemy_act(services, MC, "Brigand 2", "battle", "Brunhild")


async def test_s3_a_reaction_waits_until_its_owner_lets_it_pass(services, dice) -> None:
    await party_of_three(services)
    await learn(services, "Piper", "acrobatics:backflip")
    await fight(services, {"Piper": "front", "Brunhild": "back"}, (("Brigand", 2, "front"),),
                made=True)  # fmt: skip
    dice.load(5, 6)
    attacked = await battle.attack(services, CATS, "Brigand")
    assert "Let my reaction pass" in ids(attacked)
    with pytest.raises(PawpostError, match="waits for Piper's Backflip"):
        await battle.enemy_act(services, MC, "Brigand", "battle", "Piper")
    combat_id = int(ids(attacked)["Let my reaction pass"].split(":")[2])
    with pytest.raises(PawpostError, match="No reaction of yours"):
        await battle.decline_pressed(services, ANN, combat_id, attacked_version(attacked))
    passed = await battle.decline_pressed(services, CATS, combat_id, attacked_version(attacked))
    assert "Piper's Backflip: let pass." in passed.lines
    dice.load(6, 6, 1, 2)  # it puts out the fire of Piper's Sick Beat, then attacks
    assert "Brigand does battle with Piper" in text(
        await battle.enemy_act(services, MC, "Brigand", "battle", "Piper")
    )


def attacked_version(reply) -> int:  # type: ignore[no-untyped-def]
    return int(ids(reply)["Let my reaction pass"].split(":")[4])


async def test_s3_the_mc_may_save_an_enemy_s_armour_for_a_killing_blow(services, dice, db) -> None:
    from bot.actions.caverns.battle import armour

    await fight(services, {"Brunhild": "front"}, (("Cave Fisher", 1, "front"),))
    before = dump(db.path)
    with pytest.raises(PawpostError, match=r"^Brunhild is a character: its player spends"):
        await armour.enemy_armour(services, MC, "Brunhild", "killing blows")
    with pytest.raises(PawpostError, match='^An enemy spends its armour on "every hit" or on'):
        await armour.enemy_armour(services, MC, "Cave Fisher", "sometimes")
    with pytest.raises(PawpostError, match="^Only an admin"):
        await armour.enemy_armour(services, ANN, "Cave Fisher", "killing blows")
    assert dump(db.path) == before
    said = await armour.enemy_armour(services, MC, "cave fisher", "killing blows")
    assert "Cave Fisher saves its armour for a blow that would kill it." in said.lines
    assert (await board(services))["enemies front"].startswith(
        "Cave Fisher: Health 3/3, armour 6 (for a killing blow),"
    )
    dice.load(3, 4)  # 7 + Wood 2 - Wind 1 = 8: 2 of its 3 Health, no piece spent on it
    hit = text(await battle.attack(services, ANN, "Cave Fisher"))
    assert "Cave Fisher loses 2 Health (1 left)." in hit
    await battle.skip(services, MC)
    dice.load(3, 4)  # the next 2 would kill it: a piece takes it
    saved = text(await battle.attack(services, ANN, "Cave Fisher"))
    assert "Cave Fisher loses 0 Health (a piece of its armour takes up to 3) (1 left)." in saved
    assert (await state(services)).by_name("Cave Fisher").armour == 5
    await armour.enemy_armour(services, MC, "Cave Fisher", "every hit")
    assert "(for a killing blow)" not in (await board(services))["enemies front"]


async def test_s3_the_board_is_part_of_every_step_s_reply(services, dice) -> None:
    await fight(services, SETUP3, FISHER_AND_BRIGANDS)
    dice.load(3, 4)
    hit = await battle.attack(services, ANN, "Brigand")
    fields = {f.name: f.value for f in hit.fields}
    assert fields["party front"] == "Brunhild: Health 7/7, armour 2, reach ranged"
    assert "Ilsa: Health 4/4, armour 0, reach melee" in fields["party back"]
    assert "Brigand: Health 4/4, armour 0, reach melee" in fields["enemies front"]
    dice.load(1, 2)
    answer = await battle.enemy_act(services, MC, "Cave Fisher", "battle", "Brunhild")
    assert {f.name: f.value for f in answer.fields}["Last enemy to act"] == "Cave Fisher"


async def test_s3_the_enemies_turn_says_which_enemies_may_act(services, dice) -> None:
    await fight(services, SETUP3, FISHER_AND_BRIGANDS)
    dice.load(3, 4)
    hit = await battle.attack(services, ANN, "Brigand")
    assert hit.lines[-1] == (
        "**Next:** The enemies' turn: the MC picks one to act (Cave Fisher, Brigand, Brigand 2)."
    )
    dice.load(1, 2)
    await battle.enemy_act(services, MC, "Cave Fisher", "battle", "Brunhild")
    skipped = await battle.skip(services, MC)  # Ilsa's turn passes
    assert skipped.lines[-1] == (
        "**Next:** The enemies' turn: the MC picks one to act (Brigand, Brigand 2; not Cave "
        "Fisher, which acted last)."
    )


async def test_s4_a_battle_of_three_sides(services, dice) -> None:
    await party_of_three(services)
    await battle.start(services, MC)
    await battle.join(services, PLAYERS["Brunhild"], "front")
    await battle.join(services, BOBS, "back")
    await battle.add_enemy(services, MC, "Brigand", side="bandits")
    await battle.add_enemy(services, MC, "Urchin", side="beasts")
    await battle.add_enemy(services, MC, "Kraken", side="beasts", row="back")
    await battle.set_order(services, MC, "Brunhild, Ilsa")
    shown = await board(services)
    assert "Brigand" in shown["bandits front"] and "Urchin" in shown["beasts front"]
    assert "Kraken" in shown["beasts back"]
    dice.load(4, 5)  # each side faces the party pairwise: 9 + 2 - 1 hits the bandit
    assert "Brigand loses 0 Health" in text(await battle.attack(services, ANN, "Brigand"))
    dice.load(5, 5)  # the bandit turns on a rival side's beast: 10 + 0 + 2 (its Wind -2)
    fought = text(await battle.enemy_act(services, MC, "Brigand", "battle", "Urchin"))
    assert "Brigand does battle with Urchin." in fought
    assert "Urchin loses 1 Health (0 left): it dies!" in fought
    # The beasts' front row emptied: their back row moved up (l. 409-411).
    assert "Kraken" in (await board(services))["beasts front"]
    with pytest.raises(PawpostError, match="Kraken is out of your melee reach"):
        await battle.attack(services, BOBS, "Kraken")  # two rows from her back row
    await battle.skip(services, MC)  # Ilsa
    dice.load(1, 2)  # the beast on the party: 3 + 2 - 1, a miss; Brunhild strikes back
    answered = text(await battle.enemy_act(services, MC, "Kraken", "battle", "Brunhild"))
    assert "Under 8: Brunhild strikes back." in answered
    assert (await state(services)).combatant(1).row is Row.FRONT


async def test_s3_an_enemy_s_special_is_named_not_printed_again(services) -> None:
    await fight(services, {"Brunhild": "front"}, (("Brigand", 2, "front"),))
    await battle.skip(services, MC)
    ruled = await battle.enemy_act(services, MC, "Brigand", "skill")
    assert "Its specials: Yield, Ambush, Cowardly (told as it joined the battle)." in ruled.lines
    assert not any(line.startswith("Cowardly: Brigands take") for line in ruled.lines)
