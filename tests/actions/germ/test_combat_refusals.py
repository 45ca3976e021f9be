"""Bad combat input: each refusal is one clear sentence and leaves the database unchanged."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest

from bot.actions import buttons
from bot.actions.context import Services
from bot.actions.germ import cats as germ_cats
from bot.actions.germ import combat
from bot.actions.reply import Reply
from bot.registry import RULESETS
from rules.errors import PawpostError
from storage.database import Database
from tests.actions.germ.combat_helpers import click, custom_id, fighting, make_cats
from tests.conftest import ADMIN, ALICE, BOB, CAROL, OTHER_GUILD, actor, cat, dump

Attempt = Callable[[Services, Reply], Awaitable[object]]


async def refused(db: Database, attempt: Awaitable[object], message: str) -> None:
    before = dump(db)
    with pytest.raises(PawpostError) as error:
        await attempt
    assert error.value.message == message
    assert dump(db) == before


@pytest.fixture
async def turn(services) -> Reply:
    """Firepaw (Alice) against Tigerclaw (Bob), Firepaw's turn; Carol plays Longtail."""
    await make_cats(services)
    return await fighting(services, actor(ALICE), actor(BOB), "Tigerclaw")


@pytest.mark.parametrize(
    ("attempt", "message"),
    [
        (lambda s, r: combat.attack(s, actor(BOB)), "It is not your turn."),
        (lambda s, r: click(s, actor(BOB), r, "Attack"), "It is not your turn."),
        (lambda s, r: click(s, actor(CAROL), r, "Hide"), "It is not your turn."),
        (lambda s, r: combat.run(s, actor(BOB)), "Targets cannot run; wait for your turn."),
        (lambda s, r: combat.hide(s, actor(BOB)), "Targets cannot hide; wait for your turn."),
        (lambda s, r: combat.attack(s, actor(CAROL)), "None of your cats is in a combat."),
        (
            lambda s, r: combat.attack(s, actor(ALICE), target="Longtail"),
            "That cat is not in this combat.",
        ),
        (
            lambda s, r: combat.attack(s, actor(ALICE), target="Firepaw"),
            "A cat cannot attack itself.",
        ),
        (
            lambda s, r: combat.attack(s, actor(BOB), character="Firepaw"),
            "Firepaw belongs to another player.",
        ),
        (
            lambda s, r: combat.challenge(s, actor(CAROL), "Tigerclaw"),
            "Tigerclaw is already in a combat (combat 1).",
        ),
        (
            lambda s, r: combat.challenge(s, actor(ALICE), "Longtail"),
            "Firepaw is already in a combat (combat 1).",
        ),
        (
            lambda s, r: combat.admin_first(s, actor(ADMIN, admin=True), "Tigerclaw"),
            "There is no first attacker to choose: round 1: Firepaw's turn.",
        ),
        (
            lambda s, r: combat.admin_skip(s, actor(ALICE), "Firepaw"),
            "Only an admin of this server can do that.",
        ),
        (
            lambda s, r: combat.propose_end(s, actor(CAROL), "Firepaw"),
            "Only the fighters' players or an admin can end this combat.",
        ),
        (
            lambda s, r: buttons.press(s, actor(ALICE), "pawpost:combat:1:attack"),
            "That button is out of date; the combat has moved on.",
        ),
        (
            lambda s, r: buttons.press(s, actor(BOB, guild=OTHER_GUILD), custom_id(r, "Attack")),
            "That combat does not exist in this server.",
        ),
        (
            lambda s, r: buttons.press(s, actor(ALICE), "pawpost:combat:99:attack:0"),
            "That combat does not exist in this server.",
        ),
        (
            lambda s, r: combat.status(s, actor(BOB, guild=OTHER_GUILD), "Firepaw"),
            "There is no character named Firepaw in this server.",
        ),
    ],
)
async def test_a_refusal_during_a_turn_changes_nothing(
    services, db, turn, attempt: Attempt, message: str
) -> None:
    await refused(db, attempt(services, turn), message)


async def test_challenging_yourself_or_your_own_cat_is_refused(services, db) -> None:
    await make_cats(services)
    await refused(
        db, combat.challenge(services, actor(ALICE), "Firepaw"), "Firepaw cannot fight itself."
    )
    await germ_cats.create(services, actor(ALICE), **cat("Sandpaw"))
    await refused(
        db,
        combat.challenge(services, actor(ALICE), "Sandpaw", character="Firepaw"),
        "You cannot challenge your own character.",
    )
    await refused(
        db,
        combat.challenge(services, actor(ALICE), "Tigerclaw", hiding="maybe"),
        "hiding must be allowed or not-allowed.",
    )


