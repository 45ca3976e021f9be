"""Audit D11: the Narrator corrects and imposes. `/admin adjudicate` of a Risk, a dream change or
a Trick changes its scars, Style, Life and Reputation dice; and the GM toolkit's commands
(issue 24: sheet set, damage, heal, kill, revive, undo, scene skip and end) with what they mean
for a cat."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.actions import admin, buttons, characters
from bot.actions.cat import foe_flow, gm, magic, risks, wounds
from bot.actions.context import Services
from bot.actions.gm import life, scenes, undo
from bot.actions.gm import sheet as sheet_set
from rules.errors import PawpostError
from rules.life import Life
from storage.cat import cat
from storage.models import AuditEntry
from tests.actions.cat.helpers import FIREPAW, TIGERCLAW, cat_server, ids, make
from tests.conftest import ADMIN, ALICE, BOB, GUILD, actor, dump

ADMIN_ACTOR = actor(ADMIN, admin=True)


@pytest.fixture
async def both(services):
    await cat_server(services)
    await make(services, ALICE, **FIREPAW)
    await make(services, BOB, **TIGERCLAW)


async def _field(services: Services, name: str, field: str) -> str | None:
    shown = await characters.show(services, actor(ALICE), name)
    return next((f.value for f in shown.fields if f.name == field), None)


async def _life(services: Services, name: str) -> Life:
    found = await services.db.transact(lambda tx: tx.characters.by_name(GUILD, name))
    return found.life


# /admin adjudicate.


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


# The GM toolkit's commands (issue 24's core), with Taking Risks' meanings.


async def test_d11_sheet_fields_are_listed_and_set_through_the_sheet_s_checks(
    services, both
) -> None:
    shown = await sheet_set.show(services, ADMIN_ACTOR, "Firepaw")
    values = {field.name: field.value for field in shown.fields}
    assert values["State"].startswith("active")
    assert values["Claws"].startswith("Strong") and values["Lives"].startswith("9")
    assert values["Tail"].endswith("Legendary, Best, Strong, Good, Hurt or Crippled")
    tail = await sheet_set.set_field(services, ADMIN_ACTOR, "Firepaw", "tail", "crippled", "bit")
    assert tail.lines[:2] == ["**Tail**: Good → Crippled", "Magic Points: 5 / 5."]
    before = dump(services.db)
    for field, value, sentence in (
        ("Lives", "12", "Lives takes 0 to 9; you gave 12."),
        ("Scars: Coat", "3", "Scars: Coat takes 0 to 2 (a third drops the rank: use the rank)"),
        ("Reputation: Brave", "6", "Reputation: Brave takes 1 to 5, or 0 to take it away"),
        ("Reputation: (a new one)", "Top 10", "Reputation: Top takes a name and a rank of 1 to 5"),
        ("Whiskers", "3", "Firepaw's sheet has no field Whiskers; it has State, Claws"),
    ):
        with pytest.raises(PawpostError) as refused:
            await sheet_set.set_field(services, ADMIN_ACTOR, "Firepaw", field, value, "test")
        assert refused.value.message.startswith(sentence), refused.value.message
    assert dump(services.db) == before
    bold = await sheet_set.set_field(
        services, ADMIN_ACTOR, "Firepaw", "Reputation: (a new one)", "Bold 2", "a deed"
    )
    assert "Bold 2 joins its Reputations." in bold.lines
    await sheet_set.set_field(services, ADMIN_ACTOR, "Firepaw", "reputation: sly", "0", "lost")
    assert await _field(services, "Firepaw", "Reputations") == "Brave 3, Clever 2, Bold 2"
    await sheet_set.set_field(services, ADMIN_ACTOR, "Firepaw", "Drenched", "yes", "the pond")
    assert (await _field(services, "Firepaw", "States") or "").startswith("drenched")
    # The audit: `dry_off` existed, but no command dried a cat.
    await sheet_set.set_field(services, ADMIN_ACTOR, "Firepaw", "Drenched", "no", "a mistake")
    assert await _field(services, "Firepaw", "States") == "none"
    died = await sheet_set.set_field(services, ADMIN_ACTOR, "Firepaw", "Lives", "0", "fell")
    assert "Firepaw is dead." in died.lines
    assert await _life(services, "Firepaw") is Life.DEAD
    await undo.undo(services, ADMIN_ACTOR)
    assert await _life(services, "Firepaw") is Life.ACTIVE


async def test_d11_damage_is_scars_owed_and_heal_takes_scars_away(services, dice, both) -> None:
    hurt = await life.damage(services, ADMIN_ACTOR, "Firepaw", 4, "a dog's bite")
    assert hurt.lines[0].startswith(
        f"Firepaw owes 4 scars from the Narrator: <@{ALICE}> places them"
    )
    listed = await wounds.owed(services, actor(ALICE))
    placed = await buttons.press(services, actor(ALICE), ids(listed)["4 scars in Legs"])
    assert placed.lines[0] == "Firepaw takes 4 in Legs."  # the Narrator's scars need no reason
    await life.damage(services, ADMIN_ACTOR, "Firepaw", 2, "a thorn")
    healed = await life.heal(services, ADMIN_ACTOR, "Firepaw", 3, "rest")
    assert healed.lines[:2] == ["Firepaw owes 2 scars fewer.", "Firepaw heals 1 in Legs."]
    traits = await _field(services, "Firepaw", "Traits") or ""
    assert "**Legs** Strong → 4 dice\n" in traits  # a lost rank does not come back
    with pytest.raises(PawpostError, match="Firepaw has no scars to heal."):
        await life.heal(services, ADMIN_ACTOR, "Firepaw", 1, "more rest")


async def test_d11_kill_and_revive_by_lives_and_the_fight_ends(services, both) -> None:
    await foe_flow.start(services, ADMIN_ACTOR, "Boggin", 2, 5, character="Firepaw")
    killed = await life.kill(services, ADMIN_ACTOR, "Firepaw", "the Boggin won")
    assert killed.lines[:2] == [
        "Firepaw has no Lives left and dies.",
        "Firepaw is dead: fight 1 is over.",
    ]
    assert await _field(services, "Firepaw", "States") == "dead"
    with pytest.raises(PawpostError, match="Firepaw is dead."):
        await risks.risk(services, actor(ALICE), "claws", "easy")
    revived = await life.revive(services, ADMIN_ACTOR, "Firepaw", "a rumoured Life")
    assert revived.lines[:2] == ["Firepaw finds a Life again: 1 Life.", "Firepaw lives again."]
    assert await _field(services, "Firepaw", "Lives") == "1"


async def test_d11_undo_puts_back_the_wounds_a_change_made(services, dice, both) -> None:
    dice.load(3, 3, 3, 3)
    await risks.risk(services, actor(ALICE), "claws", "hard", dangerous="yes")
    await life.damage(services, ADMIN_ACTOR, "Firepaw", 2, "a thorn")
    await undo.undo(services, ADMIN_ACTOR)

    def open_wounds(tx):  # type: ignore[no-untyped-def]
        found = tx.characters.by_name(GUILD, "Firepaw")
        return [(w.source.value, w.owed, w.placed) for w in cat(tx).wounds.open_of(GUILD, found.id)]

    assert await services.db.transact(open_wounds) == [("risk", 3, 0)]


async def test_d11_an_adjudication_is_undone_with_its_scars(services, dice, both) -> None:
    dice.load(3, 3, 3, 3, 3)
    failed = await risks.risk(services, actor(BOB), "claws", "hard", dangerous="yes")
    await buttons.press(services, actor(BOB), ids(failed)["3 scars in Claws"])
    await admin.adjudicate(services, ADMIN_ACTOR, 4, "success", "the roof was lower")
    assert "**Claws** Best → 5 dice" in (await _field(services, "Tigerclaw", "Traits") or "")
    await undo.undo(services, ADMIN_ACTOR)
    assert "**Claws** Strong → 4 dice" in (await _field(services, "Tigerclaw", "Traits") or "")


async def test_d11_a_foe_fight_is_skipped_and_ended_by_the_narrator(services, dice, both) -> None:
    started = await foe_flow.start(services, ADMIN_ACTOR, "Boggin", 1, 5, character="Firepaw")
    here = actor(ADMIN, admin=True)
    waiting = await scenes.skip(services, here, "Firepaw")
    assert waiting.lines[0] == (
        "Fight 1 waits for Firepaw's move, which rolls dice: an admin may press one of these for "
        "its player."
    )
    assert "Claws" in ids(waiting)
    dice.load(1, 1, 1, 1, 2)
    await buttons.press(services, actor(ALICE), ids(started)["Claws"])
    skipped = await scenes.skip(services, here, "Firepaw")
    assert skipped.lines[0] == "Firepaw takes 1 in Claws."
    assert skipped.lines[-1] == f"<@{ALICE}>, round 2: how does Firepaw fight?"
    ended = await scenes.end(services, here, "the Boggin fled", "Firepaw")
    assert ended.lines[0] == "Fight 1 ends: the Boggin fled."
    assert ended.lines[-1] == "**An admin ended the fight.**"


def test_d11_outcomes_offered_by_kind_of_roll() -> None:
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
