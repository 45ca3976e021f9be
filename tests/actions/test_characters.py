"""`/character` verbs through the action layer with a real database."""

from __future__ import annotations

import asyncio

import pytest

from bot.actions import buttons, characters
from bot.actions.germ import cats as germ_cats
from rules.errors import PawpostError
from tests.conftest import ADMIN, ALICE, BOB, FIREPAW, OTHER_GUILD, TIGERCLAW, actor, cat, dump


async def test_create_then_show_reads_the_sheet(services) -> None:
    reply = await germ_cats.create(services, actor(ALICE), **FIREPAW)
    assert reply.title == "Firepaw joins the server"
    shown = await characters.show(services, actor(ALICE))
    fields = {field.name: field.value for field in shown.fields}
    assert "**Strength** 4 → rolls +4" in fields["Stats"]
    assert fields["Age"] == "12 moons (cat)"
    assert fields["Conditions"] == "none"


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"strength": 6}, "You spent 24 points; a Germ cat has 22."),
        (
            {"strength": 9, "agility": 0, "charisma": 3},
            "Strength can have at most 8 points; you gave it 9.",
        ),
        ({"stealth": -1, "perception": 7}, "Stealth cannot be negative; you gave it -1."),
        ({"age": -2}, "Age cannot be negative; you gave -2 moons."),
        ({"name": "   "}, "A character needs a name."),
        ({"name": "x" * 33}, "A character's name can be at most 32 characters; that one has 33."),
        ({"mother": "Nobody"}, "There is no character named Nobody in this server."),
    ],
)
async def test_a_wrong_sheet_is_refused_and_nothing_is_written(
    services, db, changes, message
) -> None:
    before = dump(db)
    with pytest.raises(PawpostError) as refused:
        await germ_cats.create(services, actor(ALICE), **{**FIREPAW, **changes})
    assert refused.value.message == message
    assert dump(db) == before


async def test_names_are_unique_per_server_case_insensitively(services, db) -> None:
    await germ_cats.create(services, actor(ALICE), **FIREPAW)
    before = dump(db)
    with pytest.raises(PawpostError, match="There is already a character named FIREPAW"):
        await germ_cats.create(services, actor(BOB), **cat("FIREPAW"))
    assert dump(db) == before
    await germ_cats.create(services, actor(BOB, guild=OTHER_GUILD), **cat("FIREPAW"))


async def test_two_simultaneous_creates_with_one_name_make_one_cat(services) -> None:
    results = await asyncio.gather(
        germ_cats.create(services, actor(ALICE), **FIREPAW),
        germ_cats.create(services, actor(BOB), **cat("firepaw")),
        return_exceptions=True,
    )
    assert sum(isinstance(result, PawpostError) for result in results) == 1
    listed = await characters.list_characters(services, actor(ALICE))
    assert len(listed.lines) == 1


async def test_someone_elses_character_is_refused_but_an_admin_may(services, db) -> None:
    await germ_cats.create(services, actor(ALICE), **FIREPAW)
    before = dump(db)
    with pytest.raises(PawpostError, match="Firepaw belongs to another player."):
        await characters.rename(services, actor(BOB), "Fireheart", "Firepaw")
    with pytest.raises(PawpostError, match="Firepaw belongs to another player."):
        await characters.delete(services, actor(BOB), "Firepaw")
    assert dump(db) == before
    await characters.rename(services, actor(ADMIN, admin=True), "Fireheart", "Firepaw")
    shown = await characters.show(services, actor(BOB), "fireheart")
    assert shown.title == "Fireheart"


async def test_active_character_is_used_when_none_is_named(services) -> None:
    await germ_cats.create(services, actor(ALICE), **FIREPAW)
    await germ_cats.create(services, actor(ALICE), **cat("Sandpaw"))
    with pytest.raises(PawpostError, match="You have several characters"):
        await characters.show(services, actor(ALICE))
    await characters.use(services, actor(ALICE), "sandpaw")
    assert (await characters.show(services, actor(ALICE))).title == "Sandpaw"
    with pytest.raises(PawpostError, match="no character in this server yet"):
        await characters.show(services, actor(BOB))


async def test_delete_asks_first_hides_and_an_admin_restores(services) -> None:
    await germ_cats.create(services, actor(ALICE), **FIREPAW)
    asked = await characters.delete(services, actor(ALICE))
    assert [b.label for b in asked.buttons] == ["Delete Firepaw", "Keep"]
    kept = await buttons.press(services, actor(ALICE), asked.buttons[1].custom_id)
    assert kept.lines == ["Nothing was deleted."]
    with pytest.raises(PawpostError, match="belongs to another player"):
        await buttons.press(services, actor(BOB), asked.buttons[0].custom_id)
    gone = await buttons.press(services, actor(ALICE), asked.buttons[0].custom_id)
    assert gone.lines == ["Firepaw was deleted."]
    with pytest.raises(PawpostError, match="already gone"):
        await buttons.press(services, actor(ALICE), asked.buttons[0].custom_id)
    with pytest.raises(PawpostError, match="no character named Firepaw"):
        await characters.show(services, actor(ALICE), "Firepaw")
    with pytest.raises(PawpostError, match="Only an admin"):
        await characters.restore(services, actor(ALICE), "Firepaw")
    await characters.restore(services, actor(ADMIN, admin=True), "Firepaw")
    assert (await characters.show(services, actor(ALICE))).title == "Firepaw"


