"""WCAGR on the game clock: each sunrise, in RULINGS' order, sick cats' death rolls, then
deadlines and progressions, then sprains resting and wounds healing 1 HP; the cough season when
the season turns from Leaf-fall to Leaf-bare; and cats levelling as they age, their players told
of the choices that wait."""

from __future__ import annotations

from collections.abc import Sequence

from bot.actions.formatting import safe
from bot.actions.game_time import GameDay
from bot.actions.seasons import current_season
from bot.actions.wcagr.gain_prompts import gain_prompts, untold
from bot.actions.wcagr.illness import season_lines
from bot.actions.wcagr.sheet import cats_by_id, wcagr_sheet
from bot.outbox import Post
from rules.dice import DiceSource
from rules.seasons import Season
from rules.wcagr import age_one_moon, rest_a_sunrise
from rules.wcagr.healing import morning
from rules.wcagr.illness import sunrise
from storage.repositories import Transaction
from storage.settings import Guild
from storage.wcagr import wcagr
from storage.wcagr.settings import WcagrSettings

MOST_NAMED = 20  # names listed in one line of the day's post


def _names(names: list[str]) -> str:
    shown = ", ".join(names[:MOST_NAMED])
    return shown + (f" and {len(names) - MOST_NAMED} more" if len(names) > MOST_NAMED else "")


def on_sunrise(tx: Transaction, guild: Guild, day: GameDay, dice: DiceSource) -> list[str]:
    """One game day for the server's cats: the summary's lines (who healed, who worsened, who
    died). Run once per game day by the core clock."""
    lines: list[str] = []
    season = current_season(guild.settings, day.start)
    last = wcagr(tx).last_season(guild.guild_id)
    if last != season.value:
        wcagr(tx).set_season(guild.guild_id, season.value)
        if last == Season.LEAF_FALL.value and season is Season.LEAF_BARE:
            lines += season_lines(tx, guild, day.number, dice)
    cats = cats_by_id(tx, guild.guild_id, wcagr(tx).live_ids(guild.guild_id))
    lives_save = WcagrSettings.of(guild.settings).leader_lives_save
    # Without a channel for the summary, gains stay untold for the moon's post to tell.
    told_here = guild.settings.clock.game_day_channel_id is not None
    died: list[str] = []
    worse: list[str] = []
    rested: list[str] = []
    healed: list[str] = []
    waiting: list[str] = []
    changed = []
    for cat in cats:
        before = wcagr_sheet(cat)
        sheet = before
        if sheet.illness is not None and not sheet.dead:
            step = sunrise(sheet, day.number, dice, lives_save=lives_save)
            sheet = step.sheet
            if step.died or (sheet.lives or 0) < (before.lives or 0):
                died.append(f"{safe(cat.name)} {step.lines[0]}")
            elif sheet.illness != before.illness:
                worse.append(f"{safe(cat.name)} {step.lines[0]}")
        if sheet.sprained:
            sheet = rest_a_sunrise(sheet)
            if not sheet.sprained:
                rested.append(safe(cat.name))
        if sheet.hp_lost and not sheet.dead:
            sheet = morning(sheet)
            healed.append(f"{safe(cat.name)} ({sheet.hp}/{sheet.hp_max})")
        if told_here and untold(sheet):
            sheet = sheet.changed(gains_told=len(sheet.pending))
            waiting.append(f"{safe(cat.name)} (<@{cat.owner_id}>, {len(sheet.pending)})")
        if sheet != before:
            cat.sheet = sheet
            changed.append(cat)
    tx.characters.save_sheets(changed)
    lines += [f"**Died:** {line}" for line in died]
    lines += [f"**Worse:** {line}" for line in worse]
    if healed:
        lines.append(f"Healed 1 HP: {_names(healed)}.")
    if rested:
        lines.append(f"Sprains healed after 3 sunrises of rest: {_names(rested)}.")
    if waiting:
        lines.append(f"Gains wait for a choice (/character gains): {_names(waiting)}.")
    return lines


def on_moon(
    tx: Transaction, guild: Guild, moons: int, character_ids: Sequence[int] | None
) -> list[Post]:
    """The server's cats (or those given) grow `moons` moons older, one moon at a time: each
    moon's row of the age table applies (fixed gains at once, choices waiting on the sheet, their
    players told in a post), and at 71 moons a cat retires. An admin making a cat younger only
    sets its age back: gains already taken stay."""
    ids = wcagr(tx).live_ids(guild.guild_id) if character_ids is None else list(character_ids)
    cats = cats_by_id(tx, guild.guild_id, ids)
    for cat in cats:
        sheet = wcagr_sheet(cat)
        if moons < 0:
            sheet = sheet.changed(age_moons=max(0, sheet.age_moons + moons))
        for _ in range(max(0, moons)):
            sheet = age_one_moon(sheet).sheet
        cat.sheet = sheet
    posts = gain_prompts(tx, guild, cats)
    tx.characters.save_sheets(cats)
    return posts
