"""Migrations 35 and 36 and the voices' repositories on both backends: NPCs, proxy tags, each
member's autoproxy, saved rolls, posts made as NPCs, and the outbox's note of a first try."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from rules.germ.sheet import GermSheet
from storage.database import Database, bundled_migrations
from storage.models import NewCharacter
from storage.outbox import NewPost
from storage.profiles import Post
from storage.voices import Autoproxy, AutoproxyMode, Npc, SavedRoll, voices

NOW = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)
GUILD, ALICE, BOB, CHANNEL = 1, 101, 102, 10
SHEET = GermSheet(
    strength=4, agility=4, charisma=4, intelligence=4, stealth=3, perception=3, age_moons=12
)


def _cat(tx, name: str, owner: int) -> int:  # type: ignore[no-untyped-def]
    made = tx.characters.add(
        NewCharacter(guild_id=GUILD, owner_id=owner, name=name, ruleset="germ", sheet=SHEET),
        NOW,
    )
    return made.id


async def test_tags_are_found_for_their_member_and_npcs_for_admins(db: Database) -> None:
    def seed(tx):  # type: ignore[no-untyped-def]
        ash, rook = _cat(tx, "Ash", ALICE), _cat(tx, "Rook", BOB)
        found = voices(tx)
        found.tags.replace(GUILD, [("Ash:", ""), ("[", "]")], NOW, character_id=ash)
        found.tags.replace(GUILD, [("Rook:", "")], NOW, character_id=rook)
        guard = found.npcs.add(Npc(id=0, guild_id=GUILD, name="Guard", created_by=900), NOW)
        found.tags.replace(GUILD, [("G:", "")], NOW, npc_id=guard.id)
        return ash, guard.id

    ash, guard = await db.transact(seed)
    mine = await db.transact(lambda tx: voices(tx).tags.of_member(GUILD, ALICE, False))
    assert [(t.prefix, t.suffix, t.character_id) for t in mine] == [
        ("Ash:", "", ash),
        ("[", "]", ash),
    ]
    as_admin = await db.transact(lambda tx: voices(tx).tags.of_member(GUILD, ALICE, True))
    assert [(t.prefix, t.npc_id) for t in as_admin][-1] == ("G:", guard)


async def test_a_removed_npc_keeps_its_row_but_leaves_the_list(db: Database) -> None:
    def seed(tx):  # type: ignore[no-untyped-def]
        found = voices(tx).npcs
        guard = found.add(Npc(id=0, guild_id=GUILD, name="Old Guard", created_by=900), NOW)
        found.remove(guard, NOW)
        again = found.add(Npc(id=0, guild_id=GUILD, name="old guard", created_by=900), NOW)
        return guard, again

    guard, again = await db.transact(seed)
    assert guard.id != again.id
    listed = await db.transact(lambda tx: voices(tx).npcs.of_guild(GUILD))
    assert [npc.name for npc in listed] == ["old guard"]
    kept = await db.transact(lambda tx: voices(tx).npcs.by_id(GUILD, guard.id))
    assert kept is not None
    assert kept.name == "Old Guard"


async def test_autoproxy_is_per_member_and_channel(db: Database) -> None:
    def seed(tx):  # type: ignore[no-untyped-def]
        ash = _cat(tx, "Ash", ALICE)
        found = voices(tx).autoproxy
        found.set(GUILD, ALICE, CHANNEL, Autoproxy(mode=AutoproxyMode.LATCH), NOW)
        found.set(GUILD, ALICE, CHANNEL, Autoproxy(mode=AutoproxyMode.FRONT, character_id=ash), NOW)
        return ash

    ash = await db.transact(seed)
    here = await db.transact(lambda tx: voices(tx).autoproxy.get(GUILD, ALICE, CHANNEL))
    assert here == Autoproxy(mode=AutoproxyMode.FRONT, character_id=ash)
    assert await db.transact(lambda tx: voices(tx).autoproxy.get(GUILD, ALICE, 11)) is None
    await db.transact(lambda tx: voices(tx).autoproxy.clear(GUILD, ALICE, CHANNEL))
    assert await db.transact(lambda tx: voices(tx).autoproxy.get(GUILD, ALICE, CHANNEL)) is None


async def test_saved_rolls_by_name(db: Database) -> None:
    def seed(tx):  # type: ignore[no-untyped-def]
        ash = _cat(tx, "Ash", ALICE)
        found = voices(tx).saved_rolls
        found.save(SavedRoll(character_id=ash, name="Sneak", expression="1d20+{stealth}"), NOW)
        found.save(SavedRoll(character_id=ash, name="sneak", expression="1d20+3"), NOW)
        found.save(SavedRoll(character_id=ash, name="Bite", expression="2d6"), NOW)
        return ash

    ash = await db.transact(seed)
    listed = await db.transact(lambda tx: voices(tx).saved_rolls.of(ash))
    assert [(s.name, s.expression) for s in listed] == [("Bite", "2d6"), ("sneak", "1d20+3")]
    assert await db.transact(lambda tx: voices(tx).saved_rolls.name_choices(ash, "s", 25)) == [
        "sneak"
    ]
    assert await db.transact(lambda tx: voices(tx).saved_rolls.delete(ash, "SNEAK"))
    assert not await db.transact(lambda tx: voices(tx).saved_rolls.delete(ash, "sneak"))


async def test_a_post_made_as_an_npc_is_found_by_its_nonce(db: Database) -> None:
    def seed(tx):  # type: ignore[no-untyped-def]
        guard = voices(tx).npcs.add(Npc(id=0, guild_id=GUILD, name="Guard", created_by=900), NOW)
        tx.posts.add(
            Post(
                message_id=5000,
                guild_id=GUILD,
                channel_id=CHANNEL,
                webhook_id=77,
                npc_id=guard.id,
                user_id=900,
                created_at=NOW,
                nonce="abc",
            )
        )
        return guard.id

    guard = await db.transact(seed)
    found = await db.transact(lambda tx: tx.posts.by_nonce("abc"))
    assert found is not None
    assert (found.npc_id, found.character_id) == (guard, None)
    assert await db.transact(lambda tx: tx.posts.get(GUILD, 5000)) == found


async def test_the_outbox_notes_a_first_try(db: Database) -> None:
    await db.transact(lambda tx: tx.outbox.add([NewPost(channel_id=CHANNEL, body="{}")], NOW))
    [post] = await db.transact(lambda tx: tx.outbox.claim(NOW, 10, NOW))
    assert post.tried_at is None
    await db.transact(lambda tx: tx.outbox.mark_tried(post.id, NOW))
    [again] = await db.transact(lambda tx: tx.outbox.claim(NOW, 10, NOW))
    assert again.tried_at == NOW


async def test_posts_made_before_migration_35_come_through(tmp_path: Path) -> None:
    path = tmp_path / "pawpost.sqlite3"
    before = [m for m in bundled_migrations() if m.version < 35]
    old = await Database.open(path, migrations=before)
    await old.close()
    with sqlite3.connect(path) as connection:
        connection.execute(
            "INSERT INTO characters (guild_id, owner_id, name, name_key, ruleset, sheet,"
            " created_at) VALUES (1, 101, 'Ash', 'ash', 'germ', ?, '2026-12-06T09:00:00+00:00')",
            (SHEET.model_dump_json(),),
        )
        connection.execute(
            "INSERT INTO character_posts (message_id, guild_id, channel_id, webhook_id,"
            " character_id, user_id, created_at) VALUES (5000, 1, 10, 77, 1, 101,"
            " '2026-12-06T09:00:00+00:00')"
        )
    db = await Database.open(path)
    try:
        post = await db.transact(lambda tx: tx.posts.get(1, 5000), write=False)
    finally:
        await db.close()
    assert post is not None
    assert (post.character_id, post.user_id, post.npc_id) == (1, 101, None)
