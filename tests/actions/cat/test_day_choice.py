"""Taking Risks' game day reads only the cats it may change (issue 33: every sheet of a
100,000-cat server was read each game day): the choice in SQL, on both backends."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.bench.cat import sheet_json
from rules.cat.sheet import CatSheet
from storage.cat import cat
from storage.models import NewCharacter
from tests.actions.cat.helpers import cat_server
from tests.conftest import GUILD

NOW = datetime(2026, 11, 30, 12, tzinfo=UTC)


async def test_a_game_day_chooses_the_cats_it_may_change(services) -> None:
    await cat_server(services)
    base = CatSheet.model_validate_json(sheet_json(1))
    assert base.healing_since_day is None and not base.reputations_at_risk
    name = next(iter(base.reputations))
    sheets = {
        "quiet": base,
        "healing": base.model_copy(update={"healing_since_day": 3}),
        "wet": base.model_copy(update={"wet_on_day": 3}),
        "frenzy": base.model_copy(update={"frenzy_ready": 2}),
        "at risk": base.model_copy(update={"reputations_at_risk": {name: 3}}),
    }

    def seed(tx) -> dict[str, int]:
        return {
            label: tx.characters.add(
                NewCharacter(
                    guild_id=GUILD, owner_id=3000 + n, name=label, ruleset="cat", sheet=sheet
                ),
                NOW,
            ).id
            for n, (label, sheet) in enumerate(sheets.items())
        }

    ids = await services.db.transact(seed)
    chosen = await services.db.transact(lambda tx: cat(tx).day_ids(GUILD), write=False)
    assert chosen == sorted(i for label, i in ids.items() if label != "quiet")
