"""Taking Risks' tables: Risks waiting for a click (Style to bank, a Life), scars waiting to be
placed, and fights against non-cats in the shared turn-order tables."""

from __future__ import annotations

from rules.cat.fights import NonCatRound
from rules.cat.foe_turns import FoeFightState
from storage.cat.risks import RiskRepository
from storage.cat.wounds import WoundRepository
from storage.connection import Connection
from storage.repositories import Transaction
from storage.turns import CombatRepository


class CatTables:
    """Taking Risks' repositories over one connection."""

    def __init__(self, connection: Connection) -> None:
        self.risks = RiskRepository(connection)
        self.wounds = WoundRepository(connection)
        self.foes: CombatRepository[FoeFightState, NonCatRound] = CombatRepository(
            connection, FoeFightState, NonCatRound
        )


def cat(tx: Transaction) -> CatTables:
    """Taking Risks' repositories inside the open transaction `tx`."""
    return tx.part(CatTables)
