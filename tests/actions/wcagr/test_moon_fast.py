"""WCAGR's moon without re-validating every sheet (issue 33: 9-13 s for 100,000 cats): a cat
whose next moon brings it nothing but the moon itself grows older in one SQL statement,
the others through the sheet's rules; either way each sheet ends exactly as `age_one_moon`
makes it, on both backends."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.actions.wcagr.clock import GAIN_AGES, on_moon
from bot.bench.wcagr import sheet_json
from rules.wcagr import WcagrSheet, age_one_moon
from rules.wcagr.age_table import PendingGain
from rules.wcagr.ageing import Gain
from rules.wcagr.constants import RETIREMENT_AGE_MOONS
from storage.models import NewCharacter
from storage.timestamps import to_text
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


async def test_a_cat_written_without_its_growth_row_is_aged_by_the_rules(services) -> None:
    """A sheet written whole straight into the table, its growth in its JSON and no growth
    row: the moon in SQL passes it by, the rules age it, and its save moves its growth into its
    own row."""
    await wcagr_server(services)
    sheets = _sheets()[:2]

    def seed(tx) -> list[int]:
        for n, sheet in enumerate(sheets):
            tx.connection.execute(
                "INSERT INTO characters (guild_id, owner_id, name, name_key, ruleset, sheet,"
                " created_at) VALUES (?, ?, ?, ?, 'wcagr', ?, ?)",
                (GUILD, 1000 + n, f"Cat {n}", f"cat {n}", sheet.model_dump_json(), to_text(NOW)),
            )
        return [row[0] for row in tx.connection.execute_fetchall("SELECT id FROM characters")]

    ids = await services.db.transact(seed)
    await services.db.transact(lambda tx: on_moon(tx, tx.guilds.get(GUILD), 1, None))

    def read(tx) -> tuple[list[WcagrSheet], list[tuple[int, int]]]:
        found = tx.characters.by_ids(GUILD, ids)
        growth = tx.connection.execute_fetchall(
            "SELECT character_id, age_moons FROM wcagr_growth ORDER BY character_id"
        )
        return [found[i].sheet for i in ids], [tuple(row) for row in growth]

    after, growth = await services.db.transact(read, write=False)
    assert after == [age_one_moon(sheet).sheet for sheet in sheets]
    assert growth == [(i, sheet.age_moons) for i, sheet in zip(ids, after, strict=True)]


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


def _spread() -> list[WcagrSheet]:
    """Every age a moon meets (9 to 70, so every row of the age table and retirement), and the
    edges of each kind of row: a fixed change at the bound of its ability or with no points
    left, a choice with nothing or little left to choose, gains already waiting (told or
    not), retired and dead cats."""
    from rules.wcagr.abilities import Ability
    from rules.wcagr.knacks import KNACKS
    from rules.wcagr.sheet import with_score
    from rules.wcagr.skills import SKILLS

    base = WcagrSheet.model_validate_json(sheet_json(3))
    ages = [base.changed(age_moons=age) for age in range(9, RETIREMENT_AGE_MOONS)]
    maxed = {a: with_score(base, a, 10) for a in Ability}
    least = with_score(base, Ability.STRENGTH, 1)
    no_points = base.changed(points=base.points.with_value(Ability.STRENGTH, 0))
    all_abilities = base
    for ability in Ability:
        all_abilities = with_score(all_abilities, ability, 10)
    mind_maxed = with_score(maxed[Ability.INTELLIGENCE], Ability.SPIRIT, 10)
    two_skills = base.changed(skills={**base.skills, SKILLS[0]: 5, SKILLS[1]: 5})
    every_skill = base.changed(skills=dict.fromkeys(SKILLS, 5))
    waiting = base.waiting(PendingGain(gain=Gain.KNACK, moon=13))
    once = next(k for k, knack in KNACKS.items() if knack.max_picks == 1 and k not in base.knacks)
    edges = [
        maxed[Ability.INTELLIGENCE].changed(age_moons=37),  # +1 Intelligence at 10: lost
        maxed[Ability.SPIRIT].changed(age_moons=49),
        maxed[Ability.SPIRIT].changed(age_moons=68),
        least.changed(age_moons=56),  # −1 Strength at 1: lost
        least.changed(age_moons=67),
        no_points.changed(age_moons=56),  # −1 Strength with no points left: the pool stays 0
        no_points.changed(age_moons=37),
        all_abilities.changed(age_moons=11),  # +1 any ability, all at 10: lost
        all_abilities.changed(age_moons=20),
        mind_maxed.changed(age_moons=13),  # +1 Intelligence or Spirit, both at 10: lost
        mind_maxed.changed(age_moons=25),
        two_skills.changed(age_moons=10),  # the rules look at every skill
        two_skills.changed(age_moons=18),  # Skill and Knack
        every_skill.changed(age_moons=22),  # a Skill gain lost
        every_skill.changed(age_moons=54),  # Knack and Skill: the skill lost
        waiting.changed(age_moons=14),
        waiting.changed(age_moons=15, gains_told=1),
        waiting.changed(age_moons=16, gains_told=1),
        base.changed(age_moons=30, retired=True),
        base.changed(age_moons=RETIREMENT_AGE_MOONS, retired=True),
        base.changed(age_moons=26, dead=True),
        base.changed(age_moons=RETIREMENT_AGE_MOONS - 1),
        base.changed(age_moons=9),  # the 10-moon gains
        base.changed(age_moons=12, retired=True),  # retired at a row: older, nothing gained
        base.changed(age_moons=18, retired=True, dead=True),
        base.changed(age_moons=23, gains_told=1),  # a told count left with nothing waiting
        base.changed(age_moons=12, gains_told=1),
        waiting.changed(age_moons=17, retired=True),
        # Told in SQL, each line's options read from its sheet: a skill at 5 not listed, an
        # ability at 10 not listed, a knack at its most picks not listed.
        base.changed(skills={**base.skills, SKILLS[5]: 5}, age_moons=26),
        maxed[Ability.STRENGTH].changed(age_moons=11),
        maxed[Ability.SPIRIT].changed(age_moons=25),
        base.changed(knacks={**base.knacks, once: 1}, age_moons=12),
    ]
    return ages + edges + [WcagrSheet.model_validate_json(sheet_json(n)) for n in range(40, 60)]


@pytest.mark.parametrize("channel", [None, 77])
async def test_the_moon_in_sql_is_the_rules_moon_sheet_for_sheet_post_for_post(
    services, channel, monkeypatch
) -> None:
    """The same cats aged by the rules alone (`age_one_moon`, `gain_prompts`) and by the
    moon (SQL where it can): the same sheets and the same posts, with a game-day channel to
    tell everyone in or only the channels where cats last played (a cat whose player never
    played it, or only someone else did, stays untold)."""
    from bot.actions.wcagr import clock as wcagr_clock
    from bot.actions.wcagr.gain_prompts import gain_prompts
    from bot.actions.wcagr.sheet import cats_by_id, wcagr_sheet
    from storage.models import AuditEntry
    from storage.settings import ClockSettings

    await wcagr_server(services)
    sheets = _spread()

    def seed(tx) -> list[int]:
        guild = tx.guilds.get(GUILD)
        clock = ClockSettings(game_day_channel_id=channel)
        tx.guilds.save(
            guild.model_copy(
                update={"settings": guild.settings.model_copy(update={"clock": clock})}
            )
        )
        ids = []
        for n, sheet in enumerate(sheets):
            cat = tx.characters.add(
                NewCharacter(
                    guild_id=GUILD,
                    owner_id=1000 + n % 7,
                    name=f"Cat {n}",
                    ruleset="wcagr",
                    sheet=sheet,
                ),
                NOW,
            )
            ids.append(cat.id)
            if n % 3:  # played somewhere (by its player, or by someone else)
                tx.audit.add(
                    AuditEntry(
                        guild_id=GUILD,
                        user_id=cat.owner_id if n % 5 else 5,
                        character_id=cat.id,
                        channel_id=200 + n % 4,
                        action="check",
                        summary="played",
                        created_at=NOW,
                    )
                )
        # The last cat alone in its channel: a post about one cat, with its select.
        tx.audit.add(
            AuditEntry(
                guild_id=GUILD,
                user_id=cat.owner_id,
                character_id=cat.id,
                channel_id=299,
                action="check",
                summary="played alone",
                created_at=NOW,
            )
        )
        return ids

    ids = await services.db.transact(seed)

    def by_rules(tx) -> tuple[list, list[WcagrSheet]]:
        guild = tx.guilds.get(GUILD)
        cats = cats_by_id(tx, GUILD, ids)
        originals = [cat.model_copy() for cat in cats]
        for cat in cats:
            cat.sheet = age_one_moon(wcagr_sheet(cat)).sheet
        posts = gain_prompts(tx, guild, cats)
        after = [cat.sheet for cat in cats]
        tx.characters.save_sheets(originals)  # as they were, for the moon
        return posts, after

    expected_posts, expected = await services.db.transact(by_rules)

    def moon(tx) -> list:
        return on_moon(tx, tx.guilds.get(GUILD), 1, None)

    left_to_rules: list[int] = []  # the cats the moon read to age by the sheet's rules

    def read_for_the_rules(tx, guild_id: int, ids: list[int]) -> list:
        left_to_rules.extend(ids)
        return cats_by_id(tx, guild_id, ids)

    monkeypatch.setattr(wcagr_clock, "cats_by_id", read_for_the_rules)
    posts = await services.db.transact(moon)
    assert 0 < len(left_to_rules) < len(ids) / 3  # most of them aged in SQL

    def read(tx) -> list[WcagrSheet]:
        found = tx.characters.by_ids(GUILD, ids)
        return [found[i].sheet for i in ids]

    assert await services.db.transact(read, write=False) == expected
    assert posts == expected_posts
    assert posts and any(post.channel_id == 299 and post.reply.select for post in posts)
    assert ids[-1] not in left_to_rules  # that select read from the sheet SQL saved
    untold = [s for s in expected if len(s.pending) > s.gains_told and not s.retired]
    assert bool(untold) == (channel is None)  # with no game-day channel, some wait untold
