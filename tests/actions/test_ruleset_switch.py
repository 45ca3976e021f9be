"""A server keeps its characters per ruleset (issue 30): switching archives the old ruleset's
characters (listed, exported, back when the server switches back), and `/admin restore` refuses
a deleted character of another ruleset."""

from __future__ import annotations

import json

import pytest

from bot.actions import characters, server_config
from bot.actions.export import stream_export
from bot.actions.germ import cats as germ_cats
from bot.actions.wcagr import cats as wcagr_cats
from rules.errors import PawpostError
from tests.actions.wcagr.helpers import wcagr_cat
from tests.conftest import ADMIN, ALICE, BOB, FIREPAW, GUILD, TIGERCLAW, actor, dump


async def exported(services) -> dict:  # type: ignore[no-untyped-def]
    parts: list[str] = []
    await stream_export(services.db, GUILD, parts.append, services.rulesets)
    return json.loads("".join(parts))


async def test_switching_ruleset_archives_the_old_rulesets_characters(services) -> None:
    admin = actor(ADMIN, admin=True)
    await germ_cats.create(services, actor(ALICE), **FIREPAW)
    await germ_cats.create(services, actor(BOB), **TIGERCLAW)
    tigerclaw = await services.db.transact(lambda tx: tx.characters.by_name(GUILD, "Tigerclaw"))
    await characters.confirm_delete(services, actor(BOB), tigerclaw.id)

    reply = await server_config.set_ruleset(services, admin, "wcagr")
    assert reply.lines == [
        "This server now plays WCAGR.",
        "Archived, not deleted: 1 Germ character, back when the server plays Germ again"
        " (/character list names them; /admin export holds them).",
    ]
    listed = await characters.list_characters(services, actor(ALICE))
    assert listed.lines == [
        "No characters here yet.",
        "Archived Germ characters (back when the server plays Germ): Firepaw.",
    ]
    with pytest.raises(PawpostError, match="There is no character named Firepaw"):
        await characters.show(services, actor(ALICE), "Firepaw")
    rows = {row["name"]: row for row in (await exported(services))["characters"]}
    assert rows["Firepaw"]["archived_at"] is not None and rows["Firepaw"]["ruleset"] == "germ"
    assert rows["Tigerclaw"]["archived_at"] is None and rows["Tigerclaw"]["deleted_at"]

    # the Germ cat deleted before the switch does not come back into a WCAGR server
    with pytest.raises(
        PawpostError,
        match="Tigerclaw is a Germ character and this server plays WCAGR: restore it once",
    ):
        await characters.restore(services, admin, "Tigerclaw")
    # nor is an archived one "restored": it is not deleted
    with pytest.raises(PawpostError, match="No deleted character is named Firepaw"):
        await characters.restore(services, admin, "Firepaw")

    # the name is free while its Germ owner is archived
    await wcagr_cats.create(services, actor(BOB), **wcagr_cat("Firepaw"))
    reply = await server_config.set_ruleset(services, admin, "germ")
    assert reply.lines[1].startswith("Archived, not deleted: 1 WCAGR character, back when")
    assert reply.lines[2] == "Back from the archive: 1 Germ character."
    shown = await characters.show(services, actor(ALICE), "Firepaw")
    assert f"<@{ALICE}>" in shown.lines[0]
    await characters.restore(services, admin, "Tigerclaw")
    listed = await characters.list_characters(services, actor(ALICE))
    assert (
        listed.lines[-1] == "Archived WCAGR characters (back when the server plays WCAGR): Firepaw."
    )


async def test_choosing_the_same_ruleset_changes_nothing(services, db) -> None:
    await germ_cats.create(services, actor(ALICE), **FIREPAW)
    before = dump(db)
    reply = await server_config.set_ruleset(services, actor(ADMIN, admin=True), "germ")
    assert reply.lines == ["This server already plays Germ."] and dump(db) == before
