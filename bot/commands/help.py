"""`/help [topic] [page]`: the server's game and where to start, every command it has with its
options, and the set-up steps for admins; pages within Discord's limits, turned by buttons."""

from __future__ import annotations

import zlib
from collections.abc import Sequence

from bot.actions.context import Actor, Services
from bot.actions.formatting import safe
from bot.actions.reply import Button, Reply
from bot.actions.setup_steps import steps_for
from bot.commands.spec import Command, Kind, Option
from rules.errors import PawpostError
from rules.nearest import nearest
from rules.rulesets import RULESETS
from storage.settings import Guild

PAGE_LINES = 15
PAGE_CHARACTERS = 3000  # well inside an embed's 4096, with the title and footer
TOPICS = ("start", "commands", "setup")


def _commands(ruleset: str) -> tuple[Command, ...]:
    from bot.commands.catalog import commands_for  # the catalog lists /help itself

    return commands_for(ruleset)


def topic_names(ruleset: str) -> list[str]:
    """What `/help topic:` takes: the topics, each group and each command (without the /)."""
    paths = {" ".join(c.path) for c in _commands(ruleset)}
    groups = {c.path[0] for c in _commands(ruleset) if len(c.path) > 1}
    return [*TOPICS, *sorted(paths | groups)]


def suggest_topics(typed: str) -> list[tuple[str, str]]:
    """Autocomplete for `topic:` (from every ruleset's commands: the server is not known here)."""
    names = sorted({name for ruleset in RULESETS for name in topic_names(ruleset)})
    typed = typed.strip().lstrip("/").casefold()
    found = [name for name in names if name.casefold().startswith(typed)]
    found += [name for name in names if typed in name.casefold() and name not in found]
    return [(name, name) for name in found[:25]]


async def help_command(
    services: Services, actor: Actor, topic: str | None = None, page: int = 1
) -> Reply:
    guild = await services.db.read(lambda tx: tx.guilds.get(actor.guild_id))
    name = (topic or "start").strip().lstrip("/").casefold() or "start"
    title, lines = _topic(guild, actor.admin_in(guild.settings), name)
    return _paged(title, lines, name, page)


def _topic(guild: Guild, admin: bool, name: str) -> tuple[str, list[str]]:
    commands = _commands(guild.ruleset)
    if name == "start":
        return _start(guild, admin)
    if name == "commands":
        usable = [c for c in commands if admin or not c.admin]
        return "Commands here", [f"`{c.usage()}`: {c.description}" for c in usable]
    if name == "setup":
        return _setup(guild)
    by_path = {" ".join(c.path): c for c in commands}
    if name in by_path:
        return _one(by_path[name])
    group = [c for c in commands if c.path[0] == name and len(c.path) > 1]
    if group:
        return f"/{name}", [f"`{c.usage()}`: {c.description}" for c in group]
    near = nearest(name, topic_names(guild.ruleset))
    hint = f" Did you mean {', '.join(near)}?" if near else ""
    raise PawpostError(f"There is no help topic {safe(name)} here.{hint} Try /help topic:commands.")


def _start(guild: Guild, admin: bool) -> tuple[str, list[str]]:
    info = RULESETS[guild.ruleset]
    about = f": {info.summary}" if info.summary else ""
    lines = [
        f"This server plays **{info.name}**{about}.",
        "**Start:** `/character new` makes your character step by step (or `/character create`"
        " in one line); `/character show` shows its sheet, `/character card` a picture of it.",
        "**Then:** `/roll` rolls any dice; `/help topic:commands` lists every command here, and"
        " `/help topic:<command>` explains one and its options.",
    ]
    if admin:
        lines.append(
            "**Admins:** `/help topic:setup` lists the set-up steps; `/config show` ends with"
            " what is not set up yet."
        )
    return "Pawpost", lines


def _setup(guild: Guild) -> tuple[str, list[str]]:
    from bot.registry import RULESETS as BUILT

    steps = steps_for(BUILT.get(guild.ruleset))
    lines = [f"{n}. `{step.command}`: {step.what}" for n, step in enumerate(steps, 1)]
    lines.append(
        "Then, if new characters should wait for an admin: `/config approval approval:on`."
        " `/config show` shows what is set and what is not set up yet."
    )
    return "Setting up this server", lines


def _one(command: Command) -> tuple[str, list[str]]:
    lines = [command.description, f"Usage: `{command.usage()}`"]
    if command.admin:
        lines.append("Admins only.")
    lines += [_option(option) for option in command.options]
    return command.name, lines


def _option(option: Option) -> str:
    need = "required" if option.required else "optional"
    extra = []
    if option.choices:
        extra.append("one of " + ", ".join(option.choices))
    if option.min_value is not None and option.max_value is not None:
        extra.append(f"{option.min_value} to {option.max_value}")
    if option.kind is Kind.character:
        extra.append("a character's name (suggested as you type)")
    tail = f" ({'; '.join(extra)})" if extra else ""
    return f"• `{option.name}` ({need}): {option.description}{tail}"


def pages(lines: Sequence[str]) -> list[list[str]]:
    """Lines cut into pages of at most PAGE_LINES lines and PAGE_CHARACTERS characters."""
    found: list[list[str]] = [[]]
    size = 0
    for line in lines:
        if found[-1] and (len(found[-1]) >= PAGE_LINES or size + len(line) > PAGE_CHARACTERS):
            found.append([])
            size = 0
        found[-1].append(line)
        size += len(line) + 1
    return found


def topic_id(name: str) -> int:
    """A topic's number in a page button's custom id (stable across restarts and releases)."""
    return zlib.crc32(name.encode())


def _paged(title: str, lines: list[str], name: str, page: int) -> Reply:
    cut = pages(lines)
    page = min(max(page, 1), len(cut))
    buttons = []
    if page > 1:
        buttons.append(
            Button(label="Previous", custom_id=f"pawpost:help:{topic_id(name)}:page:{page - 1}")
        )
    if page < len(cut):
        buttons.append(
            Button(label="Next", custom_id=f"pawpost:help:{topic_id(name)}:page:{page + 1}")
        )
    footer = f"page {page} of {len(cut)}" if len(cut) > 1 else None
    return Reply(title=title, lines=cut[page - 1], buttons=buttons, footer=footer, ephemeral=True)


async def help_page(services: Services, actor: Actor, topic: int, page: int) -> Reply:
    """A page button: the topic found again by its number."""
    guild = await services.db.read(lambda tx: tx.guilds.get(actor.guild_id))
    name = next((n for n in topic_names(guild.ruleset) if topic_id(n) == topic), None)
    if name is None:
        raise PawpostError("That help page is gone; run /help again.")
    reply = await help_command(services, actor, name, page)
    return reply.model_copy(update={"update": True})


HELP = Command(
    ("help",),
    "What this server plays, where to start, and each command with its options",
    help_command,
    (
        Option(
            "topic",
            Kind.text,
            "A command (character new), a group (config), commands or setup",
            max_length=100,
            suggest=suggest_topics,
        ),
        Option("page", Kind.integer, "Which page", min_value=1, max_value=100),
    ),
)
