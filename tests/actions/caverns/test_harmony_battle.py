"""The Harmony benefits taken at a rest, in a battle (book l. 335, 341-344): Strong as the
Tallest Tree's two free pieces of armour, Flow Like the River's Forceful next attack and its
free piece, Burn with Passion's floor for allies and cap for enemies."""

from __future__ import annotations

from bot.actions.caverns.battle import rows as battle
from bot.actions.caverns.party import harmony, rests
from rules.caverns.party.harmony_skills import HarmonyBenefit
from tests.actions.caverns.helpers import party_of_three, set_sheet, sheet
from tests.conftest import ADMIN, ALICE, CAROL, actor

MC = actor(ADMIN, admin=True)
OGRE = {"name": "Ogre", "health": 20, "damage": 9, "armour": 0, "attributes": "-2, 3, 0, 0, 0"}


async def rested_with(services, dice, **taken: str) -> None:  # type: ignore[no-untyped-def]
    """Brunhild and Piper plan Harmony skills, rest (5, 5) and take the benefits."""
    await harmony.plan(services, actor(ALICE), taken["brunhild_skill"])
    await harmony.plan(services, actor(CAROL), "burn with passion")
    dice.load(5, 5, 6, 6, 6, 6)  # the rest; Brunhild's roll 12 + 2; Piper's 12 + Fire 3
    await rests.rest_short(services, actor(ALICE))
    await harmony.benefits(
        services, actor(ALICE), taken["brunhild_skill"], taken["brunhild_benefits"]
    )
    await harmony.benefits(
        services, actor(CAROL), "burn with passion", "allies at least zero, enemies at most zero"
    )


async def into_battle(services) -> None:  # type: ignore[no-untyped-def]
    await battle.start(services, MC)
    await battle.join(services, actor(ALICE), "front")
    await battle.join(services, actor(CAROL), "back")
    await battle.add_custom(services, MC, **OGRE)
    await battle.set_order(services, MC, "Brunhild, Piper")


async def test_d4_the_tallest_tree_s_free_armour_and_burn_with_passion_act_in_battle(
    services, dice
) -> None:
    await party_of_three(services)
    await rested_with(
        services,
        dice,
        brunhild_skill="strong as the tallest tree",
        brunhild_benefits="two free armour, forceful attacks",
    )
    assert (await sheet(services, "Brunhild")).armour_left == 4  # 2 worn, 2 free
    await into_battle(services)
    dice.load(4, 5)  # Brunhild's attack (no doubles: no Flourish for the battle to wait for)
    await battle.attack(services, actor(ALICE), "Ogre")
    dice.load(3, 4)  # the Ogre: 7 + Wood 3, capped at +0 by Piper's Burn, - Wind 1 = 6
    hit = await battle.enemy_act(services, MC, "Ogre", "battle", "Brunhild")
    text = "\n".join(hit.lines)
    assert (
        "2d6 [3, 4] + Ogre's Wood 3 − 1 Brunhild's Wind − 3 capped at +0 by Piper's Burn with "
        "Passion = **6**"
    ) in text
    # 9 less Parry's 1 would kill her (7 Health): a free piece is spent by itself first
    # (caverns-battle: armour before death), then the other one after the blow.
    assert (
        "The blow would kill Brunhild: Strong as the Tallest Tree's free Armour: 3 of the blow "
        "negated.\nBrunhild loses 5 Health (2 left)."
    ) in text
    saved = await battle.spend_armour(services, actor(ALICE))
    assert "Strong as the Tallest Tree's free Armour: 3 of the blow negated" in saved.lines[0]
    after = await sheet(services, "Brunhild")
    assert after.free_armour == 0 and after.intact_armour == 2  # nothing worn broke
    status = await battle.status(services, actor(ALICE))
    assert "armour 2" in next(f.value for f in status.fields if f.name == "party front")


async def test_d4_burn_with_passion_lifts_an_ally_s_roll_to_at_least_zero(services, dice) -> None:
    await party_of_three(services)
    await rested_with(
        services, dice, brunhild_skill="sharp as steel", brunhild_benefits="ask the mc"
    )
    await set_sheet(services, "Brunhild", wood=-1)
    await into_battle(services)
    dice.load(3, 3)  # 6 + Wood -1 lifted to +0 + 2 for the Ogre's Wind of -2 = 8
    hit = await battle.attack(services, actor(ALICE), "Ogre")
    assert (
        "2d6 [3, 3] − 1 Wood + 2 minus Ogre's Wind of -2 + 1 raised to +0 by Piper's Burn with "
        "Passion = **8**"
    ) in "\n".join(hit.lines)


async def test_d4_flow_like_the_river_makes_the_next_attack_forceful_with_a_free_piece(
    services, dice
) -> None:
    await party_of_three(services)
    await harmony.plan(services, actor(CAROL), "flow like the river")
    dice.load(5, 5, 6, 6)  # the rest; Piper's Flow 12 + Water 1 = 13: two benefits
    await rests.rest_short(services, actor(CAROL))
    await harmony.benefits(
        services, actor(CAROL), "flow like the river", "forceful against you, unruffled"
    )
    await battle.start(services, MC)
    await battle.join(services, actor(CAROL), "front")  # Piper has no Entourage to turn it
    await battle.join(services, actor(ALICE), "back")
    # Piper has 3 Health: a blow of 2 leaves her standing, so the piece is spent after it (a
    # killing blow would spend it by itself, or kill her past it: armour comes before death).
    await battle.add_custom(services, MC, **{**OGRE, "damage": 2})
    await battle.set_order(services, MC, "Piper, Brunhild")
    await battle.skip(services, MC)
    dice.load(4, 4)  # doubles: 8 + Wood 3 - Wind 1 = 10, a hit; Forceful shoves Piper back
    hit = await battle.enemy_act(services, MC, "Ogre", "battle", "Piper")
    text = "\n".join(hit.lines)
    assert "Flow Like the River: the attack on Piper is Forceful" in text
    assert "Doubles: Forceful (Flow Like the River) on Piper." in text
    saved = await battle.spend_armour(services, actor(CAROL))
    assert "Flow Like the River's free Armour: 2 of the blow negated (3 Health" in saved.lines[0]
    after = await sheet(services, "Piper")
    assert not after.has_benefit(HarmonyBenefit.FORCEFUL_AGAINST_YOU)
    assert after.has_benefit(HarmonyBenefit.UNRUFFLED)
