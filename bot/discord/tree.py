"""Discord's slash commands, built from `bot.commands`: one set per ruleset, hashed for syncing."""

from __future__ import annotations

import hashlib
import inspect
import json
from collections.abc import Awaitable, Callable, Coroutine, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands

from bot.actions.context import Upload
from bot.commands.catalog import command_set
from bot.commands.core import MESSAGE_COMMANDS
from bot.commands.spec import Command, Kind, MessageCommand, Option

if TYPE_CHECKING:
    from bot.discord.client import PawpostBot
    from bot.ruleset import Ruleset

ADMIN_PERMISSIONS = discord.Permissions(manage_guild=True)
AUTOCOMPLETE_LIMIT = 25

Completer = Callable[
    [discord.Interaction, str], Coroutine[Any, Any, list[app_commands.Choice[str]]]
]
Invoke = Callable[[discord.Interaction, Command, dict[str, Any]], Awaitable[None]]
TopCommand = app_commands.Command[Any, Any, Any] | app_commands.Group | app_commands.ContextMenu


@dataclass(frozen=True)
class CommandSet:
    """A ruleset's top-level commands as built for Discord, and their `command_set_hash`."""

    commands: list[TopCommand]
    hash: str


def _annotation(option: Option) -> Any:
    if option.choices:
        return Literal.__getitem__(option.choices)
    if option.kind is Kind.integer:
        return app_commands.Range[int, option.min_value, option.max_value]
    if option.kind is Kind.role:
        return discord.Role
    if option.kind is Kind.channel:
        return discord.TextChannel
    if option.kind is Kind.user:
        return discord.Member
    if option.kind is Kind.attachment:
        return discord.Attachment
    if option.max_length is not None:
        return app_commands.Range[str, 1, option.max_length]
    return str


def _value(option: Option, value: Any) -> Any:
    """An option as the action takes it: ids for Discord objects."""
    if value is not None and option.kind in (Kind.role, Kind.channel, Kind.user):
        return value.id
    if value is not None and option.kind is Kind.attachment:
        return Upload(url=value.url, content_type=value.content_type, filename=value.filename)
    return value


def _callback(command: Command, invoke: Invoke, bot: PawpostBot) -> Callable[..., Any]:
    async def callback(interaction: discord.Interaction, **values: Any) -> None:
        arguments = {
            option.argument: _value(option, values.get(option.argument))
            for option in command.options
            if values.get(option.argument) is not None
        }
        await invoke(interaction, command, arguments)

    parameters = [
        inspect.Parameter(
            "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
        )
    ]
    for option in command.options:
        parameters.append(
            inspect.Parameter(
                option.argument,
                inspect.Parameter.KEYWORD_ONLY,
                annotation=_annotation(option),
                default=inspect.Parameter.empty if option.required else None,
            )
        )
    callback.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    callback.__discord_app_commands_param_description__ = {  # type: ignore[attr-defined]
        option.argument: option.description for option in command.options
    }
    callback.__discord_app_commands_param_rename__ = {  # type: ignore[attr-defined]
        option.argument: option.name for option in command.options if option.argument != option.name
    }
    by_kind: dict[Kind, Completer] = {
        Kind.character: bot.complete_character,
        Kind.zone: bot.complete_zone,
        Kind.npc: bot.complete_npc,
        Kind.saved_roll: bot.complete_saved_roll,
    }
    completers: dict[str, Completer] = {
        option.argument: by_kind[option.kind]
        for option in command.options
        if option.kind in by_kind
    }
    completers |= {
        option.argument: _suggester(option.suggest)
        for option in command.options
        if option.suggest is not None
    }
    completers |= {
        option.argument: bot.completer(option.complete)
        for option in command.options
        if option.complete is not None
    }
    callback.__discord_app_commands_param_autocomplete__ = completers  # type: ignore[attr-defined]
    return callback


def _suggester(
    suggest: Callable[[str], Sequence[tuple[str, str]]],
) -> Completer:
    """An option's autocomplete from its own suggestions (label, value)."""

    async def complete(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return [
            app_commands.Choice(name=label, value=value)
            for label, value in suggest(current)[:AUTOCOMPLETE_LIMIT]
        ]

    return complete


def _message_command(command: MessageCommand, bot: PawpostBot) -> app_commands.ContextMenu:
    """A message command (right-click → Apps) as Discord's context menu."""

    async def callback(interaction: discord.Interaction, message: discord.Message) -> None:
        await bot.invoke_message(interaction, command, message)

    menu = app_commands.ContextMenu(name=command.name, callback=callback)
    menu.guild_only = True
    return menu


def build_command_set(
    ruleset: str, invoke: Invoke, bot: PawpostBot, registry: Mapping[str, Ruleset]
) -> list[TopCommand]:
    """The top-level commands and groups a server playing `ruleset` gets, from `registry`;
    each group described by whoever declares it (`bot.commands.catalog.command_set`)."""
    built = command_set(ruleset, registry)
    top: dict[str, app_commands.Command[Any, Any, Any] | app_commands.Group] = {}
    for command in built.commands:
        leaf: app_commands.Command[Any, Any, Any] = app_commands.Command(
            name=command.path[-1],
            description=command.description,
            callback=_callback(command, invoke, bot),
        )
        if len(command.path) == 1:
            leaf.guild_only = True
            top[command.path[0]] = leaf
            continue
        parent = top.get(command.path[0])
        if parent is None:
            root = command.path[0]
            parent = app_commands.Group(
                name=root,
                description=built.groups[(root,)],
                guild_only=True,
                default_permissions=ADMIN_PERMISSIONS if root == "admin" else None,
            )
            top[root] = parent
        assert isinstance(parent, app_commands.Group)
        if len(command.path) == 3:
            sub = parent.get_command(command.path[1])
            if sub is None:
                sub = app_commands.Group(
                    name=command.path[1],
                    description=built.groups[command.path[:2]],
                    parent=parent,
                )
            assert isinstance(sub, app_commands.Group)
            sub.add_command(leaf)
        else:
            parent.add_command(leaf)
    return [*top.values(), *(_message_command(c, bot) for c in MESSAGE_COMMANDS)]


def command_set_hash(commands: list[Any], tree: app_commands.CommandTree[Any]) -> str:
    """A fingerprint of what Discord would be sent, so an unchanged set is never synced again."""
    payload = json.dumps([command.to_dict(tree) for command in commands], sort_keys=True)
    return hashlib.sha256(payload.encode()).hexdigest()


def character_choices(names: list[tuple[str, bool]]) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=name, value=name) for name, _own in names[:AUTOCOMPLETE_LIMIT]]
