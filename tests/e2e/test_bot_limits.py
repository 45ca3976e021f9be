"""Discord's limits: long output stays within them, and the checks every e2e test ends with."""

from __future__ import annotations

import re
from pathlib import Path

from tests.e2e.bot_process import (
    DESCRIPTION_LIMIT,
    bot_world,
    custom_ids,
    limit_problems,
    mention_problems,
    sent_bodies,
)


async def test_a_long_log_stays_within_limits_and_pages(tmp_path: Path) -> None:
    async with bot_world(tmp_path) as world:
        fake = world.fake
        await world.start()
        reason = "a very long reason " * 10  # 190 characters, under the 200 allowed
        for number in range(26):
            await world.command(
                "roll", {"expression": f"{number + 1}d6+3d8-2", "reason": reason}, user=fake.player1
            )
        body = await world.command("log", {"limit": 25}, user=fake.player2)
        [embed] = body["embeds"]
        assert embed["title"] == "Recent rolls in this channel"
        assert len(embed["description"]) <= DESCRIPTION_LIMIT
        message = fake.messages("general")[-1]
        shown = [re.findall(r"`#(\d+)`", message["embeds"][0]["description"])]
        while ids := custom_ids(message):
            [older] = ids
            assert older.startswith("pawpost:log:0:older:")
            click = await world.click(message, older, user=fake.player2)
            assert (await click.response())["type"] == 7  # the same message, the next page
            shown.append(re.findall(r"`#(\d+)`", message["embeds"][0]["description"]))
        assert shown[0][0] == "26" and shown[-1][-1] == "1"
        assert len(sent_bodies(fake)) >= 28  # all of them passed the limit check on leaving
    every_roll = [int(n) for page in shown for n in page]
    assert every_roll == list(range(26, 0, -1))  # each roll once, none cut off or skipped


def test_the_limit_check_sees_each_breach() -> None:
    field = {"name": "n", "value": "v" * 1025}
    body = {
        "content": "x" * 2001,
        "embeds": [
            {"title": "t" * 257, "description": "d" * 4097, "fields": [field] * 26},
        ],
        "components": [
            {"type": 1, "components": [{"type": 2, "label": "l" * 81, "custom_id": "c"}] * 6}
        ]
        * 6,
    }
    problems = " | ".join(limit_problems(body))
    for expected in (
        "content of 2001",
        "title of 257",
        "description of 4097",
        "26 fields",
        "field value of 1025",
        "in all",
        "6 action rows",
        "a row of 6",
        "label",
    ):
        assert expected in problems, expected
    assert limit_problems({"content": "fine", "embeds": [{"title": "ok"}]}) == []


def test_the_mention_check_sees_each_breach() -> None:
    members = {1, 2}
    assert (
        mention_problems(
            {"content": "<@1>", "allowed_mentions": {"parse": [], "users": ["1"]}}, members
        )
        == []
    )
    assert mention_problems({"content": "hi"}, members)  # no allowed_mentions at all
    assert mention_problems({"content": "x", "allowed_mentions": {"parse": ["everyone"]}}, members)
    assert mention_problems({"content": "x", "allowed_mentions": {"parse": ["roles"]}}, members)
    assert mention_problems({"content": "x", "allowed_mentions": {"parse": ["users"]}}, members)
    assert mention_problems({"content": "x", "allowed_mentions": {"users": ["1"]}}, members)
    assert mention_problems({"content": "<@3>", "allowed_mentions": {"users": ["3"]}}, members)
    assert mention_problems(
        {"content": "x", "allowed_mentions": {"parse": [], "roles": ["9"]}}, members
    )
