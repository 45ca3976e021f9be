"""Audit D11: the Narrator corrects and imposes. `/admin adjudicate` of a Risk, a dream change or
a Trick changes its scars, Style, Life and Reputation dice (through `Ruleset.adjudicate`); and
Taking Risks' pieces of the GM toolkit (issue 24: sheet fields, harm, death, undo, fights),
tested on their own until the toolkit's core commands call them."""

from __future__ import annotations

from typing import Any

import pytest

from bot.actions import admin, buttons, characters
from bot.actions.cat import foe_flow, gm, magic, risks
from bot.actions.context import Services
from rules.dice import ScriptedDice
from rules.errors import PawpostError
from storage.cat import cat
from tests.actions.cat.helpers import FIREPAW, TIGERCLAW, cat_server, ids, make
from tests.conftest import ADMIN, ALICE, BOB, GUILD, actor, dump

ADMIN_ACTOR = actor(ADMIN, admin=True)
NO_DICE = ScriptedDice([])


@pytest.fixture
async def both(services):
    await cat_server(services)
    await make(services, ALICE, **FIREPAW)
    await make(services, BOB, **TIGERCLAW)


async def _field(services: Services, name: str, field: str) -> str | None:
    shown = await characters.show(services, actor(ALICE), name)
    return next((f.value for f in shown.fields if f.name == field), None)


async def _gm(services: Services, name: str, verb: Any, *args: Any) -> Any:
    """Run a toolkit piece on a cat in one transaction, as the core's command will."""

    def work(tx):  # type: ignore[no-untyped-def]
        guild = tx.guilds.get(GUILD)
        return verb(tx, guild, tx.characters.by_name(GUILD, name), *args, services.clock())

    return await services.db.transact(work)


# /admin adjudicate, wired today.


async def test_d11_an_adjudicated_success_takes_back_the_scars_the_risk_cost(
    services, dice, both
) -> None:
    # The audit's repro: 3 Claws scars placed (Claws drops to Strong), then "success: ...".
    dice.load(3, 3, 3, 3, 3)
    failed = await risks.risk(services, actor(BOB), "claws", "hard", dangerous="yes")
    await buttons.press(services, actor(BOB), ids(failed)["3 scars in Claws"])
    assert "**Claws** Strong → 4 dice" in (await _field(services, "Tigerclaw", "Traits") or "")
    ruled = await admin.adjudicate(
        services, ADMIN_ACTOR, 4, "success: the roof was lower than it looked", "Narrator's ruling"
    )
    assert ruled.lines[:5] == [
        "Outcome: **success: the roof was lower than it looked**",
        f"Roll #4 is a success now: <@{BOB}> narrates.",
        "The scars it cost are taken back: 3 in Claws.",
        "Claws is Best again.",
        "Reason: Narrator's ruling",
    ]
    assert "**Claws** Best → 5 dice" in (await _field(services, "Tigerclaw", "Traits") or "")
    with pytest.raises(PawpostError, match="That Risk's scars are placed|A Life"):
        await buttons.press(services, actor(BOB), ids(failed)["Spend a Life to succeed"])


async def test_d11_the_narrator_marks_a_risk_dangerous(services, dice, both) -> None:
    # Audit section 3: only the roller decided `dangerous`; a roof jump rolled without it.
    dice.load(3, 5, 3, 4, 5)
    await risks.risk(services, actor(BOB), "claws", "hard")
    ruled = await admin.adjudicate(services, ADMIN_ACTOR, 4, "dangerous failure", "a roof jump")
    assert ruled.lines[1].startswith(
        f"Tigerclaw owes 3 scars (the lowest odd die): <@{BOB}> places them (/scars)"
    )
    owed = await _field(services, "Tigerclaw", "Scars owed")
    assert owed is not None and owed.startswith("Tigerclaw still owes 3 scars from roll #4")


async def test_d11_a_failure_takes_back_the_style_and_gives_back_the_life(
    services, dice, both
) -> None:
    dice.load(2, 4, 6, 1, 1)  # Legs (Best) 5, Easy: 2 surplus
    made = await risks.risk(services, actor(ALICE), "legs", "easy")
    await buttons.press(services, actor(ALICE), ids(made)["Bank 2 Style"])
    ruled = await admin.adjudicate(services, ADMIN_ACTOR, 4, "failure", "it was seen")
    assert "Firepaw loses the 2 Style points it made." in ruled.lines
    assert await _field(services, "Firepaw", "Style banked") == "0"
    dice.load(1, 1, 1, 1)
    failed = await risks.risk(services, actor(ALICE), "claws", "hard")
    await buttons.press(services, actor(ALICE), ids(failed)["Spend a Life to succeed"])
    assert await _field(services, "Firepaw", "Lives") == "8"
    ruled = await admin.adjudicate(services, ADMIN_ACTOR, 7, "failure", "no Life for that")
    assert "The Life Firepaw spent on it comes back: 9." in ruled.lines


