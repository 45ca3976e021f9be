"""Issue 29: Flourishes, poisons, skills, the bestiary's specials and the races' actions in
battle, against the book: Pacifism from a Flourish (D6), the envenomed weapon's own attacks
(D7), Greater Implement (D8), Area within reach (D13), the Igasho's Forceful (D18), armour
that blocks an affliction (D22), the Dracnari's and Tae'dae's actions (D23), and the smaller
slips (D24)."""

from __future__ import annotations

import pytest

from bot.actions.caverns import admin, skill_uses
from bot.actions.caverns.battle import flourishes
from bot.actions.caverns.battle import rows as battle
from rules.caverns.conditions import ActiveCondition, Condition
from rules.caverns.races import Race
from rules.caverns.records import Envenoming, Poisoning
from rules.errors import PawpostError
from storage.caverns import caverns
from tests.actions.caverns.battle_setups import (
    ANN,
    BOBS,
    CATS,
    MC,
    board,
    edit,
    fight,
    learn,
    state,
    text,
)
from tests.actions.caverns.helpers import ids, party_of_three, set_sheet, sheet
from tests.conftest import GUILD


async def test_d6_pacifism_from_an_enemy_s_flourish_holds_until_the_next_attack(
    services, dice
) -> None:
    await fight(services, {"Ilsa": "front"}, (("Hyfae", 4, "front"), ("Centipede", 1, "front")))
    await battle.skip(services, MC)
    dice.load(3, 3)  # the Hyfae's doubles: its Flourish, Pacifism
    calm = text(await battle.enemy_act(services, MC, "Hyfae", "battle", "Ilsa"))
    assert "Ilsa is a Pacifist." in calm and "Pacifism ends" not in calm
    assert (await sheet(services, "Ilsa")).has_condition(Condition.PACIFISM)
    await battle.skip(services, MC)  # Ilsa, a Pacifist, does nothing
    dice.load(1, 2)
    ended = text(await battle.enemy_act(services, MC, "Centipede", "battle", "Ilsa"))
    assert "Ilsa's side is attacked: Pacifism ends." in ended


async def test_d7_an_envenomed_weapon_s_poison_comes_only_with_that_weapon(services, dice) -> None:
    await party_of_three(services)
    await set_sheet(services, "Brunhild", envenomed=Envenoming(weapon="Sword", poison="Anatine"))
    await battle.start(services, MC)
    await battle.join(services, ANN, "front")
    await battle.add_enemy(services, MC, "Brigand")
    await battle.add_custom(services, MC, "Archer", 5, 1, 0, "0, 0, 0, 0, 0", row="back")
    await battle.set_order(services, MC, "Brunhild")
    dice.load(2, 2)  # only the Shortbow reaches the back row: its doubles, its Flourish
    shot = await battle.attack(services, ANN, "Archer")
    assert "envenomed" not in text(shot)
    assert "Flourish: Sensitivity" in ids(shot)
    await flourishes.flourish_pressed(services, ANN, 1, "none", (await state(services)).version)
    await battle.skip(services, MC)
    dice.load(3, 3)  # the Sword reaches the Brigand: it is made with the Sword, and poisons
    cut = text(await battle.attack(services, ANN, "Brigand"))
    assert "Brunhild's envenomed Sword cannot Flourish; it delivers its poison instead." in cut


async def test_d8_greater_implement_makes_the_implement_ranged(services, dice) -> None:
    await party_of_three(services)
    await learn(services, "Ilsa", "magery:greater-implement")
    rows = {"Brunhild": "front", "Ilsa": "back"}
    await fight(services, rows, (("Brigand", 2, "front"),), "Ilsa, Brunhild", made=True)
    dice.load(4, 5)  # from the back row: 9 + Fire 3 - Metal 1
    hit = text(await battle.attack(services, BOBS, "Brigand"))
    assert "Ilsa does battle with Brigand." in hit
    assert "Ilsa" in (await board(services))["party back"]


async def test_d13_area_damage_goes_only_within_the_attacking_weapon_s_reach(
    services, dice
) -> None:
    await party_of_three(services)
    await learn(services, "Brunhild", "combat:cleave")
    rows = {"Brunhild": "front", "Ilsa": "back"}
    enemies = (("Brigand", 2, "front"), ("Centipede", 1, "back"))
    await fight(services, rows, enemies, made=True)
    dice.load(4, 4)  # Assault on doubles: two Flourishes, Area among them
    await battle.attack(services, ANN, "Brigand", boost="assault")
    await flourishes.flourish_pressed(services, ANN, 1, "area", (await state(services)).version)
    with pytest.raises(PawpostError, match="Centipede is out of the reach of Brunhild's attack"):
        await flourishes.divide_area(services, ANN, "Brigand 1, Centipede 1")
    split = text(await flourishes.divide_area(services, ANN, "Brigand 1, Brigand 2 1"))
    assert "Brigand 2 loses" in split


