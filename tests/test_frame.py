"""The ruleset frame takes a fifth ruleset with no core edit (germ-and-frame.md B1): Toy, kept
under tests/, is registered here, played in the console and built into Discord's command tree;
a group its ruleset does not describe is one clear error wherever the set is built; and each
ruleset taking hunting fulfils hunting's contract with the sheet."""

from __future__ import annotations

import dataclasses
import io

import discord
import pytest
from discord import app_commands

from bot.actions.context import Services
from bot.commands.catalog import CommandIndex, command_set
from bot.console import run_console, script_lines
from bot.discord.tree import build_command_set, command_set_hash
from bot.registry import RULESETS
from bot.ruleset import NEVER_STARVES, Feature
from storage.hunting import AGE_MOONS, FAIL_STREAK, HUNTING_SHEET, STARVING
from tests.test_readme import _FakeBot, _invoke
from tests.toy.ruleset import TOY, toy_registry


@pytest.fixture
def toy_services(services: Services, monkeypatch: pytest.MonkeyPatch) -> Services:
    services.rulesets = toy_registry(monkeypatch)
    return services


async def test_b1_the_toy_ruleset_plays_in_the_console(toy_services: Services, dice) -> None:
    dice.load(4, 1)
    script = [
        "/as user:boss admin:yes",
        "/config ruleset ruleset:toy",
        "/as user:ann",
        "/character create name:Lucky luck:3",
        "/check dc:7",
        "/check dc:7",
        "/luck show",
        "/character show",
        "/time",
        "/help",
    ]
    out = io.StringIO()
    code = await run_console(
        "unused", 1000, "ann", False, script_lines(script), out, echo=True, services=toy_services
    )
    text = out.getvalue()
    assert code == 0, text
    assert "> /config ruleset ruleset:toy\nThis server now plays Toy." in text
    assert "== Lucky joins the server ==\nLuck 3." in text
    assert "d6 4 + Luck 3 = 7 against DC 7: Success." in text
    assert "d6 1 + Luck 3 = 4 against DC 7: Failure." in text
    assert "Lucky has Luck 3: a check of DC up to 9 can succeed" in text
    assert "  Luck: 3" in text
    assert "Toy has no ageing: its characters never grow older." in text
    assert "/luck show [character:<character>]" in text
    assert "error" not in text, text


def test_b1_2_the_toy_ruleset_builds_into_discords_command_tree(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    registry = toy_registry(monkeypatch)
    built = build_command_set("toy", _invoke, _FakeBot(), registry)  # type: ignore[arg-type]
    by_name = {command.name: command for command in built}
    luck = by_name["luck"]
    assert isinstance(luck, app_commands.Group)
    assert luck.description == "Toy: a character's Luck"
    assert [command.name for command in luck.commands] == ["show"]
    assert isinstance(by_name["check"], app_commands.Command)
    ruleset = by_name["config"].get_command("ruleset")  # type: ignore[union-attr]
    [option] = ruleset.parameters  # type: ignore[union-attr]
    assert [choice.value for choice in option.choices] == ["germ", "wcagr", "cat", "caverns", "toy"]
    # Discord's own payload builds: what the bot syncs for a server playing Toy.
    tree = app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))
    assert len(command_set_hash(built, tree)) == 64
    assert set(RULESETS) < set(registry)  # the shipped rulesets are untouched


def test_b1_2_a_group_its_ruleset_does_not_describe_is_one_clear_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    registry = toy_registry(monkeypatch)
    registry["toy"] = dataclasses.replace(TOY, groups={})
    message = r"^/luck holds /luck show but has no description: the ruleset 'toy' gives it"
    with pytest.raises(ValueError, match=message):
        command_set("toy", registry)
    with pytest.raises(ValueError, match=message):  # the console's index, before any line runs
        CommandIndex.of("toy", registry)
    with pytest.raises(ValueError, match=message):
        build_command_set("toy", _invoke, _FakeBot(), registry)  # type: ignore[arg-type]


def test_every_shipped_group_is_described_by_whoever_declares_it() -> None:
    for ruleset in RULESETS:
        built = command_set(ruleset, RULESETS)
        used = {c.path[:n] for c in built.commands for n in range(1, len(c.path))}
        assert used <= set(built.groups)
    for ruleset in RULESETS.values():
        own = {c.path[:n] for c in ruleset.commands for n in range(1, len(c.path))}
        assert set(ruleset.groups) <= own, f"{ruleset.id} describes groups it has no command in"


def test_b1_4_every_hunting_ruleset_fulfils_the_hunting_sheet_contract() -> None:
    """`Feature.HUNTING` reads and writes these keys of the sheet's JSON (storage/hunting.py):
    each one a sheet has is of the contract's type; a ruleset whose cats can starve has the
    streak and the starving flag, and every one has the age."""
    hunting = [r for r in RULESETS.values() if Feature.HUNTING in r.features]
    assert {r.id for r in hunting} == {"germ", "wcagr"}
    for ruleset in hunting:
        assert ruleset.hunger is not None, ruleset.id
        sheet = ruleset.rules.sheet
        assert sheet is not None
        fields = {name: field.annotation for name, field in sheet.model_fields.items()}
        for key, kind in HUNTING_SHEET.items():
            assert fields.get(key, kind) is kind, (ruleset.id, key)
        needed = {AGE_MOONS}
        if ruleset.hunger.fails_until_starving(0, None) != NEVER_STARVES:
            needed |= {FAIL_STREAK, STARVING}
        assert needed <= set(fields), ruleset.id
