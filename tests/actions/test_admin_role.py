"""`/config admin-role` (issue 13): @everyone is refused, a role can be cleared, and the reply
says how to show the hidden /admin commands to the role."""

from __future__ import annotations

import pytest

from bot.actions import server_config
from bot.actions.context import Actor
from bot.commands.catalog import commands_for
from rules.errors import PawpostError
from storage.settings import GuildSettings
from tests.conftest import ADMIN, BOB, CHANNEL, GUILD, actor, dump

ROLE = 555
EVERYONE = GUILD  # Discord's @everyone role has the server's id


def member(*roles: int) -> Actor:
    # As Discord gives it: every member holds @everyone.
    return Actor(
        guild_id=GUILD, channel_id=CHANNEL, user_id=BOB, role_ids=frozenset({EVERYONE, *roles})
    )


async def test_everyone_cannot_be_the_admin_role(services, db) -> None:
    before = dump(db)
    with pytest.raises(PawpostError) as refused:
        await server_config.set_admin_role(services, actor(ADMIN, admin=True), EVERYONE)
    assert refused.value.message == (
        "The admin role cannot be @everyone, which would make every member an admin;"
        " choose a role only your admins have."
    )
    assert dump(db) == before
    with pytest.raises(PawpostError, match="^Only an admin of this server can do that.$"):
        await server_config.set_timezone(services, member(), "Europe/Paris")


def test_an_everyone_role_stored_before_the_refusal_makes_no_one_an_admin() -> None:
    assert not member().admin_in(GuildSettings(admin_role_id=EVERYONE))
    assert member(ROLE).admin_in(GuildSettings(admin_role_id=ROLE))


async def test_the_reply_says_where_to_show_the_admin_commands(services) -> None:
    reply = await server_config.set_admin_role(services, actor(ADMIN, admin=True), ROLE)
    assert reply.lines == [
        f"Members with <@&{ROLE}> are now admins of Pawpost here.",
        "Discord still hides the /admin commands from them until you show them to the role:"
        " Server Settings → Integrations → Pawpost (Manage) → Commands → /admin →"
        " Add Roles or Members → the role → tick it (✓) and Save.",
    ]


async def test_clearing_the_admin_role(services, db) -> None:
    with pytest.raises(PawpostError, match="^This server has no admin role; Manage Server"):
        await server_config.clear_admin_role(services, actor(ADMIN, admin=True))
    await server_config.set_admin_role(services, actor(ADMIN, admin=True), ROLE)
    await server_config.set_timezone(services, member(ROLE), "Europe/Paris")
    before = dump(db)
    with pytest.raises(PawpostError, match="^Only an admin of this server can do that.$"):
        await server_config.clear_admin_role(services, actor(BOB))
    assert dump(db) == before
    reply = await server_config.clear_admin_role(services, member(ROLE))
    assert reply.lines[0].startswith(f"Members with <@&{ROLE}> are no longer admins of Pawpost")
    with pytest.raises(PawpostError, match="^Only an admin of this server can do that.$"):
        await server_config.set_timezone(services, member(ROLE), "Europe/London")
    shown = await server_config.show(services, actor(BOB))
    assert {f.name: f.value for f in shown.fields}["Admin role"] == "Manage Server only"


def test_admin_role_is_a_group_of_set_and_clear() -> None:
    paths = {command.path for command in commands_for("germ")}
    assert {("config", "admin-role", "set"), ("config", "admin-role", "clear")} <= paths
    assert ("config", "admin-role") not in paths