async def test_d18_an_igasho_has_forceful_on_every_attack(services, dice) -> None:
    await party_of_three(services)
    await set_sheet(services, "Brunhild", race=Race.IGASHO)
    await fight(services, {"Brunhild": "front"}, (("Brigand", 2, "front"),), made=True)
    dice.load(4, 4)
    hit = await battle.attack(services, ANN, "Brigand")
    assert "Flourish: Forceful" in ids(hit)
    shoved = text(
        await flourishes.flourish_pressed(
            services, ANN, 1, "forceful", (await state(services)).version
        )
    )
    assert "Forceful: Brigand is shoved into its back row." in shoved


async def test_d22_armour_made_to_block_an_affliction_is_expended_against_it(
    services, dice
) -> None:
    await party_of_three(services)
    await admin.add_item(services, MC, "Helmet", "armour", 50, blocks="broken limb")
    held = await sheet(services, "Brunhild")  # her companion's Entourage would turn it aside
    kept = tuple(k for k in held.skills if k != "hunting:animal-companion")
    await set_sheet(services, "Brunhild", skills=kept)
    await fight(services, {"Brunhild": "front"}, (("Cave Fisher", 1, "front"),), made=True)
    await battle.skip(services, MC)
    dice.load(4, 4)  # the Fisher's doubles: 8 + 3 - 1, a hit with its Flourish, Broken Limb
    hit = await battle.enemy_act(services, MC, "Cave Fisher", "battle", "Brunhild")
    assert "Brunhild's Helmet may be expended to block it: /battle armour against:broken-limb" in (
        text(hit)
    )
    assert "Block Broken Limb with armour" in ids(hit)
    blocked = text(await battle.spend_armour(services, ANN, against="broken limb"))
    assert "Brunhild's Helmet blocks the Broken Limb and breaks (1 piece left)." in blocked
    after = await sheet(services, "Brunhild")
    assert not after.has_condition(Condition.BROKEN_LIMB) and after.armour_left == 1


async def test_d23_a_dracnari_breathes_fire_and_a_taedae_hugs(services, dice) -> None:
    from bot.actions.caverns.battle import race_actions  # the races' own actions (new in issue 29)

    await party_of_three(services)
    await set_sheet(services, "Brunhild", race=Race.DRACNARI)
    await set_sheet(services, "Ilsa", race=Race.TAEDAE)
    rows = {"Brunhild": "front", "Ilsa": "front"}
    await fight(services, rows, (("Brigand", 2, "front"),), made=True)
    with pytest.raises(PawpostError, match="Only a Tae'dae can hug"):
        await race_actions.hug(services, ANN, "Brigand")
    breath = text(await race_actions.breathe(services, ANN, "Brigand"))
    assert "Brunhild breathes fire on Brigand." in breath and "Brigand is Ablaze" in breath
    await battle.skip(services, MC)
    hugged = text(await race_actions.hug(services, BOBS, "Brigand 2"))
    assert "Ilsa hugs Brigand 2." in hugged and "Brigand 2 is Bound" in hugged
    assert "**Next:** The enemies' turn: the MC picks one to act" in hugged


async def test_d24_backflip_s_flee_counts_the_ambush_and_the_illusions(services, dice) -> None:
    await party_of_three(services)
    await learn(services, "Piper", "acrobatics:backflip")
    rows = {"Piper": "front", "Brunhild": "back"}
    await fight(services, rows, (("Brigand", 2, "front"),), made=True)
    dice.load(5, 6, 3, 3)  # Piper's attack (a Sick Beat), then the Backflip: front to back
    await battle.attack(services, CATS, "Brigand")
    flipped = text(await skill_uses.use(services, CATS, "Backflip"))
    assert "− 2 Ambush: surviving brigands" in flipped


async def test_d24_a_mantekarr_s_doubles_miss_binds_and_drags(services, dice) -> None:
    await party_of_three(services)
    rows = {"Brunhild": "front", "Ilsa": "front"}
    enemies = (("Mantekarr", 1, "front"), ("Centipede", 1, "front"))
    await fight(services, rows, enemies, made=True)
    held = await sheet(services, "Brunhild")
    kept = tuple(k for k in held.skills if k != "hunting:animal-companion")
    await set_sheet(services, "Brunhild", skills=kept)
    await battle.skip(services, MC)
    dice.load(1, 1)  # 2 + 0 - 1: a miss on doubles, its Flourish binds
    missed = text(await battle.enemy_act(services, MC, "Mantekarr", "battle", "Brunhild"))
    assert "Brunhild is Bound." in missed
    assert "Mantekarr flees to its back row dragging Brunhild" in missed
    assert (await state(services)).combatant(1).among == "enemies"


