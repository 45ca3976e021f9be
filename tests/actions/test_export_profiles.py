"""`/admin export` carries the server's profiles, posts made as characters and approval queue,
a page at a time and none of another server's."""

from __future__ import annotations

import gzip
import json
from datetime import timedelta

import pytest

from bot.actions import export
from bot.actions.germ import cats as germ_cats
from bot.registry import RULESETS
from storage.approvals import ApprovalKind, ApprovalStatus
from storage.dialect import SQLITE
from storage.profiles import Post, Profile
from tests.conftest import (
    ADMIN,
    ALICE,
    BOB,
    CHANNEL,
    FIREPAW,
    GUILD,
    OTHER_GUILD,
    TIGERCLAW,
    actor,
    execute_apart,
)


async def _ids(db, guild: int) -> dict[str, int]:
    return await db.transact(
        lambda tx: {c.name: c.id for c in tx.characters.all_in_guild(guild)}, write=False
    )


def _post(guild: int, message_id: int, character_id: int, user_id: int, when) -> Post:
    return Post(
        message_id=message_id,
        guild_id=guild,
        channel_id=CHANNEL,
        webhook_id=77,
        character_id=character_id,
        user_id=user_id,
        created_at=when,
    )


async def test_the_export_pages_profiles_posts_and_approvals_of_this_server_only(
    services, db, clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(export, "PAGE", 1)  # every row its own page: the paging is exercised
    await germ_cats.create(services, actor(ALICE), **FIREPAW)
    await germ_cats.create(services, actor(BOB), **TIGERCLAW)
    await germ_cats.create(services, actor(BOB, guild=OTHER_GUILD), **FIREPAW)
    ours, theirs = await _ids(db, GUILD), await _ids(db, OTHER_GUILD)
    firepaw, tigerclaw, foreign = ours["Firepaw"], ours["Tigerclaw"], theirs["Firepaw"]
    now = clock()

    def seed(tx) -> None:
        tx.profiles.save(Profile(character_id=firepaw, guild_id=GUILD, colour=0xFF8800), now)
        tx.profiles.save(
            Profile(character_id=tigerclaw, guild_id=GUILD, pronouns="he/him", description="Big"),
            now,
        )
        tx.profiles.save(Profile(character_id=foreign, guild_id=OTHER_GUILD, colour=1), now)
        tx.posts.add(_post(GUILD, 5_000, firepaw, ALICE, now))
        tx.posts.add(_post(OTHER_GUILD, 5_500, foreign, BOB, now))
        tx.posts.add(_post(GUILD, 6_000, tigerclaw, BOB, now))
        deleted = _post(GUILD, 7_000, firepaw, ALICE, now)
        tx.posts.add(deleted)
        tx.posts.mark_deleted(deleted, now + timedelta(minutes=1))
        tx.approvals.add(GUILD, firepaw, ApprovalKind.SHEET, ALICE, now)
        tx.approvals.add(OTHER_GUILD, foreign, ApprovalKind.SHEET, BOB, now)
        decided = tx.approvals.add(GUILD, tigerclaw, ApprovalKind.EDIT, BOB, now, "age 14")
        approval = tx.approvals.get(GUILD, decided)
        assert approval is not None
        tx.approvals.decide(approval, ApprovalStatus.REJECTED, ADMIN, now, "too soon")

    await db.transact(seed)
    reply = await export.export(services, actor(ADMIN, admin=True))
    assert reply.attachment is not None
    data = json.loads(gzip.decompress(reply.attachment.content))

    assert [(p["character_id"], p["colour"], p["pronouns"]) for p in data["profiles"]] == [
        (firepaw, 0xFF8800, None),
        (tigerclaw, None, "he/him"),
    ]
    assert [(p["message_id"], p["user_id"]) for p in data["posts"]] == [
        (5_000, ALICE),
        (6_000, BOB),
        (7_000, ALICE),
    ]
    assert data["posts"][2]["deleted_at"] is not None  # a deleted post is still on record
    assert [(a["character_id"], a["kind"], a["status"]) for a in data["approvals"]] == [
        (firepaw, "sheet", "pending"),
        (tigerclaw, "edit", "rejected"),
    ]
    assert data["approvals"][1]["reason"] == "too soon"
    assert [c["name"] for c in data["characters"]] == ["Firepaw", "Tigerclaw"]


async def test_rows_made_after_the_export_began_are_left_out(services, db, clock) -> None:
    await germ_cats.create(services, actor(ALICE), **FIREPAW)
    firepaw = (await _ids(db, GUILD))["Firepaw"]
    now = clock()
    await db.transact(lambda tx: tx.posts.add(_post(GUILD, 5_000, firepaw, ALICE, now)))
    written: list[str] = []

    def write(text: str) -> None:
        if not written:  # the head is read: a post and a request made now come after it
            execute_apart(
                db,
                "INSERT INTO character_posts (message_id, guild_id, channel_id, webhook_id,"
                f" character_id, user_id, created_at) VALUES (6000, {GUILD}, {CHANNEL}, 77,"
                f" {firepaw}, {ALICE}, '2026-11-30T12:00:00.000000+00:00')",
            )
            execute_apart(
                db,
                "INSERT INTO character_approvals (guild_id, character_id, kind, requested_by,"
                f" created_at) VALUES ({GUILD}, {firepaw}, 'sheet', {ALICE},"
                " '2026-11-30T12:00:00.000000+00:00')",
            )
        written.append(text)

    counts = await export.stream_export(db, GUILD, write, RULESETS)
    first = json.loads("".join(written))
    assert [p["message_id"] for p in first["posts"]] == [5_000]
    assert first["approvals"] == []
    assert (counts.posts, counts.approvals) == (1, 0)
    again = await export.export_guild(db, GUILD, RULESETS)
    assert [p["message_id"] for p in again["posts"]] == [5_000, 6_000]
    assert [a["status"] for a in again["approvals"]] == ["pending"]


async def test_the_export_pages_posts_and_approvals_by_an_index(
    services, db, clock, monkeypatch
) -> None:
    """Migration 21: each page of a server's posts and approval queue is an index range, never a
    read of every server's rows, and needs no sort."""
    from tests.query_plans import planned, recorded

    await germ_cats.create(services, actor(ALICE), **FIREPAW)
    firepaw = (await _ids(db, GUILD))["Firepaw"]

    def seed(tx) -> None:
        tx.posts.add(_post(GUILD, 5_000, firepaw, ALICE, clock()))
        tx.approvals.add(GUILD, firepaw, ApprovalKind.SHEET, ALICE, clock())

    await db.transact(seed)
    async with recorded(db, monkeypatch) as statements:
        await export.export(services, actor(ADMIN, admin=True))
    ours = [
        (sql, parameters)
        for sql, parameters in statements
        if "character_posts" in sql or "character_approvals" in sql
    ]
    assert ours
    wanted = {"character_posts": "character_posts_by_guild"}
    wanted["character_approvals"] = "character_approvals_by_guild"
    for sql, plan in planned(db, ours).items():
        assert not plan.scans & set(wanted), (sql, plan)
        if db.dialect is SQLITE and "ORDER BY" in sql:  # PostgreSQL's pick is cost-based
            table = next(name for name in wanted if name in sql)
            assert wanted[table] in plan.indexes, (sql, plan)
