"""Issue 12, "Sheets that only the story changes", through the action layer: lasting conditions,
age and mother are the story's (admins, with a logged reason), a 21+ hit offers only the
disabilities a cat lacks, and another player's cat as mother waits for her player's Accept."""

from __future__ import annotations

import pytest

from bot.actions import buttons, characters, server_config
from bot.actions.germ import cats as germ_cats
from bot.actions.germ import combat, mothers
from bot.actions.reply import Reply
from rules.errors import PawpostError
from storage.database import Database
from tests.actions.germ.combat_helpers import (
    FIREPAW,
    TIGERCLAW,
    click,
    fighting,
)
from tests.actions.germ.test_builder import build
from tests.actions.germ.test_builder import click as builder_click
from tests.conftest import ADMIN, ALICE, BOB, CAROL, GUILD, actor, cat, dump

ADMIN_ACTOR = actor(ADMIN, admin=True)


async def _audit(db: Database) -> list[str]:
    entries = await db.transact(lambda tx: tx.audit.all_in_guild(GUILD), write=False)
    return [f"{e.summary} | {e.reason}" for e in entries]


async def _mother(services, name: str) -> str:
    shown = await characters.show(services, actor(ADMIN, admin=True), name)
    return {f.name: f.value for f in shown.fields}["Mother"]


# --- Lasting conditions, age and mother after creation ----------------------------------------


async def test_a_player_cannot_take_a_condition_away_nor_change_age_or_mother(services, db) -> None:
    await germ_cats.create(services, actor(ALICE), **cat("Oldclaw", age=130))
    await germ_cats.create(services, actor(ALICE), **cat("Sandstorm", age=40))
    await germ_cats.add_condition(services, actor(ALICE), "blind", "Oldclaw")  # a story injury
    before = dump(db)
    with pytest.raises(PawpostError) as refused:
        await germ_cats.remove_condition(services, actor(ALICE), "blind", "Oldclaw")
    assert refused.value.message == (
        "Only an admin can take a lasting condition away, with a reason: it belongs to the story."
    )
    for change in ({"age": 30}, {"mother": "Sandstorm"}):
        with pytest.raises(PawpostError) as refused:
            await germ_cats.edit(services, actor(ALICE), "Oldclaw", **change)  # type: ignore[arg-type]
        assert refused.value.message == (
            "After creation only an admin can change a cat's age or mother, with a reason."
        )
    assert dump(db) == before


async def test_an_admin_changes_them_only_with_a_reason_and_it_is_logged(services, db) -> None:
    await germ_cats.create(services, actor(ALICE), **cat("Oldclaw", age=130))
    await germ_cats.add_condition(services, actor(ALICE), "no-tail", "Oldclaw")
    before = dump(db)
    with pytest.raises(PawpostError, match=r"^An admin change needs a reason"):
        await germ_cats.remove_condition(services, ADMIN_ACTOR, "no-tail", "Oldclaw")
    with pytest.raises(PawpostError, match=r"^An admin change needs a reason"):
        await germ_cats.edit(services, ADMIN_ACTOR, "Oldclaw", age=30)
    with pytest.raises(PawpostError, match=r"^An admin change needs a reason"):
        await germ_cats.add_condition(services, ADMIN_ACTOR, "blind", "Oldclaw")
    assert dump(db) == before
    healed = await germ_cats.remove_condition(
        services, ADMIN_ACTOR, "no-tail", "Oldclaw", reason="the healer's herbs"
    )
    assert healed.footer == "reason: the healer's herbs"
    await germ_cats.edit(services, ADMIN_ACTOR, "Oldclaw", age=30, reason="a typo at creation")
    log = await _audit(db)
    assert "no tail removed | the healer's herbs" in log
    assert "edited Oldclaw: age 30 moons | a typo at creation" in log


# --- 21+ disabilities ------------------------------------------------------------------------


