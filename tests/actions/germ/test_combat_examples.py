"""The Germ book's worked combat examples, played through the actions with scripted dice."""

from __future__ import annotations

from bot.actions.germ import combat
from tests.actions.germ.combat_helpers import SHADEPAW, click, fighting, make_cats, text
from tests.conftest import ALICE, BOB, CAROL, actor


async def test_13_against_14_misses_then_16_against_7_hits_with_power_9(services, dice) -> None:
    await make_cats(services)
    started = await fighting(services, actor(ALICE), actor(BOB), "Tigerclaw")
    assert "**Round 1: Firepaw's turn**" in text(started)
    assert started.mentions == [ALICE]

    dice.load(8, 10)
    missed = await combat.attack(services, actor(ALICE))
    assert missed.lines[:4] == [
        "Firepaw attacks Tigerclaw.",
        "Firepaw — Attack (Strength): d20 **8** + Strength 5 = **13**",
        "Tigerclaw — Dodge (Agility): d20 **10** + Agility 4 = **14**",
        "**Miss:** Agility 14 beats Strength 13.",
    ]
    assert "**Round 2: Tigerclaw's turn**" in text(missed)
    assert set(missed.mentions) == {BOB}

    dice.load(10, 2)
    hit = await click(services, actor(BOB), missed, "Attack")
    assert hit.lines[1:4] == [
        "Tigerclaw — Attack (Strength): d20 **10** + Strength 6 = **16**",
        "Firepaw — Dodge (Agility): d20 **2** + Agility 5 = **7**",
        "**Hit, power 9: moderate.** The attack is pretty moderate. A few drops of blood "
        "well up but that's all. Hurts, but won't leave a scar.",
    ]
    assert "scar" not in hit.lines[4]
    assert "**Round 3: Firepaw's turn**" in text(hit)
    assert set(hit.mentions) == {ALICE}


async def test_the_badly_wounded_runner_rolls_19_plus_5_minus_5_against_15_and_escapes(
    services, dice
) -> None:
    await make_cats(services)
    await fighting(services, actor(ALICE), actor(CAROL), "Longtail", challenger_first=False)

    # "The runner had been the target of an attack that had a power total of 18."
    dice.load(17, 1)
    hit = await combat.attack(services, actor(CAROL))
    assert "**Hit, power 18: deep.**" in hit.lines[3]
    assert "Firepaw is badly wounded" in text(hit)

    ran = await combat.run(services, actor(ALICE))
    assert "Longtail: chase Firepaw, or let them go?" in text(ran)
    assert ran.mentions == [CAROL]

    dice.load(19, 12)
    chased = await click(services, actor(CAROL), ran, "Chase")
    assert chased.lines[1:4] == [
        "Firepaw — Run (Agility): d20 **19** + Agility 5 − 5 badly wounded = **19**",
        "Longtail — Chase (Agility): d20 **12** + Agility 3 = **15**",
        "**Firepaw gets away.**",
    ]
    assert chased.lines[-1] == "**The combat is over:** the last cat got away."
    assert chased.buttons == []


async def test_stealth_8_plus_14_minus_5_hides_from_a_perception_of_14(services, dice) -> None:
    await make_cats(services, SHADEPAW)
    started = await fighting(services, actor(ALICE), actor(BOB), "Tigerclaw")
    assert "Shadepaw's turn" in text(started)

    dice.load(14, 10)
    hidden = await combat.hide(services, actor(ALICE))
    assert hidden.lines == [
        "Shadepaw tries to hide from Tigerclaw.",
        "Shadepaw — Hide (Stealth): d20 **14** + Stealth 8 − 5 hiding in combat = **17**",
        "Tigerclaw — Spot (Perception): d20 **10** + Perception 4 = **14**",
        "**Shadepaw is hidden.**",
        "Shadepaw: a free attack on Tigerclaw, or escape without the chance of being caught?",
    ]
    assert [b.label for b in hidden.buttons] == ["Free attack", "Escape"]

    dice.load(10)
    struck = await click(services, actor(ALICE), hidden, "Free attack")
    assert struck.lines[:5] == [
        "Shadepaw strikes from hiding.",
        "Shadepaw makes a free attack from hiding on Tigerclaw.",
        "Shadepaw — Free attack (Strength): d20 **10** + Strength 3 = **13**",
        "Tigerclaw cannot dodge it; Agility 4 cuts its power.",
        "**Free attack, power 9: moderate.** The attack is pretty moderate. A few drops of "
        "blood well up but that's all. Hurts, but won't leave a scar.",
    ]
    assert "**Round 2: Tigerclaw's turn**" in text(struck)
