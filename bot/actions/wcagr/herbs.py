"""`/herb`: an entry of the book's herb list (description, where it grows, usage)."""

from __future__ import annotations

from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import safe
from bot.actions.reply import Reply, ReplyField
from rules.wcagr.herbs import find_herb


@runs_in_database
def herb(services: Services, actor: Actor, name: str) -> Reply:
    """The herb by name, or by its first letters."""
    found = find_herb(name)
    fields = [
        ReplyField(name=label, value=safe(value))
        for label, value in (
            ("Description", found.description),
            ("Location", found.location),
            ("Usage", found.usage),
            ("Effect", found.effect),
        )
        if value
    ]
    return Reply(title=found.name, fields=fields, ephemeral=True)
