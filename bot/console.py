"""`pawpost console`: play offline, typing lines written like slash commands.

The console calls the same actions as Discord does and prints each reply as text; buttons become
numbered choices (`/click 1`; `/buttons` lists those of every message still open), a modal's
fields are listed and answered with `/modal field:value …`, and `/as user:<name> [admin:yes]`
switches who is typing. The scheduler's jobs run as the console's clock passes (`/clock advance
days:1 hours:2`), printing their posts; `--dice` scripts the dice, and every scripted roll says so.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import mimetypes
import re
import shlex
import sys
import threading
import traceback
import unicodedata
from collections.abc import AsyncIterable, AsyncIterator, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, TextIO

from bot.actions import buttons, proxying
from bot.actions.card_drawing import draw_card
from bot.actions.context import Actor, Services, Upload
from bot.actions.reply import Attachment, Modal, Reply
from bot.commands.catalog import CommandIndex
from bot.commands.spec import Command, Kind, Option
from bot.jobs import jobs
from bot.outbox import Delivery
from bot.rehearsal import ConsoleClock, RehearsalDice, advance, dice_note
from bot.ruleset import Ruleset
from bot.scheduler import Scheduler
from rules.errors import PawpostError
from storage.database import Database, is_postgresql
from storage.names import BIDI_CONTROLS
from storage.running import held_by_a_bot

log = logging.getLogger(__name__)

CONSOLE_CHANNEL = 1
_MENTION = re.compile(r"<@!?(\d+)>")
_ROLE = re.compile(r"<@&(\d+)>")
_CHANNEL = re.compile(r"<#(\d+)>")
_TIMESTAMP = re.compile(r"<t:(\d+)(?::[a-zA-Z])?>")
_ESCAPE = re.compile(r"\\(.)")
_FORM_ESCAPE = re.compile(r"\\([n\\])")
_SNOWFLAKE = re.compile(r"^(?:<[@#]&?!?)?(\d{1,20})>?$")
# Discord's own bounds on what a slash command's option can carry.
DISCORD_INTEGER_LIMIT = 2**53 - 1
DISCORD_TEXT_LIMIT = 6000
# How far one /clock advance may go, and how many messages keep their buttons open.
MAX_ADVANCE = timedelta(days=366)
OPEN_MESSAGES = 25
BOT_HOLDS_IT = (
    "(A running bot holds this database, so its timed posts stay the bot's: the console runs"
    " no scheduled job here; start it with --jobs to run this server's.)"
)


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


def form_text(typed: str) -> str:
    """A form's answer as typed on one line: `\\n` is a new line (a long post's paragraphs),
    `\\\\` a backslash."""
    return _FORM_ESCAPE.sub(lambda m: "\n" if m.group(1) == "n" else "\\", typed)


def _form_tokens(line: str) -> list[str]:
    """A /modal line split as the shell would, but with backslashes kept for `form_text`."""
    lexer = shlex.shlex(line, posix=True)
    lexer.whitespace_split = True
    lexer.escape = ""
    return list(lexer)


def read_names(path: Path) -> dict[int, str]:
    """The names a console kept beside its database (none when absent or unreadable)."""
    try:
        kept = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(kept, list):
        return {}
    return {user_id(name): name for name in kept if isinstance(name, str)}


def write_names(path: Path, names: dict[int, str]) -> None:
    with contextlib.suppress(OSError):  # a read-only folder: names last this run only
        path.write_text(json.dumps(sorted(names.values()), ensure_ascii=False), "utf-8")


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
        if abs(value) > DISCORD_INTEGER_LIMIT:
            raise ConsoleError(
                f"{option.name} must be between -{DISCORD_INTEGER_LIMIT} and "
                f"{DISCORD_INTEGER_LIMIT}, as on Discord."
            )
        return value
    if len(raw) > DISCORD_TEXT_LIMIT:
        raise ConsoleError(
            f"{option.name} can be at most {DISCORD_TEXT_LIMIT} characters, as on Discord."
        )
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
class Choice:
    """A button (or a select, with its values) of a printed message."""

    custom_id: str
    label: str
    values: list[str]
    disabled: bool
    message: int  # the open message it sits on


@dataclass
class Session:
    """Who is typing, the messages whose buttons are still open, the numbers `/click` takes
    (those printed last), the modal open, and the console's clock, dice and scheduler."""

    services: Services
    guild_id: int
    user: str
    admin: bool = False
    names: dict[int, str] = field(default_factory=dict)
    open: dict[int, tuple[str, list[Choice]]] = field(default_factory=dict)
    shown: list[Choice] = field(default_factory=list)
    form: Modal | None = None
    clock: ConsoleClock | None = None
    dice: RehearsalDice | None = None
    scheduler: Scheduler | None = None  # made by `start_scheduler`
    # Where the names typed with /as are kept between runs (beside an SQLite database), so a
    # mention of an earlier run's player still reads as their name.
    names_file: Path | None = None
    _messages: int = 0
    _said: int = 0  # messages typed in the channel
    _posts: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.names_file is not None:
            self.names.update(read_names(self.names_file))
        self._name(self.user)

    def _name(self, name: str) -> None:
        """Remember who an id is, for this run and (with a names file) the next."""
        if self.names.get(user_id(name)) == name:
            return
        self.names[user_id(name)] = name
        if self.names_file is not None:
            write_names(self.names_file, self.names)

    @property
    def actor(self) -> Actor:
        return Actor(
            guild_id=self.guild_id,
            channel_id=CONSOLE_CHANNEL,
            user_id=user_id(self.user),
            is_admin=self.admin,
            display_name=self.user,
        )

    def start_scheduler(self) -> None:
        """Run the bot's scheduled jobs in the console, printing what they post."""
        self.scheduler = Scheduler(self.services, jobs(self.services.rulesets), self._post)

    async def _post(self, delivery: Delivery) -> None:
        now = self.services.clock().strftime("%Y-%m-%d %H:%M UTC")
        self._posts.append(f"-- {now}, posted in #{delivery.channel_id} --")
        self._posts.append(self.render(delivery.reply))

    async def run_jobs(self) -> datetime | None:
        """One pass of the scheduler (if it runs here); returns when it is next due."""
        if self.scheduler is None:
            return None
        return await self.scheduler.run_once()

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

    def render(self, reply: Reply, *, replacing: int | None = None) -> str:
        """A reply as text. Its buttons become the numbered choices; a reply that updates the
        message clicked on (`replacing`) takes that message's place among the open ones."""
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
            if reply.post.reply_to is not None:
                out.append(f"  (answering {self.plain(reply.post.reply_to.name)})")
            out.extend(f"  {self.plain(line)}" for line in reply.post.rolls)
            out.extend(f"  (file {found.filename})" for found in reply.post.files)
        number = replacing if reply.update and replacing is not None else None
        if reply.buttons or reply.select:
            if number is None:
                self._messages += 1
                number = self._messages
            choices = [
                Choice(button.custom_id, self.plain(button.label), [], button.disabled, number)
                for button in reply.buttons
            ]
            if reply.select:
                values = [option.value for option in reply.select.options]
                label = f"{reply.select.placeholder}: {', '.join(values)}"
                choices.append(Choice(reply.select.custom_id, label, values, False, number))
            self._keep_open(number, self.plain(reply.title or "a message"), choices)
            self.shown = choices
            out.extend(self._numbered(choices))
        elif number is not None:
            self.open.pop(number, None)  # the message lost its buttons
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

    def _keep_open(self, number: int, title: str, choices: list[Choice]) -> None:
        self.open.pop(number, None)
        self.open[number] = (title, choices)
        while len(self.open) > OPEN_MESSAGES:
            self.open.pop(next(iter(self.open)))

    @staticmethod
    def _numbered(choices: list[Choice], first: int = 1) -> list[str]:
        return [
            f"  [{n}] {choice.label}{' (not available)' if choice.disabled else ''}"
            for n, choice in enumerate(choices, first)
        ]

    async def run_line(self, line: str) -> str:
        """One line in, the printed answer out (with what the scheduler posted meanwhile).
        Domain errors are answers too."""
        line = line.strip()
        if not line or line.startswith("#"):
            return ""
        try:
            answer = await self._answer(line)
        except PawpostError as error:
            if self.dice is not None:
                self.dice.forget()
            answer = f"error: {self.plain(error.message)}"
        else:
            note = dice_note(self.dice.taken()) if self.dice is not None else None
            if note is not None:
                answer += "\n" + note
        if not line.startswith("/clock"):
            await self.run_jobs()  # what fell due while the line ran
        posts, self._posts = self._posts, []
        return "\n".join([answer, *posts] if answer else posts)

    async def _answer(self, line: str) -> str:
        if line.startswith("/as"):
            return self._switch_user(line)
        if line.startswith("/click"):
            return await self._click(line)
        if line.startswith("/buttons"):
            return self._list_buttons()
        if line.startswith("/modal"):
            return await self._answer_form(line)
        if line.startswith("/clock"):
            return await self._move_clock(line)
        if line in ("/help", "help"):
            return await self._help()
        if not line.startswith("/"):
            return await self._say(line)
        ruleset = await self._ruleset()
        command, arguments = parse_line(line, CommandIndex.of(ruleset, self.services.rulesets))
        reply = await command.handler(self.services, self.actor, **arguments)
        return self.render(reply)

    async def _say(self, line: str) -> str:
        """A line that is no command is a message in the channel: proxied when it is written in
        a tag (or the autoproxy holds a character), and then posted like Discord's webhook."""
        self._said += 1
        message = proxying.Incoming(
            message_id=self._said,
            channel_id=CONSOLE_CHANNEL,
            webhook_channel_id=CONSOLE_CHANNEL,
            content=line,
        )
        if await proxying.incoming(self.services, self.actor, message):
            return ""
        return "(said as yourself: no proxy tag or autoproxy took it)"

    def _switch_user(self, line: str) -> str:
        options = dict(token.partition(":")[::2] for token in shlex.split(line)[1:])
        if not options.get("user"):
            raise ConsoleError("Say who: /as user:<name> [admin:yes].")
        self.user = options["user"]
        self.admin = options.get("admin", "no").lower() in ("yes", "true", "1")
        self._name(self.user)
        return f"(now typing as {self.user}{', an admin' if self.admin else ''})"

    def _list_buttons(self) -> str:
        """Every open message's buttons, numbered for `/click`."""
        if not self.open:
            return "No message with buttons is open."
        out: list[str] = []
        self.shown = []
        for title, choices in self.open.values():
            out.append(f"{title}:")
            out.extend(self._numbered(choices, len(self.shown) + 1))
            self.shown += choices
        return "\n".join(out)

    async def _click(self, line: str) -> str:
        parts = line.split()
        if len(parts) < 2 or not parts[1].isdigit() or not 1 <= int(parts[1]) <= len(self.shown):
            raise ConsoleError("Click which? /click <number of a choice shown above> [value].")
        choice = self.shown[int(parts[1]) - 1]
        if choice.disabled:
            raise ConsoleError("That button is not available now.")
        if choice.message not in self.open:
            raise ConsoleError("That message's buttons are gone; /buttons lists the open ones.")
        picked = parts[2:] if choice.values else []
        if choice.values and (len(picked) != 1 or picked[0] not in choice.values):
            raise ConsoleError(f"Pick one of: {', '.join(choice.values)}.")
        reply = await buttons.press(self.services, self.actor, choice.custom_id, picked)
        return self.render(reply, replacing=choice.message)

    async def _move_clock(self, line: str) -> str:
        """`/clock` tells the time; `/clock advance days:1 hours:2 minutes:30` moves it on,
        running the scheduler's jobs at each moment one falls due."""
        clock = self.clock
        if clock is None:
            raise ConsoleError("This console runs on the real clock; start it with --clock.")
        try:
            tokens = shlex.split(line)[1:]
        except ValueError as error:
            raise ConsoleError(f"Cannot read that line: {error}.") from None
        if not tokens:
            return f"It is {clock().strftime('%A %Y-%m-%d %H:%M UTC')}."
        if tokens[0] != "advance":
            raise ConsoleError("Say how far: /clock advance days:1 hours:2 minutes:30.")
        amounts = {"days": 0, "hours": 0, "minutes": 0}
        for token in tokens[1:]:
            unit, colon, raw = token.partition(":")
            if not colon or unit not in amounts:
                raise ConsoleError(f"/clock advance takes days, hours and minutes, not {token!r}.")
            if not raw.isascii() or not raw.isdigit() or len(raw) > 6:
                raise ConsoleError(f"{unit} must be a whole number from 0, not {raw!r}.")
            amounts[unit] = int(raw)
        by = timedelta(**amounts)
        if not timedelta(0) < by <= MAX_ADVANCE:
            raise ConsoleError("The clock moves on by a minute to 366 days at a time.")
        await advance(clock, by, self.run_jobs)
        return f"(the clock moved on to {clock().strftime('%A %Y-%m-%d %H:%M UTC')})"

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
            tokens = _form_tokens(line)[1:]
        except ValueError as error:
            raise ConsoleError(f"Cannot read that line: {error}.") from None
        answers = {item.key: item.value for item in form.fields}
        for token in tokens:
            key, colon, value = token.partition(":")
            if not colon or key not in answers:
                names = ", ".join(answers)
                raise ConsoleError(f"The form has no field {key!r}; its fields are {names}.")
            answers[key] = form_text(value)
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
        index = CommandIndex.of(ruleset, self.services.rulesets)
        usages = [command.usage() for command in index.by_path.values()]
        extra = ["/as user:<name> [admin:yes]", "/click <n> [value]", "/buttons"]
        extra += ["/modal field:value …", "/clock [advance days:<n> hours:<n> minutes:<n>]"]
        extra.append("any line without / : a message in the channel (proxied by its tags)")
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
    clock: datetime | None = None,
    dice: Sequence[int] | None = None,
    jobs_beside_a_bot: bool = False,
    rulesets: Mapping[str, Ruleset] | None = None,
) -> int:
    """Run lines until they end or `/quit`. Returns 1 if a bug stopped it, else 0. Without
    `services`, it opens `database` with `rulesets` (the composition root's); `clock` starts
    the console's clock at that moment (then `/clock advance` moves it); `dice` scripts the
    first dice rolled. The scheduled jobs serve this server alone, and do not run at all on
    a database a running bot holds unless `jobs_beside_a_bot` (`--jobs`)."""
    if services is None and rulesets is None:
        raise ValueError("the console needs its services or the rulesets to play")
    opened = services is None
    db = await Database.open(database) if services is None else services.db
    db.serve_only(guild_id)
    if services is None:
        assert rulesets is not None
        # a typed line is a message, as on Discord
        services = Services(db=db, rulesets=rulesets, proxying_off=None)
        if clock is not None:
            services.clock = ConsoleClock(clock)
        if dice is not None:
            services.dice = RehearsalDice(dice)
    names = None if opened is False or is_postgresql(database) else Path(f"{database}.names")
    session = Session(services, guild_id, user, admin, names_file=names)
    if isinstance(services.clock, ConsoleClock):
        session.clock = services.clock
    if isinstance(services.dice, RehearsalDice):
        session.dice = services.dice
    if jobs_beside_a_bot or not await asyncio.to_thread(held_by_a_bot, db.path):
        session.start_scheduler()
    else:
        print(BOT_HOLDS_IT, file=out)
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
        if opened:
            await db.close()
    return 0


