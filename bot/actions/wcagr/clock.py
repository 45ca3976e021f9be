"""WCAGR on the game clock: sprains resting each sunrise, and cats levelling as they age."""

from __future__ import annotations

from collections.abc import Sequence

from bot.actions.game_time import GameDay
from bot.actions.wcagr.sheet import cats_by_id, wcagr_sheet
from rules.wcagr import age_one_moon, rest_a_sunrise
from storage.repositories import Transaction
from storage.settings import Guild
from storage.wcagr import wcagr


def on_game_day(tx: Transaction, guild: Guild, day: GameDay) -> list[str]:
    """Each sunrise a sprained cat rests: the third sunrise heals the sprain."""
    cats = list(
        tx.characters.by_ids(guild.guild_id, wcagr(tx).sprained_ids(guild.guild_id)).values()
    )
    for cat in cats:
        cat.sheet = rest_a_sunrise(wcagr_sheet(cat))
    tx.characters.save_sheets(cats)
    healed = [cat for cat in cats if not wcagr_sheet(cat).sprained]
    if not cats:
        return []
    return [f"{len(cats)} sprained cat(s) rested; {len(healed)} healed."]


def on_moon(tx: Transaction, guild: Guild, moons: int, character_ids: Sequence[int] | None) -> None:
    """The server's cats (or those given) grow `moons` moons older, one moon at a time: each
    moon's row of the age table applies (fixed gains at once, choices waiting on the sheet), and
    at 71 moons a cat retires. An admin making a cat younger only sets its age back: gains
    already taken stay."""
    ids = wcagr(tx).live_ids(guild.guild_id) if character_ids is None else list(character_ids)
    cats = cats_by_id(tx, guild.guild_id, ids)
    for cat in cats:
        sheet = wcagr_sheet(cat)
        if moons < 0:
            sheet = sheet.changed(age_moons=max(0, sheet.age_moons + moons))
        for _ in range(max(0, moons)):
            sheet = age_one_moon(sheet).sheet
        cat.sheet = sheet
    tx.characters.save_sheets(cats)
