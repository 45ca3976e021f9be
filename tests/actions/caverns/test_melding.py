"""Melding and the Mushroom Circle through the verbs: the MC's `/admin party site`, a player's
`/rest meld`, the rest that melds, and in battle the Ranged +2 attack at the melded site and
the circle's Flee from any row by Wood."""

from __future__ import annotations

import pytest

from bot.actions.caverns import admin, melding, skill_uses
from bot.actions.caverns.battle import rows as battle
from bot.actions.caverns.party import members, rests
from bot.actions.caverns.sheet import sheet_lines
from rules.caverns.conditions import Condition
from rules.errors import PawpostError
from tests.actions.caverns.helpers import party_of_three, set_sheet, sheet
from tests.conftest import ADMIN, ALICE, BOB, CAROL, CHANNEL, actor, dump

MC = actor(ADMIN, admin=True)
# Ilsa the Elementalist learned Melding instead of Ignite; Piper's Bard stays as she is.
MELDER = ("magery:implement", "illusions:illusions", "psionics:second-sight", "magery:melding")


async def melder(services) -> None:  # type: ignore[no-untyped-def]
    await party_of_three(services)
    await set_sheet(services, "Ilsa", skills=MELDER)


async def test_the_mc_says_where_the_party_is(services, db) -> None:
    await melder(services)
    before = dump(db.path)
    with pytest.raises(PawpostError, match="Only an admin"):
        await melding.set_site(services, actor(ALICE), "Gloomwood")
    with pytest.raises(PawpostError, match=r"^A site's name is 1 to 60 characters\.$"):
        await melding.set_site(services, MC, "x" * 61)
    assert dump(db.path) == before
    said = await melding.set_site(services, MC, "  Gloom   wood ")
    assert said.lines == [f"<#{CHANNEL}>'s party is at Gloom wood."]
    shown = await members.show(services, actor(ALICE))
    assert "The party is at Gloom wood." in shown.lines
    forgot = await melding.set_site(services, MC, "none")
    assert forgot.lines[0].endswith("is at no site the bot knows.")
    assert not any(
        "The party is at" in line for line in (await members.show(services, actor(ALICE))).lines
    )


async def test_each_party_has_its_own_site(services) -> None:
    await melder(services)
    await admin.set_party(services, MC, "Piper", "The Lanterns")
    await melding.set_site(services, MC, "Gloomwood")
    named = await melding.set_site(services, MC, "Deep Hall", character="Piper")
    assert named.lines == ["The Lanterns is at Deep Hall."]
    assert "The party is at Gloomwood." in (await members.show(services, actor(ALICE))).lines
    assert "The party is at Deep Hall." in (await members.show(services, actor(CAROL))).lines


async def test_the_site_survives_a_change_of_what_is_carried(services) -> None:
    await melder(services)
    await melding.set_site(services, MC, "Gloomwood")
    await admin.carrying(services, MC, 8, 2)
    assert "The party is at Gloomwood." in (await members.show(services, actor(ALICE))).lines


async def test_a_rest_melds_where_the_party_is(services, dice, db) -> None:
    await melder(services)
    before = dump(db.path)
    with pytest.raises(
        PawpostError,
        match=r"^Only Melding or Mushroom Circle chooses anything of the land at a rest\.$",
    ):
        await melding.plan(services, actor(ALICE), "yes")
    with pytest.raises(PawpostError, match=r"^Meld is yes or no"):
        await melding.plan(services, actor(BOB), "maybe")
    assert dump(db.path) == before
    planned = await melding.plan(services, actor(BOB), "yes")
    assert planned.lines == [
        "At the party's next rest Ilsa uses Melding where the MC says the party is."
    ]
    # No site yet: the plan waits.
    dice.load(5, 5)
    waited = await rests.rest_short(services, actor(BOB))
    field = next(f.value for f in waited.fields if f.name == "Ilsa")
    assert "could not meld: the MC has not said where the party is" in field
    assert (await sheet(services, "Ilsa")).land_planned
    await melding.set_site(services, MC, "Gloomwood")
    dice.load(5, 5)
    rested = await rests.rest_short(services, actor(BOB))
    field = next(f.value for f in rested.fields if f.name == "Ilsa")
    assert field.endswith("melded with Gloomwood")
    after = await sheet(services, "Ilsa")
    assert after.meld_site == "Gloomwood" and not after.land_planned
    assert any(
        f.name == "The land" and "Melded with: Gloomwood" in f.value for f in sheet_lines(after)
    )
    # The next rest, unplanned, keeps the meld; a new plan replaces it.
    await melding.set_site(services, MC, "The Old Mill")
    dice.load(5, 5)
    await rests.rest_short(services, actor(BOB))
    assert (await sheet(services, "Ilsa")).meld_site == "Gloomwood"
    await melding.plan(services, actor(BOB), "yes")
    dice.load(5, 5)
    await rests.rest_short(services, actor(BOB))
    assert (await sheet(services, "Ilsa")).meld_site == "The Old Mill"


