"""Germ's tables: contests waiting for a defender, trust, and combats with their turns."""

from __future__ import annotations

from storage.connection import Connection
from storage.germ.combat import CombatRepository
from storage.germ.contests import GermRepository
from storage.repositories import Transaction


class GermTables:
    """Germ's repositories over one connection."""

    def __init__(self, connection: Connection) -> None:
        self.contests = GermRepository(connection)  # contests and trust
        self.combat = CombatRepository(connection)


def germ(tx: Transaction) -> GermTables:
    """Germ's repositories inside the open transaction `tx`."""
    return tx.part(GermTables)
