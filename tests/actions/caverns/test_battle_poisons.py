"""Poisons through the verbs on a real database, with scripted dice: /envenom at the party's
Short Rest only, the envenomed weapon's doubles delivering its poison instead of a Flourish,
the poisoning suffered before each action, the Assassin's daggers against Immunity's roll,
and Stealth's Blowgun."""

from __future__ import annotations

import io
from typing import Any

import pytest

from bot.actions.caverns import skill_uses
from bot.actions.caverns.battle import poisons
from bot.actions.caverns.battle import rows as battle
from bot.actions.caverns.party import rests
from bot.actions.caverns.sheet import sheet_lines
from bot.console import run_console, script_lines
from rules.caverns.attributes import Attribute
from rules.caverns.battle.rows import replace
from rules.caverns.catalogue import ItemKind
from rules.caverns.conditions import Condition
from rules.caverns.records import Envenoming, Item, Poisoning
from rules.caverns.skillsets import Skillset
from rules.errors import PawpostError
from storage.caverns import caverns
from tests.actions.caverns.helpers import party_of_three, set_sheet, sheet
from tests.conftest import ADMIN, ALICE, BOB, CHANNEL, GUILD, actor

MC = actor(ADMIN, admin=True)


async def give(services: Any, name: str, *items: Item, **changes: Any) -> None:
    """Items added to a stored sheet (what the market would have delivered)."""
    held = await sheet(services, name)
    await set_sheet(services, name, equipment=(*held.equipment, *items), **changes)


def dose(name: str) -> Item:
    return Item(name=name, kind=ItemKind.POISON)


async def short_rest(services: Any, dice: Any) -> None:
    dice.load(6, 6)  # 10+: everything back, at no cost
    await rests.rest(services, actor(ALICE), "short")


async def brunhild_against(services: Any, *enemies: str) -> None:
    await battle.start(services, MC)
    await battle.join(services, actor(ALICE), "front")
    for enemy in enemies:
        await battle.add_enemy(services, MC, enemy)
    await battle.set_order(services, MC, "Brunhild")


async def poison_npc(services: Any, name: str, poisoning: Poisoning) -> None:
    """Put a poisoning on an NPC of the channel's battle (what earlier turns would have done)."""

    def change(tx):  # type: ignore[no-untyped-def]
        tables = caverns(tx).battles
        combat = tables.get(GUILD, tables.active_in_channel(GUILD, CHANNEL, 1)[0].id, lock=True)
        fighter = combat.state.by_name(name)
        combat.state = replace(combat.state, fighter.model_copy(update={"poisoning": poisoning}))
        assert tables.save(combat, combat.state.version)

    await services.db.transact(change)


def text(reply: Any) -> str:
    return "\n".join(reply.lines)


async def without_companion(services) -> None:  # type: ignore[no-untyped-def]
    """Brunhild's Animal Companion is an Entourage, which turns Flourishes and the poisons
    delivered in their place aside (l. 383): these tests are about the poison."""
    hunter = await sheet(services, "Brunhild")
    skills = tuple(k for k in hunter.skills if k != "hunting:animal-companion")
    await set_sheet(services, "Brunhild", skills=skills)


async def test_envenoming_only_during_a_short_rest_with_the_proficiency_and_the_poison(
    services, dice
) -> None:
    await party_of_three(services)
    with pytest.raises(PawpostError, match="the party's last rest is not one"):
        await poisons.envenom_weapon(services, actor(ALICE), "Sword", "Anatine")
    dice.load(6, 6)
    await rests.rest(services, actor(ALICE), "long")
    with pytest.raises(PawpostError, match="the party's last rest is not one"):
        await poisons.envenom_weapon(services, actor(ALICE), "Sword", "Anatine")
    await short_rest(services, dice)
    with pytest.raises(PawpostError, match="^You carry no Anatine; buy it on the market first"):
        await poisons.envenom_weapon(services, actor(ALICE), "Sword", "Anatine")
    # Ilsa, an Elementalist, is not proficient with poisons (Warriors and Monks are).
    await give(services, "Ilsa", Item(name="Dagger", kind=ItemKind.MELEE_WEAPON), dose("Anatine"))
    with pytest.raises(PawpostError, match="^You are not proficient with poisons"):
        await poisons.envenom_weapon(services, actor(BOB), "Dagger", "Anatine")
    await give(services, "Brunhild", dose("Anatine"), dose("Anatine"))
    done = await poisons.envenom_weapon(services, actor(ALICE), "sword", "anatine")
    assert done.lines == [
        "Brunhild envenoms the Sword with Anatine (the dose is used up).",
        "Until the next rest its Flourishes are gone: on doubles it delivers Anatine instead.",
    ]
    after = await sheet(services, "Brunhild")
    assert after.envenomed == Envenoming(weapon="Sword", poison="Anatine")
    assert [i.name for i in after.equipment].count("Anatine") == 1
    shown = {f.name: f.value for f in sheet_lines(after)}
    assert shown["Poison"] == "Sword envenomed with Anatine"
    # One envenoming a Short Rest, though she carries another dose.
    with pytest.raises(PawpostError, match="^Your envenoming of this Short Rest is spent"):
        await poisons.envenom_weapon(services, actor(ALICE), "Sword", "Anatine")
    # The next rest washes it off, and she may envenom again.
    await short_rest(services, dice)
    assert (await sheet(services, "Brunhild")).envenomed is None
    again = await poisons.envenom_weapon(services, actor(ALICE), "Shortbow", "Anatine")
    assert again.lines[0] == "Brunhild envenoms the Shortbow with Anatine (the dose is used up)."


