"""Caverns and Cloiers' tables: parties and who is in them, the rests and their experience
answers, the members' plans for the next rest, the market's outrageous offers and sales, the
server's item catalogue, and battles (kept whole on the core's combat tables)."""

from __future__ import annotations

from rules.caverns.battle.rows import BattleEvent, BattleState
from storage.caverns.catalogue import CatalogueRepository
from storage.caverns.offers import OfferRepository
from storage.caverns.parties import PartyRepository
from storage.caverns.rests import RestRepository
from storage.caverns.sales import SaleRepository
from storage.connection import Connection
from storage.repositories import Transaction
from storage.turns import CombatRepository


class CavernsTables:
    """Caverns' repositories over one connection."""

    def __init__(self, connection: Connection) -> None:
        self.parties = PartyRepository(connection)
        self.rests = RestRepository(connection)
        self.catalogue = CatalogueRepository(connection)
        self.offers = OfferRepository(connection)
        self.sales = SaleRepository(connection)
        self.battles: CombatRepository[BattleState, BattleEvent] = CombatRepository(
            connection, BattleState, BattleEvent
        )


def caverns(tx: Transaction) -> CavernsTables:
    """Caverns' repositories inside the open transaction `tx`."""
    return tx.part(CavernsTables)
