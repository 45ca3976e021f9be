"""Buttons, selects and modals: a custom id `pawpost:<area>:<id>:<verb>[:<arg>]` names the action.

Everything else a click needs is in the database, so buttons keep working after a restart.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bot.actions import characters, log
from bot.actions.approvals import APPROVAL_BUTTONS
from bot.actions.builder.verbs import DRAFT_BUTTONS
from bot.actions.contests import CONTEST_BUTTONS
from bot.actions.context import Actor, Services
from bot.actions.gm.scenes import SCENE_BUTTONS
from bot.actions.hunting import HUNTING_BUTTONS
from bot.actions.posts import POST_BUTTONS
from bot.actions.reply import Reply
from rules.errors import PawpostError

if TYPE_CHECKING:
    from bot.ruleset import Ruleset

CUSTOM_ID = re.compile(
    r"^pawpost:(?P<area>[a-z-]+):(?P<id>\d{1,20}):(?P<verb>[a-z-]+)(?::(?P<arg>\d{1,20}))?$"
)


@dataclass(frozen=True)
class Press:
    """One click: what was clicked and, for a select, the values picked; for a modal's
    submission, its answers by field."""

    area: str
    id: int
    verb: str
    arg: int | None
    values: Sequence[str] = ()
    fields: Mapping[str, str] = field(default_factory=dict)


ButtonHandler = Callable[[Services, Actor, Press], Awaitable[Reply]]


async def _character(services: Services, actor: Actor, press: Press) -> Reply:
    if press.verb == "delete":
        return await characters.confirm_delete(services, actor, press.id)
    return await characters.keep(services, actor, press.id)


async def _characters_page(services: Services, actor: Actor, press: Press) -> Reply:
    reply = await characters.list_characters(services, actor, press.arg or 1)
    return reply.model_copy(update={"update": True})


async def _log_page(services: Services, actor: Actor, press: Press) -> Reply:
    return await log.older_page(services, actor, press.id, press.arg or 0)


HANDLERS: dict[tuple[str, str], ButtonHandler] = {
    ("character", "delete"): _character,
    ("character", "keep"): _character,
    ("characters", "page"): _characters_page,
    ("log", "older"): _log_page,
    **CONTEST_BUTTONS,
    **HUNTING_BUTTONS,
    **DRAFT_BUTTONS,
    **POST_BUTTONS,
    **APPROVAL_BUTTONS,
    **SCENE_BUTTONS,
}


def all_handlers(rulesets: Mapping[str, Ruleset]) -> dict[tuple[str, str], ButtonHandler]:
    """Every button the bot answers: the shared ones and each ruleset's."""
    found = dict(HANDLERS)
    for ruleset in rulesets.values():
        found.update(ruleset.buttons)
    return found


def _handler(services: Services, key: tuple[str, str]) -> ButtonHandler | None:
    """The shared handler of a button, else the one of the ruleset that declares it."""
    found = HANDLERS.get(key)
    if found is not None:
        return found
    for ruleset in services.rulesets.values():
        found = ruleset.buttons.get(key)
        if found is not None:
            return found
    return None


def parse(
    custom_id: str, values: Sequence[str] = (), fields: Mapping[str, str] | None = None
) -> Press | None:
    match = CUSTOM_ID.match(custom_id)
    if match is None:
        return None
    arg = match.group("arg")
    return Press(
        match.group("area"),
        int(match.group("id")),
        match.group("verb"),
        None if arg is None else int(arg),
        tuple(values),
        dict(fields or {}),
    )


async def press(
    services: Services,
    actor: Actor,
    custom_id: str,
    values: Sequence[str] = (),
    fields: Mapping[str, str] | None = None,
) -> Reply:
    """Run the action behind a button, a select or a modal's submission (`fields`)."""
    parsed = parse(custom_id, values, fields)
    handler = None if parsed is None else _handler(services, (parsed.area, parsed.verb))
    if parsed is None or handler is None:
        raise PawpostError("That button is no longer in use; run the command again.")
    return await handler(services, actor, parsed)
