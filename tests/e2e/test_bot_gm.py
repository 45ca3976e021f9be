"""The GM toolkit through Discord, in each ruleset: an admin corrects a sheet (the field
autocompleted from the character's sheet), `/character show` shows it with what follows from
it, `/admin undo` restores it, and a player is refused."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.bot_process import (
    BotWorld,
    bot_world,
    create_cat,
    is_ephemeral,
    one_sentence,
    text_of,
)
from tests.e2e.test_bot_cat import FIREPAW as CAT_FIREPAW
from tests.e2e.test_bot_caverns import ILSA
from tests.e2e.test_bot_wcagr import FIREPAW as WCAGR_FIREPAW


@dataclass(frozen=True)
class Table:
    """A ruleset's character, the field an admin corrects and what `/character show` says of
    it before and after (what follows from it too)."""

    ruleset: str | None  # None: the default, Germ
    character: dict[str, Any] | None  # None: Germ's `create_cat`
    name: str
    typed: str  # what the admin types in `field` before picking
    field: str
    value: str
    before: tuple[str, ...]
    after: tuple[str, ...]


TABLES = (
    Table(None, None, "Rook", "str", "Strength", "7", ("**Strength** 4",), ("**Strength** 7",)),
    Table(
        "wcagr",
        WCAGR_FIREPAW,
        "Firepaw",
        "stren",
        "Strength",
        "5",
        ("**Strength** 4", "HP: 19 of 19"),  # ThunderClan's +2 on the 2 given
        ("**Strength** 5", "HP: 20 of 20"),  # HP follows Strength
    ),
    Table(
        "cat",
        CAT_FIREPAW,
        "Firepaw",
        "styl",
        "Style",
        "3",
        ("Style banked: 0",),
        ("Style banked: 3",),
    ),
    Table(
        "caverns",
        ILSA,
        "Ilsa",
        "wat",
        "Water",
        "+2",
        ("**Water** +1", "Health: 4 / 4"),
        ("**Water** +2", "Health: 5 / 5"),  # Health follows Water
    ),
)


async def _play(world: BotWorld, table: Table) -> None:
    fake = world.fake
    if table.ruleset is not None:
        body = await world.command("config ruleset", {"ruleset": table.ruleset}, user=fake.admin)
        assert text_of(body).startswith("This server now plays")
        await fake.wait_until(lambda: fake.sync_count[fake.guild_id] == 2, 5, "the re-sync")
    if table.character is None:
        await create_cat(world, table.name, user=fake.player1)
    else:
        made = await world.command("character create", table.character, user=fake.player1)
        assert table.name in text_of(made), text_of(made)


def _shown(body: dict[str, Any]) -> str:
    """The answer's text, each embed field as "name: value" too."""
    fields = [f"{f['name']}: {f['value']}" for e in body.get("embeds", []) for f in e["fields"]]
    return "\n".join([text_of(body), *fields])


@pytest.mark.parametrize("table", TABLES, ids=lambda t: t.ruleset or "germ")
async def test_an_admin_sets_a_field_and_undoes_it_a_player_is_refused(
    tmp_path: Path, table: Table
) -> None:
    async with bot_world(tmp_path) as world:
        fake = world.fake
        await world.start()
        await _play(world, table)
        shown = await world.command("character show", {"character": table.name}, user=fake.admin)
        for said in table.before:
            assert said in _shown(shown), _shown(shown)

        inter = await fake.autocomplete(
            "admin sheet set",
            {"character": table.name, "field": table.typed},
            "field",
            user=fake.admin,
        )
        body = await inter.response()
        assert body["type"] == 8, body
        assert table.field in [c["value"] for c in body["data"]["choices"]]

        changes = {
            "character": table.name,
            "field": table.field,
            "value": table.value,
            "reason": "a typo",
        }
        refused = await world.command("admin sheet set", changes, user=fake.player1)
        assert is_ephemeral(refused) and one_sentence(refused["content"])
        assert "admin" in refused["content"]
        body = await world.command("admin sheet set", changes, user=fake.admin)
        assert f"**{table.field}**" in text_of(body), text_of(body)
        shown = await world.command("character show", {"character": table.name}, user=fake.admin)
        for said in table.after:
            assert said in _shown(shown), _shown(shown)

        refused = await world.command("admin undo", {}, user=fake.player1)
        assert is_ephemeral(refused) and "admin" in refused["content"]
        body = await world.command("admin undo", {}, user=fake.admin)
        assert "undone" in text_of(body)
        shown = await world.command("character show", {"character": table.name}, user=fake.admin)
        for said in table.before:
            assert said in _shown(shown), _shown(shown)
