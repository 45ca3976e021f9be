"""Character drafts against a real SQLite file: one per player and server, ids never given
twice, expired ones forgotten."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from storage.drafts import Draft, drafts
from storage.repositories import Transaction
from tests.conftest import ALICE, BOB, GUILD, OTHER_GUILD

NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)


def draft(owner: int = ALICE, guild: int = GUILD, hours: float = 24, **choices: object) -> Draft:
    return Draft(
        guild_id=guild,
        owner_id=owner,
        ruleset="germ",
        choices=dict(choices),
        created_at=NOW,
        expires_at=NOW + timedelta(hours=hours),
    )


async def test_a_draft_is_stored_and_read_back_with_its_choices(db) -> None:
    made = await db.transact(lambda tx: drafts(tx).replace(draft(strength=4, name="Firepaw")))
    assert made.id > 0
    found = await db.transact(lambda tx: drafts(tx).get(GUILD, made.id), write=False)
    assert found == made
    assert found.choices == {"strength": 4, "name": "Firepaw"}
    assert await db.transact(lambda tx: drafts(tx).get(OTHER_GUILD, made.id)) is None


async def test_saving_changes_the_choices_and_the_expiry(db) -> None:
    made = await db.transact(lambda tx: drafts(tx).replace(draft()))
    later = made.model_copy(
        update={"choices": {"age": 12}, "expires_at": NOW + timedelta(hours=30)}
    )
    await db.transact(lambda tx: drafts(tx).save(later))
    assert await db.transact(lambda tx: drafts(tx).get(GUILD, made.id)) == later


async def test_a_new_draft_replaces_the_players_old_one_with_a_new_id(db) -> None:
    first = await db.transact(lambda tx: drafts(tx).replace(draft()))
    other = await db.transact(lambda tx: drafts(tx).replace(draft(owner=BOB)))
    elsewhere = await db.transact(lambda tx: drafts(tx).replace(draft(guild=OTHER_GUILD)))
    second = await db.transact(lambda tx: drafts(tx).replace(draft()))
    assert second.id > max(first.id, other.id, elsewhere.id)

    def found(tx: Transaction) -> list[Draft | None]:
        return [drafts(tx).get(d.guild_id, d.id) for d in (first, other, elsewhere, second)]

    assert await db.transact(found) == [None, other, elsewhere, second]


async def test_an_id_is_not_given_again_after_its_draft_is_deleted(db) -> None:
    first = await db.transact(lambda tx: drafts(tx).replace(draft()))
    await db.transact(lambda tx: drafts(tx).delete(GUILD, first.id))
    second = await db.transact(lambda tx: drafts(tx).replace(draft()))
    assert second.id > first.id


async def test_expired_drafts_are_forgotten_and_fresh_ones_kept(db) -> None:
    old = await db.transact(lambda tx: drafts(tx).replace(draft(hours=1)))
    fresh = await db.transact(lambda tx: drafts(tx).replace(draft(owner=BOB, hours=25)))
    gone = await db.transact(lambda tx: drafts(tx).delete_expired(NOW + timedelta(hours=24)))
    assert gone == 1
    assert await db.transact(lambda tx: drafts(tx).get(GUILD, old.id)) is None
    assert await db.transact(lambda tx: drafts(tx).get(GUILD, fresh.id)) == fresh
