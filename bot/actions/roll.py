"""`/roll`: any dice expression, logged like every other roll."""

from __future__ import annotations

from bot.actions import audit
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import describe_roll, for_reason
from bot.actions.reply import Reply
from rules.dice import parse_expression
from rules.errors import PawpostError

MAX_REASON_LENGTH = 200


def clean_reason(reason: str | None) -> str | None:
    if reason is None:
        return None
    reason = " ".join(reason.split())
    if len(reason) > MAX_REASON_LENGTH:
        raise PawpostError(f"A reason can be at most {MAX_REASON_LENGTH} characters.")
    return reason or None


@runs_in_database
def roll(services: Services, actor: Actor, expression: str, reason: str | None = None) -> Reply:
    parsed = parse_expression(expression)
    reason = clean_reason(reason)
    result = parsed.roll(services.dice, label=parsed.text)
    line = describe_roll(result)
    with services.db.transaction() as tx:
        tx.audit.add(
            audit.entry(
                actor,
                "roll",
                f"{parsed.text}: {result.total}",
                services.clock(),
                rolls=[result],
                reason=reason,
            )
        )
    title = f"Roll {parsed.text}{for_reason(reason)}"
    return Reply(title=title, lines=[line])
