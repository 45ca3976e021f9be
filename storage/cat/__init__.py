"""Taking Risks' tables: Risks waiting for a click (Style to bank, a Life, scars to place)."""

from __future__ import annotations

from storage.cat.risks import RiskRepository
from storage.connection import Connection
from storage.repositories import Transaction


class CatTables:
    """Taking Risks' repositories over one connection."""

    def __init__(self, connection: Connection) -> None:
        self.risks = RiskRepository(connection)


def cat(tx: Transaction) -> CatTables:
    """Taking Risks' repositories inside the open transaction `tx`."""
    return tx.part(CatTables)
