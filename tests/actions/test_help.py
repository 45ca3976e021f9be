"""`/help` inside Discord (issue 30): the server's game and where to start, every command with
its options, the set-up steps for admins, pages within Discord's limits; `/config show` ends
with what is not set up yet."""

from __future__ import annotations

import pytest

from bot.actions import buttons, server_config
from bot.commands.help import PAGE_CHARACTERS, help_command, pages, topic_names
from rules.errors import PawpostError
from tests.conftest import ADMIN, ALICE, actor

ADMIN_ACTOR = actor(ADMIN, admin=True)


async def test_help_says_what_the_server_plays_and_where_to_start(services) -> None:
    reply = await help_command(services, actor(ALICE))
    assert reply.ephemeral and reply.title == "Pawpost"
    assert reply.lines[0].startswith("This server plays **Germ**: cats with 22 points")
    assert "`/character new` makes your character step by step" in reply.lines[1]
    assert not any(line.startswith("**Admins:**") for line in reply.lines)
    admins = await help_command(services, ADMIN_ACTOR)
    assert admins.lines[-1].startswith("**Admins:** `/help topic:setup` lists the set-up steps")


async def test_a_command_and_its_options(services) -> None:
    reply = await help_command(services, actor(ALICE), "character new")
    assert reply.title == "/character new"
    reply = await help_command(services, actor(ALICE), "/check")
    assert reply.lines[1].startswith("Usage: `/check stat:<strength|")
    assert (
        "• `stat` (required): " in reply.lines[2] and "one of strength, agility" in (reply.lines[2])
    )
    group = await help_command(services, actor(ALICE), "config")
    assert group.title == "/config" and any("/config show" in line for line in group.lines)


async def test_an_unknown_topic_names_the_nearest(services) -> None:
    with pytest.raises(PawpostError, match="no help topic chracter new here. Did you mean"):
        await help_command(services, actor(ALICE), "chracter new")


async def test_the_command_list_pages_with_buttons(services) -> None:
    first = await help_command(services, ADMIN_ACTOR, "commands")
    assert first.footer is not None and first.footer.startswith("page 1 of ")
    [next_button] = first.buttons
    second = await buttons.press(services, ADMIN_ACTOR, next_button.custom_id)
    assert second.update and second.footer.startswith("page 2 of ")
    assert second.lines != first.lines and second.buttons[0].label == "Previous"
    for page in range(1, 10):
        players = await help_command(services, actor(ALICE), "commands", page=page)
        assert not any("`/admin" in line for line in players.lines)


@pytest.mark.parametrize("ruleset", ["germ", "wcagr", "cat", "caverns"])
async def test_every_help_page_fits_discords_limits(services, ruleset) -> None:
    if ruleset != "germ":
        await server_config.set_ruleset(services, ADMIN_ACTOR, ruleset)
    for name in topic_names(ruleset):
        first = await help_command(services, ADMIN_ACTOR, name)
        total = int(first.footer.split()[-1]) if first.footer else 1
        for page in range(1, total + 1):
            reply = await help_command(services, ADMIN_ACTOR, name, page)
            text = "\n".join(reply.lines)
            assert len(text) <= PAGE_CHARACTERS + 200 and len(reply.lines) <= 15, name
            assert len(reply.title or "") <= 256


def test_pages_cut_by_lines_and_characters() -> None:
    assert [len(p) for p in pages([str(n) for n in range(31)])] == [15, 15, 1]
    assert [len(p) for p in pages(["x" * 2000] * 3)] == [1, 1, 1]


async def test_setup_steps_and_config_show_ends_with_what_is_not_set(services) -> None:
    setup = await help_command(services, ADMIN_ACTOR, "setup")
    assert setup.lines[0].startswith("1. `/config ruleset ruleset:<game>`")
    assert any("/config reminders on" in line for line in setup.lines)  # Germ hunts
    shown = await server_config.show(services, actor(ALICE))
    missing = shown.fields[-1]
    assert missing.name == "Not set up yet"
    assert missing.value.splitlines()[0].startswith("/config timezone zone:<zone>")
    await server_config.set_timezone(services, ADMIN_ACTOR, "Europe/London")
    shown = await server_config.show(services, actor(ALICE))
    assert "/config timezone" not in shown.fields[-1].value
