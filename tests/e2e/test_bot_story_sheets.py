"""Issue 12, "Sheets that only the story changes", through Discord: a player's removal of a
lasting condition is refused in one sentence, and a cat named as another player's kit's mother
waits for her player, who presses Accept after a bot restart."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from tests.e2e.bot_process import (
    EVEN_SHEET,
    bot_world,
    create_cat,
    find_id,
    is_ephemeral,
    one_sentence,
    text_of,
)

START = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)


async def test_a_refused_removal_and_a_mother_accepted_after_a_restart(tmp_path: Path) -> None:
    async with bot_world(tmp_path) as world:
        fake = world.fake
        p1, p2 = fake.player1, fake.player2
        await world.start(clock=START)
        await create_cat(world, "Sandstorm", user=p1, age=40)
        added = await world.command("character condition add", {"condition": "blind"}, user=p1)
        assert "blind added" in text_of(added)
        refused = await world.command("character condition remove", {"condition": "blind"}, user=p1)
        assert is_ephemeral(refused) and one_sentence(refused["content"]), refused
        assert refused["content"].startswith("Only an admin can take a lasting condition away")
        shown = await world.command("character show", {"character": "Sandstorm"}, user=p1)
        assert "blind" in text_of(shown)

        inter = await fake.slash(
            "character create",
            {"name": "Sandkit", **EVEN_SHEET, "age": 1, "mother": "Sandstorm"},
            user=p2,
        )
        asked = await world.answer(inter)
        assert "Sandkit has no mother" in text_of(asked)
        message = world.stored(inter)
        accept = find_id(message, r"pawpost:mother:\d+:accept")
        kit = await world.command("character show", {"character": "Sandkit"}, user=p2)
        assert "Sandstorm" not in text_of(kit)

        await world.restart(clock=START + timedelta(hours=1))
        wrong = await fake.click(message, accept, user=p2)
        answer = await world.answer(wrong)
        assert is_ephemeral(answer) and one_sentence(answer["content"]), answer
        assert answer["content"] == "Only Sandstorm's player or an admin can answer."
        pressed = await fake.click(message, accept, user=p1)
        assert "Sandstorm is now Sandkit's mother." in text_of(await world.answer(pressed))
        kit = await world.command("character show", {"character": "Sandkit"}, user=p2)
        assert "Sandstorm" in text_of(kit)