async def test_a_battle_after_the_rest_closes_it(services, dice) -> None:
    await party_of_three(services)
    await give(services, "Brunhild", dose("Anatine"))
    await short_rest(services, dice)
    await brunhild_against(services, "Brigand")
    with pytest.raises(PawpostError, match="^Brunhild is in a battle; weapons are envenomed"):
        await poisons.envenom_weapon(services, actor(ALICE), "Sword", "Anatine")
    dice.load(6, 5)
    await battle.attack(services, actor(ALICE), "Brigand")
    await battle.end(services, MC)
    # The party has moved on: the envenoming of that rest is spent.
    with pytest.raises(PawpostError, match="^Your envenoming of this Short Rest is spent"):
        await poisons.envenom_weapon(services, actor(ALICE), "Sword", "Anatine")


async def test_the_envenomed_weapon_delivers_instead_of_a_flourish(services, dice) -> None:
    await party_of_three(services)
    await give(services, "Brunhild", dose("Crotamine"))
    await short_rest(services, dice)
    await poisons.envenom_weapon(services, actor(ALICE), "Sword", "Crotamine")
    await brunhild_against(services, "Brigand")
    dice.load(4, 4)  # 8 + Wood 2 - the Brigand's Wind 1 = 9: a hit, safe, doubles
    hit = text(await battle.attack(services, actor(ALICE), "Brigand"))
    assert "Brunhild's envenomed Sword cannot Flourish; it delivers its poison instead." in hit
    assert (
        "Brunhild's envenomed Sword delivers Crotamine to Brigand: poisoned: 2 turn(s) "
        "(Crotamine)." in hit
    )
    assert "Flourish(es) of your weapon" not in hit
    status = {f.name: f.value for f in (await battle.status(services, actor(ALICE))).fields}
    assert status["enemies front"].endswith(", poisoned: 2 turn(s) (Crotamine), reach melee")
    assert status["party front"].endswith(", Sword envenomed with Crotamine, reach ranged")
    # The Brigand's action: the poison first (Crotamine: one Health, armour or not).
    acted = await battle.enemy_act(services, MC, "Brigand", "skill")
    assert acted.lines[:3] == [
        "Brigand suffers the poisoning (Crotamine).",
        "Brigand loses 1 Health to the poison (3 left).",
        "Brigand stays poisoned: 1 turn(s) left.",
    ]
    await battle.skip(services, MC)  # a skipped turn is no action: no poison
    last = await battle.enemy_act(services, MC, "Brigand", "skill")
    assert last.lines[1:3] == [
        "Brigand loses 1 Health to the poison (2 left).",
        "The poison runs its course: Brigand is no longer poisoned.",
    ]
    # Still envenomed: a second doubles delivers again (l. 389 "whenever"), as a Flourish
    # would come on doubles whether the blow lands or not.
    dice.load(1, 1)  # 2 + 2 - 1 = 3: a miss, doubles
    again = text(await battle.attack(services, actor(ALICE), "Brigand"))
    assert "delivers Crotamine to Brigand: poisoned: 2 turn(s)" in again


