"""`/roll` through the action layer: d20's grammar shown die by die, the server's ruleset's
words, secret rolls for the roller and the admins, and `/log` keeping a secret roll secret."""

from __future__ import annotations

import pytest

from bot.actions import log, roll, server_config
from rules.errors import PawpostError
from storage.repositories import Transaction
from tests.conftest import ADMIN, ALICE, BOB, GUILD, actor, dump

ADMIN_CHANNEL = 77


def _admin_channel(tx: Transaction) -> None:
    guild = tx.guilds.get(GUILD)
    guild.settings.admin_channel_id = ADMIN_CHANNEL
    tx.guilds.save(guild)


@pytest.mark.parametrize(
    ("expression", "faces", "title", "line"),
    [
        ("4d6kh3", (3, 6, 1, 4), "Roll 4d6kh3", "4d6kh3 [3, 6, ~~1~~, 4] = **13**"),
        ("2d20kl1", (17, 20), "Roll 2d20kl1", "2d20kl1 [17, ~~20~~] = **17**"),
        ("2d6!", (6, 3, 2), "Roll 2d6e6", "2d6e6 [6!, 3, 2] = **11**"),
        ("(1d6+2)*3", (4,), "Roll (1d6+2)\\*3", "(1d6 [4] + 2) × 3 = **18**"),
        ("1d20ro1", (1, 17), "Roll 1d20ro1", "1d20ro1 [~~1~~ 17] = **17**"),
        ("4d6mi2", (2, 1, 3, 1), "Roll 4d6mi2", "4d6mi2 [2, 1→2, 3, 1→2] = **9**"),
        ("1d20>=15", (17,), "Roll 1d20\\>=15", "1d20 [17] ≥ 15 → **yes**"),
        (
            "5d6>=5 successes",
            (1, 5, 4, 5, 6),
            "Roll 5d6\\>=5 successes",
            "5d6 [1, **5**, 4, **5**, **6**] ≥ 5 → **3** successes",
        ),
        ("1d20+5 [fire]", (13,), "Roll 1d20+5 \\[fire\\]", "1d20 [13] + 5 \\[fire\\] = **18**"),
        ("d20", (14,), "Roll 1d20", "d20 **14**"),
    ],
)
async def test_each_die_is_shown_kept_and_dropped(
    services, dice, expression: str, faces: tuple[int, ...], title: str, line: str
) -> None:
    dice.load(*faces)
    reply = await roll.roll(services, actor(ALICE), expression)
    assert (reply.title, reply.lines) == (title, [line])
    assert dice.remaining == 0
    logged = await log.recent(services, actor(BOB))
    assert line in logged.lines[0]


async def test_evens_are_taking_risks_words(services, dice, db) -> None:
    before = dump(db)
    with pytest.raises(PawpostError, match="or a word: successes$"):
        await roll.roll(services, actor(ALICE), "5d6 evens")
    assert dump(db) == before
    await server_config.set_ruleset(services, actor(ADMIN, admin=True), "cat")
    dice.load(1, 2, 3, 4, 6)
    reply = await roll.roll(services, actor(ALICE), "5d6 evens")
    assert reply.lines == ["5d6 [1, **2**, 3, **4**, **6**] → **3** evens"]


async def test_a_mention_in_an_annotation_cannot_ping(services, dice) -> None:
    dice.load(3)
    reply = await roll.roll(services, actor(ALICE), "1d6 [<@102>]")
    assert "<@102>" not in (reply.title or "") + "".join(reply.lines)
    assert reply.mentions == []


async def test_too_many_dice_is_one_sentence_and_changes_nothing(services, db) -> None:
    before = dump(db)
    with pytest.raises(PawpostError) as refused:
        await roll.roll(services, actor(ALICE), "60d6+41d4")
    assert refused.value.message == "That roll asks for 101 dice; at most 100 are rolled at once."
    assert dump(db) == before


async def test_explosions_past_the_limit_are_one_sentence(services, dice, db) -> None:
    dice.load(*[1] * 301)
    before = dump(db)
    with pytest.raises(PawpostError, match="went past 300 dice"):
        await roll.roll(services, actor(ALICE), "1d1e1")
    assert dump(db) == before


async def test_a_secret_roll_goes_to_its_roller_and_the_admins(services, dice, db) -> None:
    await db.transact(_admin_channel)
    dice.load(12)
    reply = await roll.roll(services, actor(ALICE), "1d20+3", "sneaking", secret="yes")
    assert reply.ephemeral
    assert reply.title == "Secret: Roll 1d20+3 for sneaking"
    assert reply.lines == ["1d20 [12] + 3 = **15**"]
    assert reply.announce is not None
    assert reply.announce.lines == [f"<@{ALICE}> made a secret roll."]
    assert reply.announce.mentions == []  # named, never pinged
    [(channel, told)] = reply.elsewhere
    assert channel == ADMIN_CHANNEL
    assert told.lines == [f"By <@{ALICE}> in <#10>.", "1d20 [12] + 3 = **15**"]


async def test_without_an_admin_channel_a_secret_roll_says_who_sees_it(services, dice) -> None:
    dice.load(12)
    reply = await roll.roll(services, actor(ALICE), "1d20", secret="yes")
    assert reply.lines == ["d20 **12**", roll.NO_ADMIN_CHANNEL]
    assert reply.elsewhere == []


async def test_the_log_keeps_a_secret_roll_from_players(services, dice) -> None:
    dice.load(19)
    await roll.roll(services, actor(ALICE), "1d20", secret="yes")
    seen = await log.recent(services, actor(BOB))
    assert seen.lines[0].endswith("— a secret roll")
    assert "19" not in seen.lines[0].split("—")[1]
    by_admin = await log.recent(services, actor(ADMIN, admin=True))
    assert "1d20: 19" in by_admin.lines[0]
    assert "d20 **19**" in by_admin.lines[0]
