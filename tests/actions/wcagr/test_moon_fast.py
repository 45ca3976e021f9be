"""WCAGR's moon without re-validating every sheet (issue 33: 9-13 s for 100,000 cats): a cat
whose next moon brings it nothing but the moon itself grows older in one SQL statement,
the others through the sheet's rules; either way each sheet ends exactly as `age_one_moon`
makes it, on both backends."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.actions.wcagr.clock import GAIN_AGES, on_moon
from bot.bench.wcagr import sheet_json
from rules.wcagr import WcagrSheet, age_one_moon
from rules.wcagr.age_table import PendingGain
from rules.wcagr.ageing import Gain
from rules.wcagr.constants import RETIREMENT_AGE_MOONS
from storage.models import NewCharacter
from tests.actions.wcagr.helpers import wcagr_server
from tests.conftest import GUILD

NOW = datetime(2026, 11, 30, 12, tzinfo=UTC)


def _sheets() -> list[WcagrSheet]:
    """Cats of every kind a moon meets: ages with and without a row of the age table, about
    to retire, retired, dead, with gains waiting (told and untold)."""
    base = WcagrSheet.model_validate_json(sheet_json(3))
    quiet = next(age for age in range(11, 60) if age + 1 not in GAIN_AGES)
    gain = next(age for age in range(11, 60) if age + 1 in GAIN_AGES)
    waiting = base.changed(age_moons=quiet).waiting(PendingGain(gain=Gain.SKILL, moon=quiet))
    return [
        base.changed(age_moons=quiet),
        base.changed(age_moons=gain),
        base.changed(age_moons=RETIREMENT_AGE_MOONS - 1),
        base.changed(age_moons=quiet, retired=True),
        base.changed(age_moons=gain, retired=True),
        base.changed(age_moons=gain, dead=True),
        base.changed(age_moons=quiet, dead=True),
        waiting,
        waiting.changed(gains_told=1),
        *(WcagrSheet.model_validate_json(sheet_json(n)) for n in range(40, 80)),
    ]


async def test_a_moon_ages_each_cat_exactly_as_the_rules_do(services) -> None:
    await wcagr_server(services)
    sheets = _sheets()

    def seed(tx) -> list[int]:
        return [
            tx.characters.add(
                NewCharacter(
                    guild_id=GUILD, owner_id=1000 + n, name=f"Cat {n}", ruleset="wcagr", sheet=s
                ),
                NOW,
            ).id
            for n, s in enumerate(sheets)
        ]

    ids = await services.db.transact(seed)

    def moon(tx) -> list:
        return on_moon(tx, tx.guilds.get(GUILD), 1, None)

    assert await services.db.transact(moon) == []  # no channel to tell anyone in

    def read(tx) -> list[WcagrSheet]:
        found = tx.characters.by_ids(GUILD, ids)
        return [found[i].sheet for i in ids]

    after = await services.db.transact(read, write=False)
    assert after == [age_one_moon(sheet).sheet for sheet in sheets]
    assert after[2].retired  # reached its 71st moon
    assert after[0].age_moons == sheets[0].age_moons + 1  # aged in the quiet statement
    assert after[5] == sheets[5] and after[6] == sheets[6]  # the dead grow no older


async def test_a_sunrise_reads_only_the_cats_it_may_change(services) -> None:
    """The sunrise's choice in SQL (JSON nulls and zeros read alike on both backends)."""
    from rules.wcagr.sheet import Illness
    from storage.wcagr import wcagr

    await wcagr_server(services)
    base = WcagrSheet.model_validate_json(sheet_json(3))
    waiting = base.waiting(PendingGain(gain=Gain.SKILL, moon=base.age_moons))
    sheets = {
        "quiet": base,
        "ill": base.changed(illness=Illness.WHITECOUGH, illness_day=1),
        "sprained": base.changed(sprain_sunrises_left=2),
        "wounded": base.changed(hp_lost=1),
        "waiting": waiting,
    }

    def seed(tx) -> dict[str, int]:
        return {
            name: tx.characters.add(
                NewCharacter(
                    guild_id=GUILD, owner_id=2000 + n, name=name, ruleset="wcagr", sheet=sheet
                ),
                NOW,
            ).id
            for n, (name, sheet) in enumerate(sheets.items())
        }

    ids = await services.db.transact(seed)

    def chosen(tx) -> tuple[list[int], list[int]]:
        store = wcagr(tx)
        return (
            store.sunrise_ids(GUILD, with_waiting=True),
            store.sunrise_ids(GUILD, with_waiting=False),
        )

    told, untold = await services.db.transact(chosen, write=False)
    assert told == sorted(ids[n] for n in ("ill", "sprained", "wounded", "waiting"))
    assert untold == sorted(ids[n] for n in ("ill", "sprained", "wounded"))