async def test_d11_the_narrator_does_not_agree_a_reputation_fits(services, dice, both) -> None:
    # Book l. 84: "If the Narrator agrees that one of your Reputations is appropriate".
    dice.load(1, 1, 1, 1, 2, 2, 2)  # Claws 4 (no even) + Brave 3 (3 evens): a Hard success
    taken = await risks.risk(services, actor(ALICE), "claws", "hard", reputation="brave")
    assert taken.lines[2].startswith("**Success**")
    ruled = await admin.adjudicate(services, ADMIN_ACTOR, 4, "without its Reputation", "no")
    assert ruled.lines[1:3] == [
        "The Narrator does not agree that Brave fits: roll #4 counts 0 evens without its 3 dice.",
        "Roll #4 is a failure now: the Narrator narrates.",
    ]


async def test_d11_free_words_and_other_rolls_keep_a_text_outcome(services, dice, both) -> None:
    dice.load(2, 1, 1, 1)
    await risks.risk(services, actor(ALICE), "claws", "easy")
    ruled = await admin.adjudicate(services, ADMIN_ACTOR, 4, "a draw, say", "words only")
    assert ruled.lines == ["Outcome: **a draw, say**", "Reason: words only"]
    dice.load(2, 1, 1)
    trick = await magic.trick(services, actor(ALICE), "sneak")
    assert trick.footer == "roll #6"  # #5 is the override above
    before = dump(services.db)
    with pytest.raises(PawpostError, match="A trick takes success, failure"):
        await admin.adjudicate(services, ADMIN_ACTOR, 6, "dangerous failure", "no")
    assert dump(services.db) == before


# The GM toolkit's pieces (tested on their own: the toolkit's core is not merged yet).


async def test_d11_fields_list_every_settable_value_and_set_checks_them(services, both) -> None:
    def listed(tx):  # type: ignore[no-untyped-def]
        return gm.fields(tx, tx.guilds.get(GUILD), tx.characters.by_name(GUILD, "Firepaw"))

    shown = {field.name: field for field in await services.db.transact(listed)}
    assert (shown["Claws"].value, shown["Scars: Claws"].value, shown["Lives"].value) == (
        "Strong",
        "0",
        "9",
    )
    assert shown["Tail"].takes == "Legendary, Best, Strong, Good, Hurt or Crippled"
    assert shown["Reputation: Brave"].value == "3" and shown["Drenched"].value == "no"
    assert await _gm(services, "Firepaw", gm.set_field, "tail", "crippled") == [
        "Magic Points: 5 / 5."
    ]
    before = dump(services.db)
    for field, value, sentence in (
        ("Lives", "12", "Lives takes 0 to 9; you gave 12."),
        ("Scars: Coat", "3", "Scars: Coat takes 0 to 2 (a third drops the rank: use the rank)"),
        ("Reputation: Brave", "6", "Reputation: Brave takes 1 to 5, or 0 to take it away"),
        ("Reputation: Top 10", "2", "A Reputation's name is made of words, without numbers"),
        ("Whiskers", "3", "A cat's sheet has no Whiskers; it has Claws, Coat"),
    ):
        with pytest.raises(PawpostError) as refused:
            await _gm(services, "Firepaw", gm.set_field, field, value)
        assert refused.value.message.startswith(sentence)
    assert dump(services.db) == before
    await _gm(services, "Firepaw", gm.set_field, "Reputation: Bold", "2")
    await _gm(services, "Firepaw", gm.set_field, "reputation: sly", "0")
    assert await _field(services, "Firepaw", "Reputations") == "Brave 3, Clever 2, Bold 2"
    await _gm(services, "Firepaw", gm.set_field, "Drenched", "yes")
    assert (await _field(services, "Firepaw", "States") or "").startswith("drenched")
    await _gm(services, "Firepaw", gm.set_field, "Drenched", "no")  # the audit: no command dried
    assert await _field(services, "Firepaw", "States") == "none"
    assert await _gm(services, "Firepaw", gm.set_field, "Lives", "0") == ["Firepaw is dead."]


