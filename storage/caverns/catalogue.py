"""The server's item catalogue: the starter catalogue Pawpost ships (the book's weapon and
armour tables are missing), with the admins' own additions and removals on top."""

from __future__ import annotations

from collections.abc import Mapping

from rules.caverns.catalogue import STARTER_CATALOGUE, CatalogueItem, item_key
from storage.connection import Connection


class CatalogueRepository:
    """The `caverns_items` table."""

    def __init__(self, connection: Connection) -> None:
        self._db = connection

    def of(self, guild_id: int) -> dict[str, CatalogueItem]:
        """The server's catalogue by item key."""
        found = dict(STARTER_CATALOGUE)
        rows = self._db.execute_fetchall(
            "SELECT item_key, item, removed FROM caverns_items WHERE guild_id = ?", (guild_id,)
        )
        for key, item, removed in rows:
            if removed:
                found.pop(key, None)
            elif item is not None:
                found[key] = CatalogueItem.model_validate_json(item)
        return found

    def put(self, guild_id: int, item: CatalogueItem) -> None:
        """Add an item, or replace the one of that name."""
        self._db.execute(
            "INSERT INTO caverns_items (guild_id, item_key, item, removed) VALUES (?, ?, ?, 0)"
            " ON CONFLICT (guild_id, item_key) DO UPDATE SET item = excluded.item, removed = 0",
            (guild_id, item.key, item.model_dump_json()),
        )

    def remove(self, guild_id: int, name: str) -> None:
        self._db.execute(
            "INSERT INTO caverns_items (guild_id, item_key, item, removed) VALUES (?, ?, NULL, 1)"
            " ON CONFLICT (guild_id, item_key) DO UPDATE SET item = NULL, removed = 1",
            (guild_id, item_key(name)),
        )


def is_starter(catalogue: Mapping[str, CatalogueItem], key: str) -> bool:
    """Whether the server's item is the shipped starter one, unchanged."""
    return STARTER_CATALOGUE.get(key) == catalogue.get(key)
