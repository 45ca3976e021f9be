"""The bestiary's specials in a running battle, with scripted dice (book l. 429-607): spines,
webs, shocks, the village's defenders and guards, feeding, dragging, drowning, the Cloier, the
Rockeater, brigands, the Assassin, the Spidion, the Merchant and the Cult Leader; Destructive
attacks, the Taurian's sacrifice, heavy and immobile armour, and late arrivals."""

from __future__ import annotations

import pytest

from bot.actions.caverns.battle import armour, specials
from bot.actions.caverns.battle import rows as battle
from rules.caverns.catalogue import ItemKind
from rules.caverns.conditions import ActiveCondition, Condition
from rules.caverns.races import Race
from rules.caverns.records import Item
from rules.errors import PawpostError
from tests.actions.caverns.helpers import party_of_three, set_sheet, sheet
from tests.conftest import ALICE, BOB, CAROL, actor

MC = actor(900, admin=True)
ORDER = "Brunhild, Ilsa, Piper"


async def fight(services, *enemies: str, ilsa: str = "back", order: str = ORDER) -> None:  # type: ignore[no-untyped-def]
    """The party of three (Brunhild in front) against the enemies, Brunhild's turn first;
    her Animal Companion stays home (its Entourage would turn the creatures' answers aside)."""
    await party_of_three(services)
    hunter = (await sheet(services, "Brunhild")).skills
    await set_sheet(
        services, "Brunhild", skills=tuple(k for k in hunter if k != "hunting:animal-companion")
    )
    await battle.start(services, MC)
    await battle.join(services, actor(ALICE), "front")
    await battle.join(services, actor(BOB), ilsa)
    if "Piper" in order:
        await battle.join(services, actor(CAROL), "back")
    for enemy in enemies:
        await battle.add_enemy(services, MC, enemy)
    await battle.set_order(services, MC, order)


def text(reply) -> str:  # type: ignore[no-untyped-def]
    return "\n".join(reply.lines)


async def rows(services) -> dict[str, str]:  # type: ignore[no-untyped-def]
    status = await battle.status(services, MC)
    return {f.name: f.value for f in status.fields}


async def skips(services, times: int) -> list[str]:  # type: ignore[no-untyped-def]
    return [text(await battle.skip(services, MC)) for _ in range(times)]


# --- Counter-attacks and the attacked ------------------------------------------------------


async def test_the_urchin_s_spines_add_one_to_its_counter_attack(services, dice) -> None:
    await fight(services, "Urchin")
    dice.load(1, 2)  # 3 + Wood 2 + the Urchin's Wind 2 = 7: a hit, not safe
    hit = text(await battle.attack(services, actor(ALICE), "Urchin"))
    assert "Urchin loses 1 Health (0 left): it dies!" in hit
    assert "Brunhild loses 2 Health (5 left)." in hit  # its Damage 1 + 1 for the spines


async def test_the_solifugid_s_counter_attack_binds(services, dice) -> None:
    await fight(services, "Solifugid")
    dice.load(1, 2)  # 3 + 2 - 0 = 5: a hit, not safe
    hit = text(await battle.attack(services, actor(ALICE), "Solifugid"))
    assert "Brunhild loses 1 Health (6 left)." in hit
    assert "Brunhild is Bound by Solifugid's webs." in hit
    assert (await sheet(services, "Brunhild")).has_condition(Condition.BOUND)


async def test_the_albino_eel_shocks_its_first_attacker_only(services, dice) -> None:
    await fight(services, "Albino Eel")
    dice.load(6, 5)
    first = text(await battle.attack(services, actor(ALICE), "Albino Eel"))
    assert "Albino Eel crackles: Brunhild is shocked." in first
    assert "Brunhild loses 2 Health (5 left)." in first
    await skips(services, 5)  # back to Brunhild
    dice.load(1, 2)  # 3 + 2 - 0 = 5: a hit that kills it; its counter-attack only
    second = text(await battle.attack(services, actor(ALICE), "Albino Eel"))
    assert "shocked" not in second
    assert "Brunhild loses 1 Health (4 left)." in second


