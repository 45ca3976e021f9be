"""`/config`, `/roll`, `/log` and `/admin export` through the action layer."""

from __future__ import annotations

import gzip
import json

import pytest

from bot.actions import buttons, export, log, roll, server_config
from bot.actions.context import Actor
from bot.actions.germ import cats as germ_cats
from bot.actions.germ import checks
from rules.errors import PawpostError
from tests.conftest import ADMIN, ALICE, BOB, CHANNEL, FIREPAW, GUILD, actor, dump

ADMIN_ROLE = 555


async def test_roll_shows_each_die_and_is_logged(services, dice) -> None:
    dice.load(4, 5, 2)
    reply = await roll.roll(services, actor(ALICE), "3d8+5", "testing")
    assert reply.title == "Roll 3d8+5 for testing"
    assert reply.lines == ["3d8 [4, 5, 2] + 5 = **16**"]
    logged = await log.recent(services, actor(BOB))
    assert "3d8+5: 16" in logged.lines[0]
    assert "reason: testing" in logged.lines[0]


async def test_a_bad_expression_is_one_sentence_and_logs_nothing(services, db) -> None:
    before = dump(db)
    with pytest.raises(PawpostError, match='"3d" at position 2: expected the number of sides'):
        await roll.roll(services, actor(ALICE), "3d")
    assert dump(db) == before


async def test_log_paginates_newest_first(services, dice) -> None:
    for face in range(1, 13):
        dice.load(face)
        await roll.roll(services, actor(ALICE), "d20")
    first = await log.recent(services, actor(ALICE), limit=5)
    assert len(first.lines) == 5
    assert "1d20: 12" in first.lines[0]
    older = await buttons.press(services, actor(ALICE), first.buttons[0].custom_id)
    assert "1d20: 7" in older.lines[0]
    assert older.update


async def test_log_of_a_channel_leaves_out_other_channels(services, dice) -> None:
    dice.load(3, 4)
    await roll.roll(services, actor(ALICE), "d6")
    await roll.roll(services, actor(ALICE, channel=CHANNEL + 1), "d6")
    here = await log.recent(services, actor(ALICE))
    assert len(here.lines) == 1
    assert "1d6: 3" in here.lines[0]


async def test_config_show_and_admin_only_changes(services, db) -> None:
    shown = await server_config.show(services, actor(ALICE))
    fields = {f.name: f.value for f in shown.fields}
    assert fields["Ruleset"] == "Germ"
    assert fields["Time zone"] == "UTC"
    assert "22 points, at most 8 in a stat" in fields["Germ"]
    assert fields["Hunting"].startswith("reminders off; season Newleaf (set by admins)")
    before = dump(db)
    for change in (
        server_config.set_timezone(services, actor(ALICE), "Europe/London"),
        server_config.set_ruleset(services, actor(ALICE), "wcagr"),
        server_config.set_admin_role(services, actor(ALICE), ADMIN_ROLE),
    ):
        with pytest.raises(PawpostError, match="Only an admin of this server can do that."):
            await change
    assert dump(db) == before


async def test_time_zone_is_validated(services, db) -> None:
    before = dump(db)
    with pytest.raises(PawpostError, match="Mars/Olympus is not a time zone I know"):
        await server_config.set_timezone(services, actor(ADMIN, admin=True), "Mars/Olympus")
    assert dump(db) == before
    await server_config.set_timezone(services, actor(ADMIN, admin=True), "America/New_York")
    shown = await server_config.show(services, actor(ALICE))
    assert {f.name: f.value for f in shown.fields}["Time zone"] == "America/New_York"
    assert "Europe/London" in server_config.zone_choices("london")


async def test_admin_role_makes_its_members_admins(services) -> None:
    await server_config.set_admin_role(services, actor(ADMIN, admin=True), ADMIN_ROLE)
    with_role = Actor(
        guild_id=GUILD, channel_id=CHANNEL, user_id=BOB, role_ids=frozenset({ADMIN_ROLE})
    )
    await server_config.set_timezone(services, with_role, "Europe/Paris")


async def test_an_unbuilt_ruleset_answers_its_commands_with_a_sentence(
    services, unbuilt_ruleset
) -> None:
    reply = await server_config.set_ruleset(services, actor(ADMIN, admin=True), unbuilt_ruleset)
    assert reply.lines == ["This server now plays Unbuilt Game. Its rolls are not built yet."]
    with pytest.raises(PawpostError, match="Unbuilt Game is not built into Pawpost yet"):
        await checks.check(services, actor(ALICE), "strength")
    with pytest.raises(PawpostError, match="Unbuilt Game is not built into Pawpost yet"):
        await germ_cats.create(services, actor(ALICE), **FIREPAW)
    await server_config.set_ruleset(services, actor(ADMIN, admin=True), "germ")
    await germ_cats.create(services, actor(ALICE), **FIREPAW)


async def test_admin_export_is_a_json_file_for_admins_only(services, dice) -> None:
    await germ_cats.create(services, actor(ALICE), **FIREPAW)
    dice.load(7)
    await checks.check(services, actor(ALICE), "agility")
    with pytest.raises(PawpostError, match="Only an admin"):
        await export.export(services, actor(ALICE))
    reply = await export.export(services, actor(ADMIN, admin=True))
    assert reply.ephemeral
    assert reply.attachment is not None
    assert reply.attachment.filename == f"pawpost-{GUILD}.json.gz"
    data = json.loads(gzip.decompress(reply.attachment.content))
    assert data["ruleset"] == "germ"
    assert data["characters"][0]["sheet"]["strength"] == 4
    assert data["audit_log"][-1]["rolls"][0]["dice"] == [{"sides": 20, "face": 7}]


async def test_log_pages_by_text_length_and_skips_nothing(services, dice) -> None:
    long_reason = "r" * 190
    for number in range(1, 27):
        dice.load((number - 1) % 20 + 1)
        await roll.roll(services, actor(ALICE), "d20", f"{long_reason} {number}")
    seen: list[str] = []
    page = await log.recent(services, actor(ALICE), limit=25)
    while True:
        assert sum(len(line) + 1 for line in page.lines) <= log.PAGE_TEXT_BUDGET
        seen.extend(line.split("`")[1] for line in page.lines)
        if not page.buttons:
            break
        page = await buttons.press(services, actor(ALICE), page.buttons[0].custom_id)
    assert seen == [f"#{n}" for n in range(26, 0, -1)]
