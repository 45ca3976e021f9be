"""Taking Risks' tables: Risks waiting for a click (Style to bank, a Life), scars waiting to be
placed, and fights against non-cats in the shared turn-order tables."""

from __future__ import annotations

from rules.cat.fights import NonCatRound
from rules.cat.foe_turns import FoeFightState
from storage.cat.risks import RiskRepository
from storage.cat.wounds import WoundRepository
from storage.connection import Connection
from storage.dialect import parsed_sheets
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
        self._db = connection

    def day_ids(self, guild_id: int) -> list[int]:
        """The server's cats a game day may change, by id: those healing, with a Reputation
        at risk, drenched, or with a Fighting Frenzy kept (issue 33: a game day read and
        validated all 100,000 sheets to change a few). A JSON null reads as SQL NULL."""
        sql = self._db.dialect
        rows_of, sheet = parsed_sheets(sql)
        at_risk = sql.json_text(sheet, "reputations_at_risk")
        rows = self._db.execute_fetchall(
            f"SELECT id FROM {rows_of} WHERE guild_id = ? AND deleted_at IS NULL"
            f" AND ruleset = 'cat' AND ({sql.json_text(sheet, 'healing_since_day')} IS NOT NULL"
            f" OR coalesce({at_risk}, '{{}}') <> '{{}}'"
            f" OR {sql.json_text(sheet, 'wet_on_day')} IS NOT NULL"
            f" OR {sql.json_text(sheet, 'frenzy_ready')} IS NOT NULL) ORDER BY id",
            (guild_id,),
        )
        return [int(row[0]) for row in rows]


def cat(tx: Transaction) -> CatTables:
    """Taking Risks' repositories inside the open transaction `tx`."""
    return tx.part(CatTables)