async def test_the_villager_example_3_and_5_and_the_defenders_reminder(services, dice) -> None:
    await fight(services, "Villager", "Villager", ilsa="front")
    dice.load(6, 5, 3, 5)  # a hit; then the village's roll: 3 and 5
    hit = text(await battle.attack(services, actor(ALICE), "Villager"))
    assert (
        "The village comes to defend: 5 defenders arrive in 3 of the players' turns, each a "
        "7th-level example of a random class."
    ) in hit
    # Ilsa's, Piper's and Brunhild's turns pass; the sixth skip ends Brunhild's.
    told = await skips(services, 6)
    reminder = "**The village's 5 defenders arrive**, each a 7th-level example"
    assert [reminder in t for t in told] == [False] * 5 + [True]
    await battle.skip(services, MC)  # the enemies' turn
    dice.load(6, 5)  # attacking the other villager does not call the village again
    again = text(await battle.attack(services, actor(BOB), "Villager 2"))
    assert "comes to defend" not in again
    # The MC adds the defenders while the battle runs.
    await battle.add_custom(services, MC, "Defender", 12, 3, 2, "1, 1, 1, 1, 1")
    assert "Defender: Health 12/12" in (await rows(services))["enemies front"]


async def test_the_village_leader_s_guards_entourage_and_doubled_roll(services, dice) -> None:
    await party_of_three(services)
    hunter = (await sheet(services, "Brunhild")).skills  # no Entourage of her own (l. 383)
    await set_sheet(
        services, "Brunhild", skills=tuple(k for k in hunter if k != "hunting:animal-companion")
    )
    await battle.start(services, MC)
    await battle.join(services, actor(ALICE), "front")
    await battle.join(services, actor(BOB), "back")
    dice.load(2)  # 1d6 guards
    added = text(await battle.add_enemy(services, MC, "Village Leader"))
    assert "1d6 = 2: Village Leader has 2 Guards (Villagers) and the Entourage trait" in added
    assert "Guard 2: Health 3/3" in (await rows(services))["enemies front"]
    await battle.set_order(services, MC, "Brunhild, Ilsa")
    await battle.skip(services, MC)
    dice.load(1, 2)  # 3 + Wood 1 - Brunhild's Wind 1 = 3: a miss, under 8
    answer = text(await battle.enemy_act(services, MC, "Village Leader", "battle", "Brunhild"))
    assert "a miss" in answer and "strikes back" not in answer  # its Entourage ignores it
    await skips(services, 2)  # Ilsa, the enemies
    dice.load(6, 5, 3, 5)  # a hit on the Leader; the village's roll doubled: 6 and 10
    hit = text(await battle.attack(services, actor(ALICE), "Village Leader"))
    assert "(doubled: a Village Leader): 10 defenders arrive in 6 of the players' turns" in hit


async def test_the_zombie_feeds_to_five_and_its_attributes_follow(services, dice) -> None:
    await fight(services, "Zombie")
    told = []
    for _ in range(3):
        await battle.skip(services, MC)  # a player's turn passes
        dice.load(6, 5)
        told.append(text(await battle.enemy_act(services, MC, "Zombie", "battle", "Brunhild")))
    assert "Zombie's Wood 1" in told[0] and "Zombie feeds: Health 4." in told[0]
    assert "Zombie feeds: Health 5." in told[1]
    assert "Zombie's Wood 3" in told[2] and "Zombie feeds: Health 5." in told[2]
    assert "Zombie: Health 5/5" in (await rows(services))["enemies front"]


async def test_the_mantekarr_drags_its_bound_prey_who_takes_double(services, dice) -> None:
    await fight(services, "Mantekarr", "Brigand")
    await battle.skip(services, MC)
    dice.load(4, 4)  # doubles: 8 + 0 - 1 = 7, a hit and its Flourish, Bound
    bound = text(await battle.enemy_act(services, MC, "Mantekarr", "battle", "Brunhild"))
    assert "Brunhild is Bound by Mantekarr." in bound
    assert "Mantekarr flees to its back row dragging Brunhild" in bound
    out = await rows(services)
    assert "Mantekarr" in out["enemies back"] and "Brunhild" in out["enemies back"]
    assert "(party side)" in out["enemies back"]
    assert "Ilsa" in out["party front"] and "Piper" in out["party front"]  # moved up
    await battle.skip(services, MC)  # Ilsa
    dice.load(6, 5)  # the Brigand's hit on the prey in its back row: double, 4
    hit = text(await battle.enemy_act(services, MC, "Brigand", "battle", "Brunhild"))
    assert "Brunhild loses 4 Health (1 left)." in hit
    assert "Brunhild loses twice the Health in the enemy rows and is thrown back." in hit
    assert "Brunhild" in (await rows(services))["party front"]


async def test_the_mantekarr_drags_only_bound_prey(services) -> None:
    await fight(services, "Mantekarr", "Brigand")
    await battle.skip(services, MC)
    with pytest.raises(PawpostError, match="not Bound"):
        await battle.enemy_act(services, MC, "Mantekarr", "skill", "Brunhild")


