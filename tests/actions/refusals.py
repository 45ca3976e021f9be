"""Helpers for the tests of a turned-down sheet changed in the builder (issue 30): approval on,
a sheet refused with a reason, and the builder's controls pressed by label."""

from __future__ import annotations

from bot.actions import approvals, buttons
from bot.actions.context import Services
from bot.actions.reply import Reply
from tests.conftest import ADMIN, actor

ADMIN_ACTOR = actor(ADMIN, admin=True)


async def approval_on(services: Services) -> None:
    await approvals.set_approval(services, ADMIN_ACTOR, "on")


def request_of(made: Reply) -> Reply:
    """The admins' post of the one request a reply sent."""
    [(_channel, request)] = made.elsewhere
    return request


def labelled(reply: Reply, label: str) -> str:
    return next(b.custom_id for b in reply.buttons if b.label.removesuffix(" ✓") == label)


async def turn_down(services: Services, made: Reply, reason: str) -> Reply:
    """An admin's Reject, with `reason`, of the sheet request `made` sent."""
    form = await buttons.press(services, ADMIN_ACTOR, labelled(request_of(made), "Reject"))
    assert form.modal is not None
    return await buttons.press(
        services, ADMIN_ACTOR, form.modal.custom_id, fields={"reason": reason}
    )


async def approve(services: Services, made: Reply) -> Reply:
    return await buttons.press(services, ADMIN_ACTOR, labelled(request_of(made), "Approve"))


async def press(services: Services, reply: Reply, label: str, user: int) -> Reply:
    return await buttons.press(services, actor(user), labelled(reply, label))


async def fill(services: Services, reply: Reply, label: str, user: int, **answers: str) -> Reply:
    """Open a form, and submit it with these answers (the rest as the form shows them)."""
    form = (await press(services, reply, label, user)).modal
    assert form is not None
    given = {field.key: field.value for field in form.fields} | answers
    return await buttons.press(services, actor(user), form.custom_id, fields=given)


async def choose(services: Services, reply: Reply, value: str, user: int) -> Reply:
    """Pick `value` in the select shown."""
    assert reply.select is not None
    return await buttons.press(services, actor(user), reply.select.custom_id, [value])


def in_audit(lines: list[str], text: str) -> bool:
    return any("audit_log" in line and text in line for line in lines)