async def test_restore_refuses_when_the_name_was_taken_since(services) -> None:
    await germ_cats.create(services, actor(ALICE), **FIREPAW)
    asked = await characters.delete(services, actor(ALICE))
    await buttons.press(services, actor(ALICE), asked.buttons[0].custom_id)
    await germ_cats.create(services, actor(BOB), **FIREPAW)
    with pytest.raises(PawpostError, match="already a character named Firepaw"):
        await characters.restore(services, actor(ADMIN, admin=True), "Firepaw")


async def test_mother_and_kits_show_and_cycles_are_refused(services, db) -> None:
    await germ_cats.create(services, actor(ALICE), **cat("Sandstorm", age=30))
    asked = await germ_cats.create(
        services, actor(BOB), **cat("Sandkit", age=1, mother="Sandstorm")
    )
    await buttons.press(services, actor(ALICE), asked.buttons[0].custom_id)  # Accept
    mother = await characters.show(services, actor(ALICE), "Sandstorm")
    assert {f.name: f.value for f in mother.fields}["Kits"] == "Sandkit"
    kit = await characters.show(services, actor(BOB), "Sandkit")
    fields = {f.name: f.value for f in kit.fields}
    assert fields["Mother"] == "Sandstorm"
    assert fields["Age"] == "1 moon (kit)"
    assert "rolls -6 (kit -10)" in fields["Stats"]
    before = dump(db)
    with pytest.raises(PawpostError, match="would make a cat its own ancestor"):
        await germ_cats.edit(
            services, actor(ADMIN, admin=True), "Sandstorm", mother="Sandkit", reason="story"
        )
    with pytest.raises(PawpostError, match="would make a cat its own ancestor"):
        await germ_cats.edit(
            services, actor(ADMIN, admin=True), "Sandstorm", mother="Sandstorm", reason="story"
        )
    assert dump(db) == before


async def test_conditions_are_added_removed_and_shape_the_rolls(services) -> None:
    await germ_cats.create(services, actor(ALICE), **cat("Oldpaw", age=130))
    await germ_cats.add_condition(services, actor(ALICE), "blind")
    with pytest.raises(PawpostError, match='already has the condition "blind"'):
        await germ_cats.add_condition(services, actor(ALICE), "blind")
    with pytest.raises(PawpostError, match="follows from the cat.s age or hunger"):
        await germ_cats.add_condition(services, actor(ALICE), "starving")
    shown = await characters.show(services, actor(ALICE))
    fields = {f.name: f.value for f in shown.fields}
    assert fields["Conditions"] == "elder, blind"
    assert "**Agility** 4 → rolls -1 (elder -5)" in fields["Stats"]
    assert "**Stealth** 3 → rolls -2 (blind -5)" in fields["Stats"]
    healer = actor(ADMIN, admin=True)
    await germ_cats.remove_condition(services, healer, "blind", "Oldpaw", reason="healed")
    with pytest.raises(PawpostError, match='Oldpaw does not have the condition "blind".'):
        await germ_cats.remove_condition(services, healer, "blind", "Oldpaw", reason="healed")
    await germ_cats.add_condition(services, actor(ALICE), "no-tail", "Oldpaw")
    with pytest.raises(PawpostError, match='Oldpaw already has the condition "no tail".'):
        await germ_cats.add_condition(services, actor(ALICE), "no-tail", "Oldpaw")


async def test_list_paginates(services) -> None:
    for number in range(25):
        await germ_cats.create(services, actor(ALICE), **cat(f"Cat{number:02d}"))
    first = await characters.list_characters(services, actor(BOB))
    assert len(first.lines) == characters.LIST_PAGE_SIZE
    assert [b.label for b in first.buttons] == ["Next"]
    second = await buttons.press(services, actor(BOB), first.buttons[0].custom_id)
    assert len(second.lines) == 5
    assert second.update
    assert [b.label for b in second.buttons] == ["Previous"]


async def test_markdown_and_mentions_in_names_are_escaped(services) -> None:
    await germ_cats.create(services, actor(ALICE), **cat("@everyone **x**"))
    shown = await characters.show(services, actor(ALICE))
    assert shown.title == "\\@everyone \\*\\*x\\*\\*"
    assert shown.mentions == []


async def test_tigerclaw_fixture_is_a_legal_sheet(services) -> None:
    await germ_cats.create(services, actor(BOB), **TIGERCLAW)