async def test_the_kraken_s_bound_prey_drowns_as_its_turns_begin(services, dice) -> None:
    await fight(services, "Kraken")
    await battle.skip(services, MC)
    dice.load(3, 3)  # doubles: 6 + 2 - 1 = 7, a hit, Bound
    bound = text(await battle.enemy_act(services, MC, "Kraken", "battle", "Brunhild"))
    assert "Brunhild begins to drown: 2 Health each turn while Bound." in bound
    await battle.spend_armour(services, actor(ALICE))  # the hit itself: armour helps (7 Health)
    told = await skips(services, 4)  # Ilsa, enemies, Piper, enemies: Brunhild's turn begins
    assert "drowns" not in "".join(told[:3])
    assert "Brunhild loses 2 Health to drowning (5 left)." in told[3]
    with pytest.raises(PawpostError, match="only the latest hit"):
        await battle.spend_armour(services, actor(ALICE))  # the drowning: armour cannot
    await set_sheet(services, "Brunhild", health=2)
    told = await skips(services, 6)  # Brunhild, and round again to her turn: she drowns
    assert "Brunhild loses 2 Health to drowning (0 left): dead!" in told[5]
    assert "**Next:** The enemies' turn: the MC picks one to act" in told[5]


# --- The Cloier, the Rockeater, uses --------------------------------------------------------


async def test_the_cloier_divides_its_damage_and_its_doubles_are_destructive(
    services, dice
) -> None:
    await fight(services, "Cloier", ilsa="front")
    await battle.skip(services, MC)
    dice.load(3, 3)  # 6 + Wood 5 - 1 = 10: its 20 split between the two in melee
    hit = await battle.enemy_act(services, MC, "Cloier", "battle", "Brunhild")
    lines = text(hit)
    assert "Cloier's Flourish is Destructive; armour cannot help." in lines
    assert "Brunhild loses 7 Health (0 left): dead!" in lines  # 10 each, all they had
    assert "Ilsa loses 4 Health (0 left): dead!" in lines
    assert "Piper loses" not in lines  # the back row is out of its melee range
    assert hit.buttons == []  # no armour against a Destructive blow


async def test_the_rockeater_burrows_away_and_specials_have_three_uses(services, dice) -> None:
    await fight(services, "Rockeater")
    await battle.skip(services, MC)
    dice.load(5, 5)  # 10 + Metal 2 - 3 = 9: out at the start of its next turn
    burrow = text(await battle.enemy_act(services, MC, "Rockeater", "skill"))
    assert "Rockeater burrows into the ground: **7-9**." in burrow
    assert "(2 use(s) of its special left.)" in burrow


async def test_the_rockeater_flees_to_its_back_row_with_metal(services, dice) -> None:
    await fight(services, "Rockeater")
    await battle.add_enemy(services, MC, "Urchin", row="back")
    await battle.skip(services, MC)
    dice.load(2, 3)  # front to back is a Wind roll; the Rockeater's Metal 2: 5 + 2 = 7
    plain = text(await battle.enemy_act(services, MC, "Rockeater", "flee"))
    assert "Rockeater flees (front-to-back): **7-9**." in plain and "Metal 2" in plain


async def test_a_posted_special_counts_among_the_three_uses(services) -> None:
    await fight(services, "Centipede")
    for left in (2, 1, 0):
        await battle.skip(services, MC)
        climbed = await battle.enemy_act(services, MC, "Centipede", "skill")
        # Named, not printed again (issue 29 §3): the texts were posted as it joined.
        assert "Its specials: Climb (told as it joined the battle)." in climbed.lines
        assert f"({left} use(s) of its special left.)" in climbed.lines
    await battle.skip(services, MC)
    with pytest.raises(PawpostError, match="three times already"):
        await battle.enemy_act(services, MC, "Centipede", "skill")


# --- Brigands ------------------------------------------------------------------------------


async def test_brigands_ambush_the_fleeing_and_take_a_surrender(services, dice) -> None:
    await fight(services, "Brigand", "Brigand")
    dice.load(3, 4)  # 7 + Wind 1 - 2 (two brigands) = 6: she stays
    fled = text(await battle.flee_in_battle(services, actor(ALICE)))
    assert "Ambush: surviving brigands" in fled and "**6-**" in fled
    before = await sheet(services, "Brunhild")
    with pytest.raises(PawpostError, match="Only an admin"):
        await specials.surrender(services, actor(ALICE))
    gave = text(await specials.surrender(services, MC))
    assert f"Brunhild hands over {before.gold} gold and one Vitae." in gave
    after = await sheet(services, "Brunhild")
    assert (after.gold, after.vitae) == (0, before.vitae - 1)
    assert (await battle.status(services, MC)).lines == [
        "The fighting is over; the MC closes the battle with /battle end."
    ]