async def test_a_character_of_another_server_cannot_be_challenged(services, db) -> None:
    await make_cats(services)
    elsewhere = actor(ALICE, guild=OTHER_GUILD)
    await germ_cats.create(services, elsewhere, **cat("Sandpaw"))
    await refused(
        db,
        combat.challenge(services, elsewhere, "Tigerclaw"),
        "There is no character named Tigerclaw in this server.",
    )


async def test_only_the_challenged_player_accepts(services, db) -> None:
    await make_cats(services)
    challenge = await combat.challenge(services, actor(ALICE), "Tigerclaw")
    await refused(
        db,
        click(services, actor(ALICE), challenge, "Accept"),
        "You cannot accept your own challenge.",
    )
    await refused(
        db,
        click(services, actor(CAROL), challenge, "Accept"),
        "Only Tigerclaw's player or an admin can accept.",
    )
    await refused(
        db,
        click(services, actor(BOB, guild=OTHER_GUILD), challenge, "Accept"),
        "That combat does not exist in this server.",
    )
    accepted = await click(services, actor(BOB), challenge, "Accept")
    await refused(
        db,
        click(services, actor(CAROL), accepted, "I go first"),
        "Only the fighters' players answer this; an admin decides with /admin combat first.",
    )
    await refused(
        db,
        click(services, actor(ADMIN, admin=True), accepted, "They go first"),
        "Only the fighters' players answer this; an admin decides with /admin combat first.",
    )
    await refused(
        db,
        combat.admin_skip(services, actor(ADMIN, admin=True), "Firepaw"),
        "There is no turn to skip: choosing who attacks first.",
    )


async def test_the_chase_buttons_belong_to_the_cat_run_from(services, db, turn) -> None:
    ran = await click(services, actor(ALICE), turn, "Run")
    await refused(
        db,
        click(services, actor(ALICE), ran, "Chase"),
        "You are the one running; Tigerclaw's player decides whether to chase.",
    )
    await refused(
        db,
        click(services, actor(ALICE), ran, "Let go"),
        "You are the one running; Tigerclaw's player decides whether to chase.",
    )
    await refused(
        db,
        click(services, actor(CAROL), ran, "Chase"),
        "Only Tigerclaw's player or an admin can chase or let go.",
    )
    await refused(
        db,
        combat.attack(services, actor(ALICE)),
        "Waiting for the cat being run from to chase or let go.",
    )


async def test_a_finished_combat_refuses_every_button(services, db, dice, turn) -> None:
    await combat.admin_end(services, actor(ADMIN, admin=True), "Firepaw")
    await refused(db, click(services, actor(ALICE), turn, "Attack"), "This combat is over.")
    await refused(db, click(services, actor(BOB), turn, "Run"), "This combat is over.")
    await refused(db, combat.attack(services, actor(ALICE)), "None of your cats is in a combat.")
    await refused(
        db,
        combat.status(services, actor(ALICE)),
        "There is no combat here; name a cat in one with the character option.",
    )
    await refused(
        db,
        combat.admin_end(services, actor(ADMIN, admin=True), "Firepaw"),
        "Firepaw is not in a combat.",
    )


async def test_a_stale_button_after_a_restart_changes_nothing(
    services, db, dice, clock, turn
) -> None:
    dice.load(8, 10)
    missed = await click(services, actor(ALICE), turn, "Attack")
    await db.close()
    reopened = await Database.open(db.path)
    try:
        fresh = Services(rulesets=RULESETS, db=reopened, dice=dice, clock=clock)
        await refused(
            reopened,
            click(fresh, actor(ALICE), turn, "Attack"),
            "That button is out of date; the combat has moved on.",
        )
        await refused(
            reopened,
            click(fresh, actor(ALICE), missed, "Attack"),
            "It is not your turn.",
        )
    finally:
        await reopened.close()


async def test_a_challenge_naming_no_cat_is_one_sentence(services, db) -> None:
    await make_cats(services)
    await refused(db, combat.challenge(services, actor(ALICE), ""), "Name the cat you challenge.")


@pytest.mark.parametrize(
    ("verb", "user"),
    [
        ("chase", ALICE),
        ("let-go", ALICE),
        ("disability", ALICE),
        ("free-attack", ALICE),
        ("escape", ALICE),
        ("accept", CAROL),
    ],
)
async def test_a_button_of_a_phase_that_is_not_open_says_so(services, db, turn, verb, user) -> None:
    """Issue 13: a chase or disability button pressed when no one runs or is wounded said
    "Only nobody's player …"."""
    wrong_phase = custom_id(turn, "Attack").replace(":attack:", f":{verb}:")
    await refused(
        db,
        buttons.press(services, actor(user), wrong_phase, ["blinded"]),
        "That choice is not open now: the combat has moved on.",
    )
