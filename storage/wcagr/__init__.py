"""WCAGR's storage: queries over the shared characters table (rank counts, cats by state) and
its own tables (cat requests, hunts, the fresh-kill pile), reached with `wcagr(tx)`."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from rules.wcagr.fight_state import FightEvent, FightState
from storage.connection import Connection
from storage.dialect import parsed_sheets
from storage.models import IdRange, among
from storage.repositories import Transaction
from storage.timestamps import to_text
from storage.turns import CombatRepository
from storage.wcagr.herbs import HerbRepository
from storage.wcagr.hunts import HuntRepository
from storage.wcagr.moon import MoonQueries, ToldRow
from storage.wcagr.requests import CatRequestRepository, RankRequestRepository

_CHUNK = 500  # ids in one statement
_WCAGR = "guild_id = ? AND deleted_at IS NULL AND ruleset = 'wcagr'"


class CatQueries:
    """Which WCAGR cats of a server hold a rank, are sprained, or are live at all; and the
    ruleset's own tables."""

    def __init__(self, connection: Connection) -> None:
        self._db = connection
        self.requests = CatRequestRepository(connection)
        self.rank_requests = RankRequestRepository(connection)
        self.hunts = HuntRepository(connection)
        self.herbs = HerbRepository(connection)
        self.fights: CombatRepository[FightState, FightEvent] = CombatRepository(
            connection, FightState, FightEvent
        )

    def rank_holders(
        self, guild_id: int, clan: str, rank: str, *, excluding: int | None = None
    ) -> int:
        """How many living cats of `clan` in the server hold `rank` (not counting `excluding`):
        a dead cat holds no rank's place (l.425)."""
        sql = self._db.dialect
        rows = self._db.execute_fetchall(
            f"SELECT count(*) FROM characters WHERE {self._living}"
            f" AND {sql.json_text('sheet', 'clan')} = ? AND {sql.json_text('sheet', 'rank')} = ?"
            " AND id != ?",
            (guild_id, clan, rank, -1 if excluding is None else excluding),
        )
        return int(rows[0][0])

    def sprained_ids(self, guild_id: int) -> list[int]:
        """The live cats of the server resting a sprain."""
        sprain = self._db.dialect.json_number("sheet", "sprain_sunrises_left")
        rows = self._db.execute_fetchall(
            f"SELECT id FROM characters WHERE {self._living} AND {sprain} > 0 ORDER BY id",
            (guild_id,),
        )
        return [int(row[0]) for row in rows]

    def sunrise_ids(self, guild_id: int, *, with_waiting: bool) -> list[int]:
        """The live cats a sunrise may change, by id: ill, resting a sprain, wounded, or
        (`with_waiting`, when the day's summary tells them) with gains waiting. The others a
        sunrise leaves as they are (issue 33: it read all 100,000 sheets each game day)."""
        sql = self._db.dialect
        rows_of, sheet = parsed_sheets(sql)
        waiting = (
            f" OR coalesce({sql.json_text(sheet, 'pending')}, '[]') <> '[]'" if with_waiting else ""
        )  # in a sheet written whole and never saved since, gains wait in its JSON
        rows = self._db.execute_fetchall(
            f"SELECT id FROM {rows_of} WHERE {self._living}"
            f" AND ({sql.json_text(sheet, 'illness')} IS NOT NULL"
            f" OR coalesce({sql.json_number(sheet, 'sprain_sunrises_left')}, 0) > 0"
            f" OR coalesce({sql.json_number(sheet, 'hp_lost')}, 0) > 0{waiting}) ORDER BY id",
            (guild_id,),
        )
        if with_waiting:  # and by their growth's index of them, not looked up one by one
            rows += self._db.execute_fetchall(
                f"SELECT id FROM characters WHERE {self._living} AND id IN"
                " (SELECT character_id FROM wcagr_growth WHERE pending <> '[]')",
                (guild_id,),
            )
            return sorted({int(row[0]) for row in rows})
        return [int(row[0]) for row in rows]

    def ids_in_channel(self, guild_id: int, channel_id: int, since: datetime) -> list[int]:
        """The cats with a logged action in the channel since `since` (a channel's scene)."""
        rows = self._db.execute_fetchall(
            "SELECT DISTINCT character_id FROM audit_log"
            " WHERE guild_id = ? AND channel_id = ? AND created_at >= ?"
            " AND character_id IS NOT NULL ORDER BY character_id",
            (guild_id, channel_id, to_text(since)),
        )
        return [int(row[0]) for row in rows]

    def last_channel(self, guild_id: int, character_id: int, user_id: int) -> int | None:
        """The channel of the cat's last logged action by `user_id` (its player): where it last
        played. The audit log's index by character, read newest first."""
        rows = self._db.execute_fetchall(
            "SELECT channel_id FROM audit_log WHERE guild_id = ? AND character_id = ?"
            " AND user_id = ? AND channel_id IS NOT NULL ORDER BY id DESC LIMIT 1",
            (guild_id, character_id, user_id),
        )
        return int(rows[0][0]) if rows else None

    def last_channels(self, guild_id: int, cats: Sequence[tuple[int, int]]) -> dict[int, int]:
        """`last_channel` of many cats at once ((id, player) pairs): each cat's id to the
        channel of its player's last logged action, for the cats that have one."""
        owners = dict(cats)
        found: dict[int, int] = {}
        ids = sorted(owners)
        for start in range(0, len(ids), _CHUNK):
            chunk = ids[start : start + _CHUNK]
            marks = ", ".join("?" * len(chunk))
            rows = self._db.execute_fetchall(
                "SELECT a.character_id, a.user_id, a.channel_id FROM audit_log a JOIN ("
                " SELECT character_id, user_id, max(id) AS last FROM audit_log"
                f" WHERE guild_id = ? AND character_id IN ({marks}) AND channel_id IS NOT NULL"
                " GROUP BY character_id, user_id) l ON a.id = l.last",
                (guild_id, *chunk),
            )
            for character_id, user_id, channel_id in rows:
                if owners.get(int(character_id)) == int(user_id):
                    found[int(character_id)] = int(channel_id)
        return found

    def age_in_sql(
        self,
        guild_id: int,
        gain_ages: Sequence[int],
        retire_at: int,
        among_ids: Sequence[int] | IdRange | None = None,
        *,
        told_anyway: bool,
    ) -> tuple[set[int], list[ToldRow]]:
        """One moon, in a few statements, for every living cat (all, or `among_ids`) whose moon
        SQL makes exactly (`storage.wcagr.moon`): the ids it aged (the sheet's rules age the
        others), and the cats whose player is told of a gain now waiting, in id order."""
        # Only a WCAGR cat has a growth row: the moon's cats are read from the index of the
        # living, not each cat's row.
        living = "c.guild_id = ? AND c.deleted_at IS NULL AND c.life != 'dead'"
        aged, told = MoonQueries(self._db).age(
            living, guild_id, gain_ages, retire_at, among_ids, told_anyway=told_anyway
        )
        return aged, sorted(told)

    def last_season(self, guild_id: int) -> str | None:
        """The season the server's last sunrise saw."""
        rows = self._db.execute_fetchall(
            "SELECT season FROM wcagr_sunrise_seasons WHERE guild_id = ?", (guild_id,)
        )
        return str(rows[0][0]) if rows else None

    def set_season(self, guild_id: int, season: str) -> None:
        self._db.execute(
            "INSERT INTO wcagr_sunrise_seasons (guild_id, season) VALUES (?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET season = excluded.season",
            (guild_id, season),
        )

    def live_ids(
        self, guild_id: int, among_ids: Sequence[int] | IdRange | None = None
    ) -> list[int]:
        """Every living WCAGR cat of the server (not deleted, not dead; or of a slice): what
        the sunrise, the moons and a server-wide refresh go through."""
        only, ids = among(among_ids)
        rows = self._db.execute_fetchall(
            f"SELECT id FROM characters WHERE {self._living}{only} ORDER BY id", (guild_id, *ids)
        )
        return [int(row[0]) for row in rows]

    def living_count(self, guild_id: int, among_ids: Sequence[int] | IdRange | None = None) -> int:
        """How many cats `live_ids` would list, without listing them."""
        only, ids = among(among_ids)
        rows = self._db.execute_fetchall(
            f"SELECT count(*) FROM characters WHERE {self._living}{only}", (guild_id, *ids)
        )
        return int(rows[0][0])

    @property
    def _living(self) -> str:
        return f"{_WCAGR} AND life != 'dead'"


def wcagr(tx: Transaction) -> CatQueries:
    """WCAGR's queries inside the open transaction `tx`."""
    return tx.part(CatQueries)