async def test_a_brigand_s_cowardice_is_on_its_rolls(services, dice) -> None:
    await fight(services, "Brigand", "Brigand")
    await set_sheet(services, "Brunhild", race=Race.IGASHO)
    dice.load(6, 5)  # Destructive: the first brigand loses 2 through its armour
    await battle.attack(services, actor(ALICE), "Brigand")
    dice.load(3, 3)
    answer = text(await battle.enemy_act(services, MC, "Brigand 2", "battle", "Brunhild"))
    assert "− 1 Cowardly: fallen brigands" in answer
    assert "attempt to flee" not in answer  # a penalty of 1 does not exceed 2 brigands


# --- The Assassin, the Spidion, the Merchant, the Cult Leader -------------------------------


async def test_the_assassin_hides_among_the_party_until_its_first_turn(services, dice) -> None:
    await party_of_three(services)
    await battle.start(services, MC)
    await battle.join(services, actor(ALICE), "front")
    await battle.join(services, actor(BOB), "back")
    added = await battle.add_enemy(services, MC, "Assassin", row="back", among="party")
    assert added.ephemeral
    await battle.add_enemy(services, MC, "Urchin")
    with pytest.raises(PawpostError, match="Only an Assassin"):
        await battle.add_enemy(services, MC, "Urchin", among="party")
    await battle.set_order(services, MC, "Brunhild, Ilsa")
    assert "Assassin" not in str(await rows(services))
    with pytest.raises(PawpostError, match='Nobody called "Assassin"'):
        await battle.attack(services, actor(ALICE), "Assassin")
    await battle.skip(services, MC)
    dice.load(6, 5)  # 11 + 0 - Ilsa's Wind 0: a hit of 3
    struck = text(await battle.enemy_act(services, MC, "Assassin", "battle", "Ilsa"))
    assert "**Assassin strikes from hiding**, in the party side's back row!" in struck
    assert "Ilsa loses 3 Health (1 left)." in struck
    assert (
        "Assassin: Health 3/3, armour 1, reach melee (enemies side)"
        in (await rows(services))["party back"]
    )
    dice.load(6, 5)  # Ilsa answers in her own row: her 3 doubled, less its armour's 3
    answer = text(await battle.attack(services, actor(BOB), "Assassin"))
    assert "Assassin loses 3 Health (a piece of its armour takes up to 3) (0 left)" in answer


async def test_the_spidion_s_eggsac_draws_its_ire(services, dice) -> None:
    await fight(services, "Spidion")
    assert "Spidion Eggsac: Health 3/3, armour 3" in (await rows(services))["enemies front"]
    dice.load(6, 5)
    hit = text(await battle.attack(services, actor(ALICE), "Spidion Eggsac"))
    assert "Brunhild has earned the full ire of Spidion." in hit


async def test_the_merchant_s_wares_are_rolled_when_added(services, dice) -> None:
    await party_of_three(services)
    await battle.start(services, MC)
    dice.load(3, 4, 2, 5, 1, 2, 3, 4)
    added = text(await battle.add_enemy(services, MC, "Merchant"))
    assert (
        "wares worth (3 + 4) × (2 + 5) × 10 = 490 gp and gold (1 + 2 + 3 + 4) × 10 = 100 gp"
        in added
    )


async def test_the_cult_leader_indoctrinates_and_sacrifices(services, dice) -> None:
    await fight(services, "Cult Leader")
    await battle.skip(services, MC)
    dice.load(3, 2)  # 5 + Fire 2 = 7
    won = text(await battle.enemy_act(services, MC, "Cult Leader", "skill", "indoctrinate"))
    assert "attempts an indoctrination: the villager is converted." in won
    await battle.skip(services, MC)
    dice.load(3, 4)
    gift = text(await battle.enemy_act(services, MC, "Cult Leader", "skill", "sacrifice humanoid"))
    assert "sacrifices a humanoid: the dice show 4 and 5" in gift
    await battle.skip(services, MC)
    with pytest.raises(PawpostError, match="indoctrinate"):
        await battle.enemy_act(services, MC, "Cult Leader", "skill", "dance")


# --- Inferno Beetle ------------------------------------------------------------------------