async def script_lines(lines: Iterable[str]) -> AsyncIterator[str]:
    for line in lines:
        yield line


def _with_line_editing() -> None:
    """Arrow keys, line editing and history at the prompt, where the terminal has readline."""
    with contextlib.suppress(ImportError):
        import readline  # noqa: F401  (importing it is what turns it on for input())


async def typed_lines(prompt: str = "pawpost> ") -> AsyncIterator[str]:
    """Lines typed at the terminal, each read in a daemon thread (so Ctrl-C or the end of the
    console never waits for a line nobody will type)."""
    _with_line_editing()
    loop = asyncio.get_running_loop()
    while True:
        typed: asyncio.Future[str] = loop.create_future()
        threading.Thread(target=_read_line, args=(prompt, typed, loop), daemon=True).start()
        try:
            yield await typed
        except EOFError:
            return


def _read_line(prompt: str, typed: asyncio.Future[str], loop: asyncio.AbstractEventLoop) -> None:
    try:
        line = input(prompt)
    except BaseException as error:  # EOF (Ctrl-D) ends the console; Ctrl-C is the main thread's
        loop.call_soon_threadsafe(_settle, typed, None, error)
    else:
        loop.call_soon_threadsafe(_settle, typed, line, None)


def _settle(typed: asyncio.Future[str], line: str | None, error: BaseException | None) -> None:
    if typed.done():
        return
    if error is not None or line is None:
        typed.set_exception(EOFError())
    else:
        typed.set_result(line)
