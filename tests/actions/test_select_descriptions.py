"""Selects say what each choice gives (issue 30): a WCAGR clan's bonuses, a Caverns race's trait
and a class's numbers, under each option's label, on Discord too."""

from __future__ import annotations

from bot.actions import buttons, server_config
from bot.actions.builder import verbs
from bot.discord import render
from tests.conftest import ADMIN, ALICE, actor


async def test_a_clan_select_says_what_each_clan_gives(services) -> None:
    await server_config.set_ruleset(services, actor(ADMIN, admin=True), "wcagr")
    reply = await verbs.new(services, actor(ALICE))
    assert reply.select is not None
    options = {o.label: o.description for o in reply.select.options}
    assert options["ThunderClan"] == "+1 Strength, +1 Spirit, +1 Ponder"
    assert options["Loner"] == "Chooses its own bonuses"
    shown = render.view(reply)
    assert shown is not None
    [select] = [item for item in shown.children if hasattr(item, "options")]
    assert select.options[0].description == "+1 Strength, +1 Spirit, +1 Ponder"


async def test_race_and_class_selects_say_what_each_gives(services) -> None:
    await server_config.set_ruleset(services, actor(ADMIN, admin=True), "caverns")
    reply = await verbs.new(services, actor(ALICE))
    races = {o.label: o.description for o in reply.select.options}
    assert races["Human (+Metal)"] == "Gain 2 Harmony (instead of 1) on a Short Rest."
    assert all(d and len(d) <= 100 for d in races.values())
    show_class = next(b for b in reply.buttons if b.label == "Class")
    classes = await buttons.press(services, actor(ALICE), show_class.custom_id)
    described = {o.label: o.description for o in classes.select.options}
    assert described["Warrior"] == "Damage 2; Health 5 + Water; Vitae 3 + Fire"