async def test_the_assassin_s_daggers_and_immunity_s_roll_both_ways(services, dice) -> None:
    await party_of_three(services)
    await without_companion(services)
    held = await sheet(services, "Brunhild")
    # Immunity, and Water -1 so that the 4+ can fail (Health within the new maximum of 4).
    await set_sheet(
        services,
        "Brunhild",
        skills=(*held.skills, "athletics:immunity"),
        water=-1,
        health=4,
    )
    await brunhild_against(services, "Assassin")
    await battle.skip(services, MC)
    dice.load(1, 1, 2, 3)  # 2 + Wood 0 - Wind 1: a miss on odd doubles; Immunity 5 - 1 = 4
    first = text(await battle.enemy_act(services, MC, "Assassin", "battle", "Brunhild"))
    assert "Brunhild is exposed to Crotamine: Immunity's roll." in first
    assert "**Shrugged off**: the Crotamine does nothing to Brunhild." in first
    assert "Doubles: its Flourish" not in first
    assert (await sheet(services, "Brunhild")).poisoning is None
    await battle.skip(services, MC)
    dice.load(2, 2, 1, 1)  # even doubles: the second dagger; Immunity 2 - 1 = 1
    second = text(await battle.enemy_act(services, MC, "Assassin", "battle", "Brunhild"))
    assert (
        "Assassin's poisoned dagger delivers Morphite to Brunhild: poisoned: 2 turn(s) "
        "(Morphite)." in second
    )
    assert (await sheet(services, "Brunhild")).poisoning == Poisoning(
        duration=2, poisons=("Morphite",)
    )


async def test_a_character_suffers_the_poisoning_before_acting(services, dice) -> None:
    await party_of_three(services)
    await without_companion(services)
    await brunhild_against(services, "Assassin")
    await battle.skip(services, MC)
    dice.load(1, 1)  # a miss on odd doubles: Crotamine, and no Immunity to roll
    await battle.enemy_act(services, MC, "Assassin", "battle", "Brunhild")
    status = {f.name: f.value for f in (await battle.status(services, actor(ALICE))).fields}
    assert status["party front"].endswith(", poisoned: 2 turn(s) (Crotamine), reach ranged")
    dice.load(6, 5)
    acted = await battle.attack(services, actor(ALICE), "Assassin")
    assert acted.lines[:3] == [
        "Brunhild suffers the poisoning (Crotamine).",
        "Brunhild loses 1 Health to the poison (6 left).",
        "Brunhild stays poisoned: 1 turn(s) left.",
    ]
    after = await sheet(services, "Brunhild")
    assert after.health == 6
    assert after.poisoning == Poisoning(duration=1, poisons=("Crotamine",), actions=1)


async def test_morphite_s_third_action_puts_it_to_sleep_and_escozul_takes_harmony(
    services, dice
) -> None:
    await party_of_three(services)
    await brunhild_against(services, "Brigand")
    await battle.skip(services, MC)
    await poison_npc(
        services, "Brigand", Poisoning(duration=4, poisons=("Morphite", "Escozul"), actions=2)
    )
    asleep = await battle.enemy_act(services, MC, "Brigand", "battle", "Brunhild")
    assert asleep.lines == [
        "Brigand suffers the poisoning (Morphite, Escozul).",
        "Brigand is Asleep.",
        "Brigand loses 1 Harmony to the poison (-1).",
        "Brigand stays poisoned: 3 turn(s) left.",
        "Brigand falls Asleep and cannot act.",
        "Brigand loses the action.",
        "**Next:** Brunhild's turn.",
    ]
    state = {f.name: f.value for f in (await battle.status(services, actor(ALICE))).fields}
    assert state["enemies front"] == (
        "Brigand: Health 4/4, armour 1, Sleeping, poisoned: 3 turn(s) (Morphite, Escozul), "
        "reach melee"
    )


async def test_mantakya_keeps_its_victim_prone_and_charybdon_kills(services, dice) -> None:
    await party_of_three(services)
    await brunhild_against(services, "Brigand", "Brigand")
    await battle.skip(services, MC)
    await poison_npc(services, "Brigand", Poisoning(duration=2, poisons=("Mantakya",)))
    await poison_npc(services, "Brigand 2", Poisoning(duration=6, poisons=("Charybdon",)))
    prone = await battle.enemy_act(services, MC, "Brigand", "skill")
    assert prone.lines[:2] == ["Brigand suffers the poisoning (Mantakya).", "Brigand is Prone."]
    await battle.skip(services, MC)
    dead = await battle.enemy_act(services, MC, "Brigand 2", "skill")
    assert dead.lines[:5] == [
        "Brigand 2 suffers the poisoning (Charybdon).",
        "Brigand 2 loses 4 Health to the poison (0 left): it dies!",  # all it had
        "The Charybdon has done its work: Brigand 2's poisoning ends.",
        "Brigand 2 loses the action.",
        "**Next:** Brunhild's turn.",
    ]