async def test_d11_damage_is_scars_owed_and_heal_takes_scars_away(services, dice, both) -> None:
    [line] = await _gm(services, "Firepaw", gm.damage, 4, NO_DICE)
    assert line.startswith(f"Firepaw owes 4 scars from the Narrator: <@{ALICE}> places them")
    listed = await buttons.press(services, actor(ALICE), "pawpost:cat-wound:1:show")
    placed = await buttons.press(services, actor(ALICE), ids(listed)["4 scars in Legs"])
    assert placed.lines[0] == "Firepaw takes 4 in Legs."  # the Narrator's scars need no reason
    await _gm(services, "Firepaw", gm.damage, 2, NO_DICE)
    healed = await _gm(services, "Firepaw", gm.heal, 3, NO_DICE)
    assert healed == ["Firepaw owes 2 scars fewer.", "Firepaw heals 1 in Legs."]
    traits = await _field(services, "Firepaw", "Traits") or ""
    assert "**Legs** Strong → 4 dice\n" in traits  # a lost rank does not come back
    with pytest.raises(PawpostError, match="Firepaw has no scars to heal."):
        await _gm(services, "Firepaw", gm.heal, 1, NO_DICE)


async def test_d11_kill_and_revive_by_lives_and_the_fight_ends(services, both) -> None:
    await foe_flow.start(services, ADMIN_ACTOR, "Boggin", 2, 5, character="Firepaw")
    killed = await _gm(services, "Firepaw", gm.kill, NO_DICE)
    assert killed == ["Firepaw has no Lives left and dies.", "Firepaw is dead: fight 1 is over."]
    assert await _field(services, "Firepaw", "States") == "dead"
    revived = await _gm(services, "Firepaw", gm.revive, NO_DICE)
    assert revived == ["Firepaw finds a Life again: 1 Life.", "Firepaw lives again."]
    assert await _field(services, "Firepaw", "Lives") == "1"
    with pytest.raises(PawpostError, match="Firepaw is alive."):
        await _gm(services, "Firepaw", gm.revive, NO_DICE)


async def test_d11_snapshot_and_restore_put_the_wounds_back(services, dice, both) -> None:
    def saved(tx):  # type: ignore[no-untyped-def]
        return gm.snapshot(tx, tx.characters.by_name(GUILD, "Firepaw"))

    dice.load(3, 3, 3, 3)
    failed = await risks.risk(services, actor(ALICE), "claws", "hard", dangerous="yes")
    before = await services.db.transact(saved)
    await buttons.press(services, actor(ALICE), ids(failed)["3 scars in Claws"])
    await _gm(services, "Firepaw", gm.damage, 2, NO_DICE)

    def undo(tx):  # type: ignore[no-untyped-def]
        gm.restore(tx, tx.characters.by_name(GUILD, "Firepaw"), before)

    await services.db.transact(undo)

    def open_wounds(tx):  # type: ignore[no-untyped-def]
        found = tx.characters.by_name(GUILD, "Firepaw")
        return [(w.owed, w.placed) for w in cat(tx).wounds.open_of(GUILD, found.id)]

    assert await services.db.transact(open_wounds) == [(3, 0)]


async def test_d11_a_foe_fight_s_scars_are_skipped_to_the_narrator_and_it_ends(
    services, dice, both
) -> None:
    started = await foe_flow.start(services, ADMIN_ACTOR, "Boggin", 1, 5, character="Firepaw")

    def skip(tx):  # type: ignore[no-untyped-def]
        return gm.skip_turn(tx, tx.guilds.get(GUILD), 1, None, services.clock())

    with pytest.raises(PawpostError, match="waits for Firepaw's move, which rolls dice"):
        await services.db.transact(skip)
    dice.load(1, 1, 1, 1, 2)
    await buttons.press(services, actor(ALICE), ids(started)["Claws"])
    skipped = await services.db.transact(skip)
    assert skipped[0] == "Firepaw takes 1 in Claws."
    assert skipped[-1] == f"<@{ALICE}>, round 2: how does Firepaw fight?"

    def end(tx):  # type: ignore[no-untyped-def]
        return gm.end_scene(tx, tx.guilds.get(GUILD), 1, "the Boggin fled", services.clock())

    assert await services.db.transact(end) == [
        "Fight 1 is over (the Boggin fled); Firepaw is free to go."
    ]


def test_d11_outcomes_offered_by_kind_of_roll() -> None:
    from datetime import UTC, datetime

    from storage.models import AuditEntry

    def entry(action: str) -> AuditEntry:
        return AuditEntry(
            guild_id=1, user_id=1, action=action, summary="", created_at=datetime.now(UTC)
        )

    assert gm.outcomes(entry("risk")) == [
        "success",
        "failure",
        "dangerous failure",
        "without its Reputation",
    ]
    assert gm.outcomes(entry("trick")) == ["success", "failure"]
    assert gm.outcomes(entry("contest")) == []