async def _struck(services, dice) -> Reply:
    """Firepaw hides from Tigerclaw and makes a free attack of power 21 or more."""
    await fighting(services, actor(ALICE), actor(BOB), "Tigerclaw")
    dice.load(20, 1)
    hidden = await combat.hide(services, actor(ALICE))
    dice.load(20)
    return await click(services, actor(ALICE), hidden, "Free attack")


async def test_a_21_hit_offers_only_the_disabilities_the_cat_lacks(services, dice) -> None:
    await germ_cats.create(services, actor(ALICE), **FIREPAW)
    await germ_cats.create(services, actor(BOB), **TIGERCLAW)
    await germ_cats.add_condition(services, actor(BOB), "blind")
    struck = await _struck(services, dice)
    assert struck.select is not None
    assert [o.label for o in struck.select.options] == [
        "lost sense of smell",
        "disfigured limb",
        "tail torn off",
    ]
    with pytest.raises(PawpostError, match=r"already has that one \(blind\)"):
        await buttons.press(services, actor(BOB), struck.select.custom_id, ["blinded"])


async def test_a_cat_with_all_four_disabilities_takes_the_hit_as_a_scar(services, dice, db) -> None:
    await germ_cats.create(services, actor(ALICE), **FIREPAW)
    await germ_cats.create(services, actor(BOB), **TIGERCLAW)
    for condition in ("blind", "no-sense-of-smell", "lost-limb", "no-tail"):
        await germ_cats.add_condition(services, actor(BOB), condition)
    struck = await _struck(services, dice)
    assert struck.select is None
    assert (
        "Tigerclaw already has every permanent disability: the wound leaves a scar instead."
        in struck.lines
    )
    entries = await db.transact(lambda tx: tx.audit.all_in_guild(GUILD), write=False)
    assert [(e.summary.split(" (")[0], e.outcome) for e in entries if e.character_id][-2:] == [
        ("Scar", "one more scar on the record"),
        ("Disability", "none left to take: the hit counts as a scar"),
    ]


# --- Mothers ---------------------------------------------------------------------------------


async def test_another_players_cat_as_mother_waits_for_her_players_accept(services, db) -> None:
    await germ_cats.create(services, actor(ALICE), **cat("Sandstorm", age=40))
    asked = await germ_cats.create(
        services, actor(BOB), **cat("Sandkit", age=1, mother="Sandstorm")
    )
    assert asked.title == "Sandkit joins the server"
    assert asked.mentions == [ALICE]
    assert [b.label for b in asked.buttons] == ["Accept", "Decline"]
    assert asked.buttons[0].custom_id.startswith("pawpost:mother:")
    assert await _mother(services, "Sandkit") == "—"
    before = dump(db)
    for who in (BOB, CAROL):
        with pytest.raises(PawpostError) as refused:
            await buttons.press(services, actor(who), asked.buttons[0].custom_id)
        assert refused.value.message == "Only Sandstorm's player or an admin can answer."
    assert dump(db) == before
    accepted = await buttons.press(services, actor(ALICE), asked.buttons[0].custom_id)
    assert accepted.lines == ["Sandstorm is now Sandkit's mother."]
    assert await _mother(services, "Sandkit") == "Sandstorm"
    with pytest.raises(PawpostError, match=r"^That mother request was already accepted\.$"):
        await buttons.press(services, actor(ALICE), asked.buttons[1].custom_id)
    log = await _audit(db)
    assert "asked Sandstorm to be the mother (waiting for acceptance) | None" in log
    assert "mother Sandstorm accepted | None" in log