async def test_blowgun_afflicts_up_to_three_enemies_with_one_dose(services, dice) -> None:
    await party_of_three(services)
    held = await sheet(services, "Brunhild")
    await set_sheet(
        services,
        "Brunhild",
        skillsets=(Skillset.COMBAT, Skillset.ATHLETICS, Skillset.STEALTH),
        skills=(*held.skills, "stealth:infiltrate", "stealth:blowgun"),
    )
    await brunhild_against(services, "Brigand", "Brigand")
    with pytest.raises(PawpostError, match="^You carry no Charybdon; buy it on the market"):
        await skill_uses.use(services, actor(ALICE), "Blowgun", "Charybdon: Brigand, Brigand 2")
    await give(services, "Brunhild", dose("Charybdon"))
    with pytest.raises(PawpostError, match="^Brunhild is not an enemy still in the battle"):
        await skill_uses.use(services, actor(ALICE), "Blowgun", "Charybdon: Brigand, Brunhild")
    shot = await skill_uses.use(services, actor(ALICE), "Blowgun", "Charybdon: Brigand, Brigand 2")
    lines = text(shot)
    assert "Brunhild fires a blowgun: Charybdon darts at Brigand, Brigand 2" in lines
    assert "Brunhild's dart delivers Charybdon to Brigand: poisoned: 1 turn(s)" in lines
    assert "Brunhild's dart delivers Charybdon to Brigand 2: poisoned: 1 turn(s)" in lines
    assert shot.lines[-1].startswith("**Next:** The enemies' turn: the MC picks one to act")
    assert not (await sheet(services, "Brunhild")).carries("Charybdon")
    acted = await battle.enemy_act(services, MC, "Brigand 2", "skill")
    assert acted.lines[1] == "Brigand 2 loses 1 Health to the poison (3 left)."


async def test_a_poison_s_condition_respects_immunity(services, dice) -> None:
    await party_of_three(services)
    held = await sheet(services, "Brunhild")
    # Acrobatics' Contortion: immune to Prone (l. 200) - Mantakya's Prone is refused.
    await set_sheet(services, "Brunhild", skills=(*held.skills, "acrobatics:contortion"))
    await give(services, "Brunhild", poisoning=Poisoning(duration=2, poisons=("Mantakya",)))
    await brunhild_against(services, "Brigand")
    dice.load(6, 5)
    acted = await battle.attack(services, actor(ALICE), "Brigand")
    assert acted.lines[1] == "Brunhild: This character is immune to Prone (Contortion)."
    assert not (await sheet(services, "Brunhild")).has_condition(Condition.PRONE)


async def test_the_console_envenoms_an_illithoid_s_free_poison(services, dice) -> None:
    script = [
        "/as user:admin admin:yes",
        "/config ruleset ruleset:caverns",
        "/as user:ann",
        '/character create name:Vex race:illithoid class:warrior attributes:"wind +1, water +1,'
        ' wood +2, fire 0, metal -1" extra:water advanced:Parry tertiary:hunting'
        " race-item:Anatine",
        "/envenom weapon:Sword poison:Anatine",
        "/rest short",  # 6, 6
        "/envenom weapon:Sword poison:Anatine",
        "/character show",
    ]
    dice.load(6, 6)
    out = io.StringIO()
    code = await run_console(
        "unused", 1000, "ann", False, script_lines(script), out, echo=True, services=services
    )
    shown = out.getvalue()
    assert code == 0, shown
    assert "error: Weapons are envenomed during a Short Rest, and the party's last rest" in shown
    assert "Vex envenoms the Sword with Anatine (the dose is used up)." in shown
    assert "Poison: Sword envenomed with Anatine" in shown


async def test_a_poisoned_zombie_weakens_with_its_health(services, dice) -> None:
    await party_of_three(services)
    await brunhild_against(services, "Zombie")
    await battle.skip(services, MC)
    await poison_npc(services, "Zombie", Poisoning(duration=2, poisons=("Crotamine",)))
    await battle.enemy_act(services, MC, "Zombie", "skill")

    def read(tx):  # type: ignore[no-untyped-def]
        tables = caverns(tx).battles
        return tables.active_in_channel(GUILD, CHANNEL, 1)[0].state.by_name("Zombie")

    zombie = await services.db.transact(read, write=False)
    # l. 568: its attributes follow its Health (H-5 Wind...): at 2 Health, Wind -3.
    assert (zombie.health, zombie.attribute(Attribute.WIND)) == (2, -3)