async def test_a_death_ablaze_feeds_the_inferno_beetle(services, dice) -> None:
    await fight(services, "Inferno Beetle")
    await set_sheet(  # no armour to spend against the killing blow
        services,
        "Brunhild",
        health=3,
        equipment=(),
        conditions=(ActiveCondition(condition=Condition.ABLAZE),),
    )
    dice.load(1, 1)  # her turn, skipped, still burns (3 - 1) and her Water roll fails
    await battle.skip(services, MC)
    dice.load(6, 5)
    killed = text(await battle.enemy_act(services, MC, "Inferno Beetle", "battle", "Brunhild"))
    assert "Brunhild loses 2 Health (0 left): dead!" in killed
    assert "Inferno Beetle feeds on the flames: +2 Health (5)." in killed


# --- Armour --------------------------------------------------------------------------------


async def test_a_taurian_s_sacrifice_makes_the_attack_destructive(services, dice) -> None:
    await fight(services, "Cave Fisher", ilsa="front")
    await set_sheet(services, "Brunhild", race=Race.TAURIAN)
    dice.load(6, 5)  # 11 + 2 - 1 = 12: the Fisher's six pieces do not help it
    hit = text(await battle.attack(services, actor(ALICE), "Cave Fisher", destructive="yes"))
    assert "Brunhild sacrifices their" in hit and "this attack is Destructive." in hit
    assert "Cave Fisher loses 2 Health (1 left)." in hit
    assert (await sheet(services, "Brunhild")).intact_armour == 1
    await skips(services, 1)
    with pytest.raises(PawpostError, match="Only a Taurian"):
        await battle.attack(services, actor(BOB), "Cave Fisher", destructive="yes")


async def test_an_igasho_s_attacks_are_always_destructive(services, dice) -> None:
    await fight(services, "Cave Fisher")
    await set_sheet(services, "Brunhild", race=Race.IGASHO)
    dice.load(6, 5)
    hit = text(await battle.attack(services, actor(ALICE), "Cave Fisher"))
    assert "Cave Fisher loses 2 Health (1 left)." in hit


async def test_heavy_armour_costs_one_damage_and_too_much_immobilises(services, dice) -> None:
    await fight(services, "Centipede")
    worn = (await sheet(services, "Brunhild")).equipment
    greaves = Item(name="Greaves", kind=ItemKind.ARMOUR)
    await set_sheet(services, "Brunhild", equipment=(*worn, greaves, greaves))  # 4 > Metal 0 + 3
    dice.load(6, 5)
    hit = text(await battle.attack(services, actor(ALICE), "Centipede"))
    assert "Centipede loses 1 Health (4 left)." in hit  # Damage 2 - 1
    await skips(services, 5)
    await set_sheet(services, "Brunhild", equipment=(*worn, *(greaves,) * 6))  # 8 > Metal 0 + 7
    with pytest.raises(PawpostError, match="cannot move; shed some first"):
        await battle.flee_in_battle(services, actor(ALICE))
    shed = await armour.shed(services, actor(ALICE))
    assert "Brunhild sheds their" in shed.lines[0] and "can move again" in shed.lines[0]
    assert shed.lines[-1].startswith("**Next:** The enemies' turn: the MC picks one to act")
    assert not (await sheet(services, "Brunhild")).immobile


async def test_a_kephera_expends_its_natural_armour_after_its_items(services, dice) -> None:
    await fight(services, "Cave Fisher")
    await set_sheet(services, "Brunhild", race=Race.KEPHERA, equipment=())
    await battle.skip(services, MC)
    dice.load(3, 2)  # 5 + 3 - 1 = 7: a hit of 3
    hit = text(await battle.enemy_act(services, MC, "Cave Fisher", "battle", "Brunhild"))
    assert "/battle armour negates up to 3 of it (1 piece left)." in hit
    saved = await battle.spend_armour(services, actor(ALICE))
    assert (
        "Brunhild's natural armour takes 3 of the blow and breaks (7 Health; 0 pieces left)."
        in saved.lines
    )
    assert (await sheet(services, "Brunhild")).armour_left == 0


# --- Late arrivals -------------------------------------------------------------------------


async def test_late_arrivals_join_a_running_battle(services) -> None:
    await fight(services, "Urchin", order="Brunhild, Ilsa")
    joined = await battle.join(services, actor(CAROL), "back")
    assert "Piper takes the party's back row." in joined.lines
    assert "Piper arrives late and acts last in the order." in joined.lines
    added = await battle.add_enemy(services, MC, "Brigand")
    assert "1 × Brigand join the enemies side's front row" in added.lines[0]
    told = await skips(services, 4)  # Brunhild, the enemies, Ilsa, the enemies
    assert told[-1].endswith("**Next:** Piper's turn.")