async def test_declining_or_the_mother_being_deleted_leaves_the_kit_without_one(
    services, db
) -> None:
    await germ_cats.create(services, actor(ALICE), **cat("Sandstorm", age=40))
    await germ_cats.create(services, actor(ALICE), **cat("Brindleface", age=40))
    first = await germ_cats.create(
        services, actor(BOB), **cat("Sandkit", age=1, mother="Sandstorm")
    )
    declined = await buttons.press(services, actor(ALICE), first.buttons[1].custom_id)
    assert declined.lines == ["Sandstorm's player declined: Sandkit has no mother."]
    assert await _mother(services, "Sandkit") == "—"
    second = await germ_cats.create(
        services, actor(BOB), **cat("Mosskit", age=1, mother="Brindleface")
    )
    deleting = await characters.delete(services, actor(ALICE), "Brindleface")
    await buttons.press(services, actor(ALICE), deleting.buttons[0].custom_id)
    closed = await buttons.press(services, actor(ALICE), second.buttons[0].custom_id)
    assert closed.lines == ["The mother was deleted, so the kit has no mother from this request."]
    assert await _mother(services, "Mosskit") == "—"
    log = await _audit(db)
    assert "mother Sandstorm declined | None" in log
    assert "mother request closed: the mother was deleted | None" in log


async def test_your_own_cat_as_mother_needs_no_acceptance(services) -> None:
    await germ_cats.create(services, actor(BOB), **cat("Sandstorm", age=40))
    made = await germ_cats.create(services, actor(BOB), **cat("Sandkit", age=1, mother="Sandstorm"))
    assert made.buttons == []
    assert await _mother(services, "Sandkit") == "Sandstorm"


async def test_a_mother_is_at_least_the_servers_gap_older_and_admins_set_it(services, db) -> None:
    await germ_cats.create(services, actor(ALICE), **cat("Sandstorm", age=20))
    before = dump(db)
    with pytest.raises(PawpostError) as refused:
        await germ_cats.create(services, actor(ALICE), **cat("Sandkit", age=12, mother="Sandstorm"))
    assert refused.value.message == (
        "Sandstorm cannot be the mother: a mother must be at least 12 moons older than her kit, "
        "and she is 20 moons to the kit's 12."
    )
    with pytest.raises(PawpostError, match=r"^Only an admin of this server can do that\.$"):
        await mothers.set_age_gap(services, actor(ALICE), 6)
    assert dump(db) == before
    set_ = await mothers.set_age_gap(services, ADMIN_ACTOR, 6)
    assert set_.lines == ["A mother must now be at least 6 moons older than her kit."]
    shown = await server_config.show(services, actor(ALICE))
    germ = {f.name: f.value for f in shown.fields}["Germ"]
    assert "a mother is at least 6 moons older than her kit" in germ
    await germ_cats.create(services, actor(ALICE), **cat("Sandkit", age=12, mother="Sandstorm"))
    assert await _mother(services, "Sandkit") == "Sandstorm"


async def test_the_builder_and_an_admins_edit_ask_another_players_cat_too(services) -> None:
    await germ_cats.create(services, actor(BOB), **cat("Sandstorm", age=40))
    reply = await build(services, {**cat("Firepaw"), "mother": "Sandstorm"})
    made = await builder_click(services, reply, "Create")
    assert made.title == "Firepaw joins the server"
    # The builder is its player's alone: the request goes to the channel, for the mother's player.
    assert made.ephemeral and made.buttons == []
    assert made.announce is not None and not made.announce.ephemeral
    assert made.announce.mentions == [BOB]
    assert [b.label for b in made.announce.buttons] == ["Accept", "Decline"]
    assert await _mother(services, "Firepaw") == "—"
    await buttons.press(services, actor(BOB), made.announce.buttons[0].custom_id)
    assert await _mother(services, "Firepaw") == "Sandstorm"
    await germ_cats.create(services, actor(CAROL), **cat("Brightpaw"))
    edited = await germ_cats.edit(
        services, ADMIN_ACTOR, "Brightpaw", mother="Sandstorm", reason="the story says so"
    )
    assert edited.lines[0] == "Brightpaw: mother Sandstorm asked."
    assert await _mother(services, "Brightpaw") == "—"
    await buttons.press(services, actor(BOB), edited.buttons[0].custom_id)
    assert await _mother(services, "Brightpaw") == "Sandstorm"