async def test_d24_kills_by_mind_crush_and_by_poison_answer_the_deaths(services, dice) -> None:
    await party_of_three(services)
    await learn(services, "Ilsa", "psionics:mind-crush")
    await learn(services, "Piper", "music:encore")
    rows = {"Ilsa": "front", "Piper": "front"}
    await fight(services, rows, (("Urchin", 1, "front"), ("Brigand", 2, "front")), made=True)
    crushed = text(await skill_uses.use(services, BOBS, "Mind Crush", "Urchin"))
    assert "crushes Urchin's mind: it dies!" in crushed
    assert "Encore: Piper's next musical attack does +1 Damage." in crushed
    poisoned = (
        (await state(services))
        .by_name("Brigand")
        .model_copy(update={"poisoning": Poisoning(duration=6, poisons=("Charybdon",))})
    )
    await edit(services, lambda s: s.model_copy(
        update={"combatants": [poisoned if c.id == poisoned.id else c for c in s.combatants]}
    ))  # fmt: skip
    died = text(await battle.enemy_act(services, MC, "Brigand", "skill"))
    assert "Brigand loses 4 Health to the poison (0 left): it dies!" in died
    assert "Encore: Piper's next musical attack does +2 Damage." in died


async def test_d24_creatures_of_rival_sides_fight_each_other(services, dice) -> None:
    await party_of_three(services)
    await battle.start(services, MC)
    await battle.join(services, BOBS, "front")
    await battle.add_enemy(services, MC, "Brigand", side="bandits")
    await battle.add_enemy(services, MC, "Kraken", side="beasts")
    await battle.set_order(services, MC, "Ilsa")
    await battle.skip(services, MC)
    dice.load(5, 5)  # 10 + Wood 0 - the Kraken's Wind 2 = 8: a hit, safe
    fought = text(await battle.enemy_act(services, MC, "Brigand", "battle", "Kraken"))
    assert "Brigand does battle with Kraken." in fought
    assert "Kraken loses 2 Health (10 left)." in fought


async def test_d24_one_who_gets_away_on_a_7_to_9_may_fight_elsewhere(services, dice) -> None:
    await party_of_three(services)
    rows = {"Brunhild": "front", "Ilsa": "back"}
    await fight(services, rows, (("Brigand", 1, "front"),), "Ilsa, Brunhild", made=True)
    dice.load(3, 4)  # back to out, +Water 1 - 1 Ambush = 7: out at her next turn's start
    await battle.flee_in_battle(services, BOBS)
    await battle.skip(services, MC)  # the Brigand
    await battle.skip(services, MC)  # Brunhild
    await battle.skip(services, MC)  # the Brigand: Ilsa's turn would start; she is gone

    def fighting(tx):  # type: ignore[no-untyped-def]
        return caverns(tx).battles.fighting(GUILD, [2])

    assert await services.db.transact(fighting, write=False) == {}


async def test_d21_a_paranoid_one_has_no_allies_only_enemies(services, dice) -> None:
    await party_of_three(services)
    mad = (ActiveCondition(condition=Condition.PARANOIA),)
    await learn(services, "Piper", "acrobatics:scissorflip")
    rows = {"Brunhild": "front", "Piper": "front", "Ilsa": "front"}
    await fight(services, rows, (("Brigand", 2, "front"),), "Brunhild, Piper, Ilsa", made=True)
    with pytest.raises(PawpostError, match="Ilsa is not an enemy still in the battle"):
        await battle.attack(services, ANN, "Ilsa")
    await set_sheet(services, "Brunhild", conditions=mad)
    dice.load(4, 5)  # 9 + Wood 2 - Ilsa's Wind 0: Brunhild turns on her ally
    turned = text(await battle.attack(services, ANN, "Ilsa"))
    assert "Brunhild does battle with Ilsa." in turned
    assert "Ilsa loses 2 Health (2 left)." in turned
    await set_sheet(services, "Piper", conditions=mad)
    flipped = text(await skill_uses.use(services, CATS, "Scissorflip"))
    assert "Brunhild is Prone" in flipped and "Brigand is Prone" in flipped


async def test_d21_a_paranoid_creature_may_turn_on_its_own_side(services, dice) -> None:
    await fight(services, {"Brunhild": "front"}, (("Brigand", 2, "front"),))
    await battle.skip(services, MC)
    with pytest.raises(PawpostError, match="only a Paranoid creature attacks its own"):
        await battle.enemy_act(services, MC, "Brigand", "battle", "Brigand 2")
    mad = (
        (await state(services))
        .by_name("Brigand")
        .model_copy(update={"conditions": (ActiveCondition(condition=Condition.PARANOIA),)})
    )
    await edit(services, lambda s: s.model_copy(
        update={"combatants": [mad if c.id == mad.id else c for c in s.combatants]}
    ))  # fmt: skip
    dice.load(5, 5)
    turned = text(await battle.enemy_act(services, MC, "Brigand", "battle", "Brigand 2"))
    assert "**For the MC:** Brigand is Paranoid" in turned
    assert "Brigand does battle with Brigand 2." in turned
