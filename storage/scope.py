"""Which servers a process's timed work serves: every one (the bot), or one alone (the console,
which must never touch another server's due work or posts)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Scope:
    """The one server the due-work queries are limited to, or None for every server."""

    guild_id: int | None = None

    def only(self, column: str) -> str:
        """An `AND` clause keeping the rows of the scope's server (empty when unscoped). The id
        is an int written into the SQL, so the queries' parameters stay as they are."""
        if self.guild_id is None:
            return ""
        return f" AND {column} = {int(self.guild_id)}"

    def stamp(self, guild_id: int | None) -> int | None:
        """A post's server: its own, else the scope's (a scoped process posts for that one)."""
        return self.guild_id if guild_id is None else guild_id
