"""`pawpost console`: play offline, typing lines written like slash commands.

The console calls the same actions as Discord does and prints each reply as text; buttons become
numbered choices (`/click 1`), a modal's fields are listed and answered with
`/modal field:value …`, and `/as user:<name> [admin:yes]` switches who is typing.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import mimetypes
import re
import shlex
import sys
import traceback
import unicodedata
from collections.abc import AsyncIterable, AsyncIterator, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TextIO

from bot.actions import buttons
from bot.actions.card_drawing import draw_card
from bot.actions.context import Actor, Services, Upload
from bot.actions.reply import Attachment, Modal, Reply
from bot.commands.catalog import CommandIndex
from bot.commands.spec import Command, Kind, Option
from rules.errors import PawpostError
from storage.database import Database
from storage.names import BIDI_CONTROLS

log = logging.getLogger(__name__)

CONSOLE_CHANNEL = 1
_MENTION = re.compile(r"<@!?(\d+)>")
_ROLE = re.compile(r"<@&(\d+)>")
_CHANNEL = re.compile(r"<#(\d+)>")
_TIMESTAMP = re.compile(r"<t:(\d+)(?::[a-zA-Z])?>")
_ESCAPE = re.compile(r"\\(.)")
_SNOWFLAKE = re.compile(r"^(?:<[@#]&?!?)?(\d{1,20})>?$")


def _steers_the_terminal(character: str) -> bool:
    """Control characters (ESC starts an escape sequence; C1's CSI is one by itself), lone
    surrogates, and bidi controls, which reorder what is printed around them."""
    if character in "\n\t":
        return False
    return character in BIDI_CONTROLS or unicodedata.category(character) in ("Cc", "Cs")


def printable(text: str) -> str:
    """Text as the console prints it: anything that would steer the terminal is shown as an
    escape (`\\x1b`, `\\u202e`) instead of being sent to it."""
    if text.isascii() and text.isprintable():
        return text
    return "".join(
        (f"\\x{ord(c):02x}" if ord(c) < 0x100 else f"\\u{ord(c):04x}")
        if _steers_the_terminal(c)
        else c
        for c in text
    )


def user_id(name: str) -> int:
    """A stable id for a console user name, so a database keeps the same owners across runs."""
    digest = hashlib.sha256(name.casefold().encode()).digest()
    return int.from_bytes(digest[:6], "big")


class ConsoleError(PawpostError):
    """A line the console itself cannot read."""


def _convert(option: Option, raw: str) -> Any:
    if option.kind is Kind.integer:
        try:
            value: Any = int(raw)
        except ValueError:
            raise ConsoleError(f"{option.name} must be a whole number, not {raw!r}.") from None
        if option.min_value is not None and value < option.min_value:
            raise ConsoleError(f"{option.name} must be at least {option.min_value}.")
        if option.max_value is not None and value > option.max_value:
            raise ConsoleError(f"{option.name} must be at most {option.max_value}.")
        return value
    if option.kind in (Kind.role, Kind.channel, Kind.user):
        match = _SNOWFLAKE.match(raw.strip())
        if match is None:
            raise ConsoleError(f"{option.name} must be an id or a mention, not {raw!r}.")
        return int(match.group(1))
    if option.kind is Kind.attachment:  # a file named by its URL
        return Upload(url=raw.strip(), content_type=mimetypes.guess_type(raw.strip())[0])
    if option.choices and raw.lower() not in option.choices:
        raise ConsoleError(f"{option.name} must be one of {', '.join(option.choices)}.")
    if option.max_length is not None and len(raw) > option.max_length:
        raise ConsoleError(f"{option.name} can be at most {option.max_length} characters.")
    return raw.lower() if option.choices else raw


def parse_line(line: str, index: CommandIndex) -> tuple[Command, dict[str, Any]]:
    """Split `/character create name:"Fire paw" age:6` into its command and typed options."""
    try:
        tokens = shlex.split(line.strip().removeprefix("/"))
    except ValueError as error:
        raise ConsoleError(f"Cannot read that line: {error}.") from None
    path_length = next(
        (n for n in range(min(3, len(tokens)), 0, -1) if tuple(tokens[:n]) in index.by_path), 0
    )
    if not path_length:
        raise ConsoleError(f"There is no command /{' '.join(tokens[:2])}; try /help.")
    command = index.by_path[tuple(tokens[:path_length])]
    by_name = {option.name: option for option in command.options}
    arguments: dict[str, Any] = {}
    for token in tokens[path_length:]:
        name, colon, raw = token.partition(":")
        if not colon or name not in by_name:
            raise ConsoleError(f"{command.name} has no option {name!r}; it takes {command.usage()}")
        arguments[by_name[name].argument] = _convert(by_name[name], raw)
    missing = [o.name for o in command.options if o.required and o.argument not in arguments]
    if missing:
        raise ConsoleError(f"{command.name} needs {', '.join(missing)}: {command.usage()}")
    return command, arguments


@dataclass
class Session:
    """Who is typing, the latest message that had buttons, and the modal open, if any."""

    services: Services
    guild_id: int
    user: str
    admin: bool = False
    names: dict[int, str] = field(default_factory=dict)
    choices: list[tuple[str, list[str]]] = field(default_factory=list)
    disabled: set[int] = field(default_factory=set)  # numbers of the choices that are greyed out
    form: Modal | None = None

    def __post_init__(self) -> None:
        self.names[user_id(self.user)] = self.user

    @property
    def actor(self) -> Actor:
        return Actor(
            guild_id=self.guild_id,
            channel_id=CONSOLE_CHANNEL,
            user_id=user_id(self.user),
            is_admin=self.admin,
            display_name=self.user,
        )

    def plain(self, text: str) -> str:
        """Discord markup as console text."""
        text = _MENTION.sub(lambda m: "@" + self.names.get(int(m.group(1)), m.group(1)), text)
        text = _ROLE.sub(r"@role:\1", text)
        text = _CHANNEL.sub(r"#\1", text)
        text = _TIMESTAMP.sub(
            lambda m: datetime.fromtimestamp(int(m.group(1)), UTC).strftime("%Y-%m-%d %H:%M UTC"),
            text,
        )
        text = text.replace("**", "").replace("`", "")
        return _ESCAPE.sub(r"\1", text)

    def render(self, reply: Reply) -> str:
        if reply.modal is not None:
            return self._show_form(reply.modal)
        out = []
        if reply.title:
            out.append(f"== {self.plain(reply.title)} ==")
        out.extend(self.plain(line) for line in reply.lines)
        for item in reply.fields:
            value = self.plain(item.value).replace("\n", "\n    ")
            out.append(f"  {self.plain(item.name)}: {value}")
        if reply.footer:
            out.append(f"  ({self.plain(reply.footer)})")
        if reply.audit_id is not None and f"#{reply.audit_id}" not in (reply.footer or ""):
            out.append(f"  (audit #{reply.audit_id})")
        looks = [f"avatar {reply.avatar_url}"] if reply.avatar_url else []
        if reply.colour is not None:
            looks.append(f"colour #{reply.colour:06x}")
        if looks:
            out.append(f"  ({'; '.join(looks)})")
        if reply.post is not None:  # Discord posts it through the channel's webhook
            out.append(f"[{self.plain(reply.post.name)}] {self.plain(reply.post.text)}")
        if reply.buttons or reply.select:
            self.choices = [(button.custom_id, []) for button in reply.buttons]
            self.disabled = {n for n, b in enumerate(reply.buttons, 1) if b.disabled}
            for number, button in enumerate(reply.buttons, 1):
                greyed = " (not available)" if button.disabled else ""
                out.append(f"  [{number}] {self.plain(button.label)}{greyed}")
            if reply.select:
                self.choices.append(
                    (reply.select.custom_id, [o.value for o in reply.select.options])
                )
                values = ", ".join(option.value for option in reply.select.options)
                out.append(f"  [{len(self.choices)}] {reply.select.placeholder}: {values}")
        if reply.card is not None:  # drawn with the placeholder: the console fetches nothing
            reply = reply.model_copy(
                update={
                    "attachment": Attachment(
                        filename=f"{reply.card.name.lower().replace(' ', '-')}-card.png",
                        content=draw_card(reply.card),
                    )
                }
            )
        if reply.attachment:
            target = Path(reply.attachment.filename)
            target.write_bytes(reply.attachment.content)
            out.append(f"  (saved {target}, {len(reply.attachment.content)} bytes)")
        if reply.ephemeral:
            out.append("  (only you can see this)")
        if reply.announce is not None:
            out.append(self.render(reply.announce))  # its buttons are the ones /click numbers
        for channel_id, other in reply.elsewhere:
            where = "this channel" if channel_id is None else f"#{channel_id}"
            out.append(f"(in {where})\n{self.render(other)}")
        return "\n".join(out)

    async def run_line(self, line: str) -> str:
        """One line in, the printed answer out. Domain errors are answers too."""
        line = line.strip()
        if not line or line.startswith("#"):
            return ""
        try:
            if line.startswith("/as"):
                return self._switch_user(line)
            if line.startswith("/click"):
                return await self._click(line)
            if line.startswith("/modal"):
                return await self._answer_form(line)
            if line in ("/help", "help"):
                return await self._help()
            ruleset = await self._ruleset()
            command, arguments = parse_line(line, CommandIndex.of(ruleset))
            reply = await command.handler(self.services, self.actor, **arguments)
            return self.render(reply)
        except PawpostError as error:
            return f"error: {self.plain(error.message)}"

    def _switch_user(self, line: str) -> str:
        options = dict(token.partition(":")[::2] for token in shlex.split(line)[1:])
        if not options.get("user"):
            raise ConsoleError("Say who: /as user:<name> [admin:yes].")
        self.user = options["user"]
        self.admin = options.get("admin", "no").lower() in ("yes", "true", "1")
        self.names[user_id(self.user)] = self.user
        return f"(now typing as {self.user}{', an admin' if self.admin else ''})"

    async def _click(self, line: str) -> str:
        parts = line.split()
        if len(parts) < 2 or not parts[1].isdigit() or not 1 <= int(parts[1]) <= len(self.choices):
            raise ConsoleError("Click which? /click <number of a choice shown above> [value].")
        if int(parts[1]) in self.disabled:
            raise ConsoleError("That button is not available now.")
        custom_id, values = self.choices[int(parts[1]) - 1]
        picked = parts[2:] if values else []
        if values and (len(picked) != 1 or picked[0] not in values):
            raise ConsoleError(f"Pick one of: {', '.join(values)}.")
        reply = await buttons.press(self.services, self.actor, custom_id, picked)
        return self.render(reply)

    def _show_form(self, form: Modal) -> str:
        """A modal as text: its fields, each with what it holds already."""
        self.form = form
        out = [f"== {self.plain(form.title)} (a form) =="]
        for item in form.fields:
            need = "" if item.required else ", optional"
            now = f": {item.value}" if item.value else ""
            out.append(f"  {item.key} ({self.plain(item.label)}{need}){now}")
        usage = " ".join(f"{item.key}:<text>" for item in form.fields)
        out.append(f"  Answer with /modal {usage} (a field left out keeps what it holds).")
        return "\n".join(out)

    async def _answer_form(self, line: str) -> str:
        """`/modal name:Firepaw age:12`: submit the open modal, as Discord does."""
        form = self.form
        if form is None:
            raise ConsoleError("No form is open; a button opens one.")
        try:
            tokens = shlex.split(line)[1:]
        except ValueError as error:
            raise ConsoleError(f"Cannot read that line: {error}.") from None
        answers = {item.key: item.value for item in form.fields}
        for token in tokens:
            key, colon, value = token.partition(":")
            if not colon or key not in answers:
                names = ", ".join(answers)
                raise ConsoleError(f"The form has no field {key!r}; its fields are {names}.")
            answers[key] = value
        empty = [item.key for item in form.fields if item.required and not answers[item.key]]
        if empty:
            raise ConsoleError(f"The form needs {', '.join(empty)}.")
        self.form = None
        reply = await buttons.press(self.services, self.actor, form.custom_id, fields=answers)
        return self.render(reply)

    async def _ruleset(self) -> str:
        guild = await self.services.db.transact(
            lambda tx: tx.guilds.get(self.guild_id), write=False
        )
        return guild.ruleset

    async def _help(self) -> str:
        ruleset = await self._ruleset()
        usages = [command.usage() for command in CommandIndex.of(ruleset).by_path.values()]
        extra = ["/as user:<name> [admin:yes]", "/click <n> [value]", "/modal field:value …"]
        extra.append("/quit")
        return "\n".join(sorted(usages) + extra)


async def run_console(
    database: str,
    guild_id: int,
    user: str,
    admin: bool,
    lines: AsyncIterable[str],
    out: TextIO,
    *,
    echo: bool,
    services: Services | None = None,
) -> int:
    """Run lines until they end or `/quit`. Returns 1 if a bug stopped it, else 0."""
    db = await Database.open(database) if services is None else services.db
    session = Session(services or Services(db=db), guild_id, user, admin)
    try:
        async for line in lines:
            if line.strip() in ("/quit", "/exit"):
                break
            if echo and line.strip():
                print(printable(f"> {line.rstrip()}"), file=out)
            try:
                answer = await session.run_line(line)
            except Exception:
                traceback.print_exc(file=sys.stderr)
                print("A bug stopped the console; the traceback is above.", file=out)
                return 1
            if answer:
                print(printable(answer), file=out)
    finally:
        if services is None:
            await db.close()
    return 0


async def script_lines(lines: Iterable[str]) -> AsyncIterator[str]:
    for line in lines:
        yield line


async def typed_lines(prompt: str = "pawpost> ") -> AsyncIterator[str]:
    """Lines typed at the terminal, read off the event loop's thread."""
    while True:
        try:
            yield await asyncio.to_thread(input, prompt)
        except EOFError:
            return