async def battle_with_a_brigand(services) -> None:  # type: ignore[no-untyped-def]
    await battle.start(services, MC)
    await battle.join(services, actor(ALICE), "front")
    await battle.join(services, actor(BOB), "back")
    await battle.join(services, actor(CAROL), "back")
    await battle.add_enemy(services, MC, "brigand")
    await battle.set_order(services, MC, "Ilsa, Brunhild, Piper")


async def test_at_the_melded_site_the_implement_reaches_as_ranged_with_two_more_damage(
    services, dice
) -> None:
    await melder(services)
    await set_sheet(services, "Ilsa", meld_site="Gloomwood")
    await melding.set_site(services, MC, "The Old Mill")
    await battle_with_a_brigand(services)
    # Elsewhere Ilsa's implement is Melee, and she stands in the back row.
    with pytest.raises(PawpostError, match="out of your melee reach"):
        await battle.attack(services, actor(BOB), "Brigand")
    said = await melding.set_site(services, MC, "gloomwood")
    assert said.lines[1] == "Melded with this site: Ilsa."
    dice.load(5, 4)
    hit = await battle.attack(services, actor(BOB), "Brigand")
    text = "\n".join(hit.lines)
    assert "2d6 [5, 4] + Fire 3 − 1 Brigand's Metal = **11**" in text
    # Her Damage 3 + 2: one piece of armour takes 3, the Brigand loses 2 (without the meld, 0).
    assert "Brigand loses 2 Health (a piece of its armour takes up to 3) (2 left)." in text


async def test_the_circle_flees_its_party_from_any_row_by_wood(services, dice, db) -> None:
    await party_of_three(services)
    await battle_with_a_brigand(services)
    with pytest.raises(PawpostError, match=r"^No mushroom circle is made for you to flee to"):
        await battle.flee_in_battle(services, actor(BOB), route="mushroom circle")
    with pytest.raises(PawpostError, match=r"is not a way to flee"):
        await battle.flee_in_battle(services, actor(BOB), route="the window")
    # A circle on the sheet of someone without the skill (Piper's Bard) opens nothing.
    await set_sheet(services, "Piper", circle_site="Fen Hollow")
    with pytest.raises(PawpostError, match=r"^No mushroom circle is made for you to flee to"):
        await battle.flee_in_battle(services, actor(BOB), route="mushroom circle")


async def test_a_wiccan_s_circle_takes_an_ally_out_of_the_front_row(services, dice) -> None:
    from bot.actions.caverns import characters

    await party_of_three(services)
    await characters.create(
        services,
        actor(ADMIN),
        name="Morwen",
        race="human",
        character_class="wiccan",
        attributes="wind +1, water +1, wood +2, fire 0, metal -1",
        extra="water",
        advanced="Mushroom Circle",
        tertiary="healing",
        implement="wood/wind",
        patron_totem="bear",
    )
    await melding.plan(services, actor(ADMIN), "yes")
    await melding.set_site(services, MC, "Fen Hollow")
    dice.load(5, 5)
    rested = await rests.rest_short(services, actor(ALICE))
    assert next(f.value for f in rested.fields if f.name == "Morwen").endswith(
        "made a mushroom circle at Fen Hollow"
    )
    used = await skill_uses.use(services, actor(ADMIN), "mushroom circle")
    assert "Mushroom circle at: Fen Hollow" in used.lines
    await battle.start(services, MC)
    await battle.join(services, actor(ALICE), "front")
    await battle.join(services, actor(BOB), "back")
    await battle.add_enemy(services, MC, "brigand")
    await battle.set_order(services, MC, "Brunhild, Ilsa")
    # Brunhild stands in front with Ilsa behind her: by her row she could only fall back.
    dice.load(5, 4)  # 9 + Wood 2 = 11: out at once
    fled = await battle.flee_in_battle(services, actor(ALICE), route="mushroom circle")
    assert fled.lines[0].startswith("Brunhild flees (mushroom circle).")
    assert "2d6 [5, 4] + Wood 2 = **11**" in "\n".join(fled.lines)
    status = await battle.status(services, actor(ALICE))
    out = {f.name: f.value for f in status.fields}
    assert "Brunhild" in out["Out of the fight"]
    assert not (await sheet(services, "Brunhild")).has_condition(Condition.FEAR)
