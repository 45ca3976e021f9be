"""Germ's tables: trust, cats growing older, and its combats in the shared turn-order tables."""

from __future__ import annotations

from rules.germ.combat_events import CombatEvent
from rules.germ.combat_turns import CombatState
from storage.connection import Connection
from storage.germ.cats import CatRepository
from storage.germ.mothers import MotherRequestRepository
from storage.germ.trust import TrustRepository
from storage.repositories import Transaction
from storage.turns import CombatRepository


class GermTables:
    """Germ's repositories over one connection."""

    def __init__(self, connection: Connection) -> None:
        self.trust = TrustRepository(connection)
        self.combat: CombatRepository[CombatState, CombatEvent] = CombatRepository(
            connection, CombatState, CombatEvent
        )
        self.cats = CatRepository(connection)
        self.mothers = MotherRequestRepository(connection)


def germ(tx: Transaction) -> GermTables:
    """Germ's repositories inside the open transaction `tx`."""
    return tx.part(GermTables)
