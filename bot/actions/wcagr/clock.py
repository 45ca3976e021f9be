"""WCAGR on the game clock: each sunrise, in RULINGS' order, sick cats' death rolls, then
deadlines and progressions, then sprains resting and wounds healing 1 HP; the cough season when
the season turns from Leaf-fall to Leaf-bare; and cats levelling as they age, their players told
of the choices that wait."""

from __future__ import annotations

from collections.abc import Sequence

from bot.actions.context import Actor
from bot.actions.formatting import describe_roll, safe
from bot.actions.game_time import GameDay
from bot.actions.reply import Reply
from bot.actions.seasons import current_season
from bot.actions.wcagr.gain_prompts import gain_prompts, told_in_sql, untold
from bot.actions.wcagr.gm_life import leave_scenes
from bot.actions.wcagr.illness import season_lines
from bot.actions.wcagr.sheet import cats_by_id, wcagr_sheet
from bot.outbox import Post, record_posts
from rules.dice import DiceSource
from rules.rolls import Roll
from rules.seasons import Season
from rules.wcagr import age_one_moon, rest_a_sunrise
from rules.wcagr.ageing import gains_at
from rules.wcagr.constants import HEAL_PER_MORNING, RETIREMENT_AGE_MOONS, SPRAIN_REST_SUNRISES
from rules.wcagr.healing import morning
from rules.wcagr.illness import sunrise
from storage.models import AuditEntry, Character, IdRange
from storage.repositories import Transaction
from storage.settings import Guild
from storage.wcagr import wcagr
from storage.wcagr.settings import WcagrSettings

MOST_NAMED = 20  # names listed in one line of the day's post
RESTED = f"{SPRAIN_REST_SUNRISES} sunrises of rest"  # l.464
BOT_USER = 0  # the log's user for what the bot does by itself


def _names(names: list[str]) -> str:
    shown = ", ".join(names[:MOST_NAMED])
    return shown + (f" and {len(names) - MOST_NAMED} more" if len(names) > MOST_NAMED else "")


def _dice(rolls: Sequence[Roll]) -> str:
    """ "Redcough at sunrise d100 **95**, Yellowcough d100 **40**"."""
    return ", ".join(f"{roll.label} {describe_roll(roll)}" for roll in rolls)


def _sunrise_entry(
    guild: Guild,
    cat: Character,
    day: GameDay,
    text: str,
    rolls: Sequence[Roll],
    outcome: str,
) -> AuditEntry:
    """The audit log's line for a die the sunrise rolled for a cat (RULINGS: every roll is
    auditable): the bot's (user 0), in no channel."""
    return AuditEntry(
        guild_id=guild.guild_id,
        user_id=BOT_USER,
        character_id=cat.id,
        character_name=cat.name,
        action="illness",
        summary=f"at sunrise: {text}"[:200],
        rolls=list(rolls),
        outcome=outcome,
        created_at=day.start,
    )


def on_sunrise(tx: Transaction, guild: Guild, day: GameDay, dice: DiceSource) -> list[str]:
    """One game day for the server's cats: the summary's lines (who healed, who worsened, who
    died, with every die rolled for them, each also in the audit log). Run once per game day by
    the core clock. With no game-day channel, a death or a healed sprain is posted where that
    cat last played, pinging its player."""
    lines: list[str] = []
    season = current_season(guild.settings, day.start)
    last = wcagr(tx).last_season(guild.guild_id)
    if last != season.value:
        wcagr(tx).set_season(guild.guild_id, season.value)
        if last == Season.LEAF_FALL.value and season is Season.LEAF_BARE:
            lines += season_lines(tx, guild, day.number, dice, day.start)
    lives_save = WcagrSettings.of(guild.settings).leader_lives_save
    # Without a channel for the summary, gains stay untold for the moon's post to tell.
    told_here = guild.settings.clock.game_day_channel_id is not None
    # Only the cats the sunrise may change are read (the others it would leave as they are).
    cats = cats_by_id(
        tx, guild.guild_id, wcagr(tx).sunrise_ids(guild.guild_id, with_waiting=told_here)
    )
    died: list[str] = []
    worse: list[str] = []
    ill: list[str] = []
    rested: list[str] = []
    healed: list[str] = []
    waiting: list[str] = []
    news: list[tuple[Character, str]] = []  # for the channel a cat last played in
    dead_now: list[Character] = []
    changed = []
    for cat in cats:
        before = wcagr_sheet(cat)
        sheet = before
        name = safe(cat.name)
        if sheet.illness is not None and not sheet.dead:
            step = sunrise(sheet, day.number, dice, lives_save=lives_save)
            sheet = step.sheet
            text = step.lines[0]
            line = (
                f"{name} {text.removesuffix('.')}; dice: {_dice(step.rolls)}."
                if step.rolls
                else f"{name} {text}"
            )
            if step.died or (sheet.lives or 0) < (before.lives or 0):
                died.append(line)
                news.append((cat, f"**Died:** {line}"))  # as the summary says it
                outcome = "died" if step.died else "lost a life"
            elif sheet.illness != before.illness:
                (worse if sheet.illness is not None else ill).append(line)
                outcome = "worse" if sheet.illness is not None else "cured"
            else:
                if step.rolls:
                    ill.append(line)
                outcome = "ill"
            if step.died:
                dead_now.append(cat)
            tx.audit.add(_sunrise_entry(guild, cat, day, step.lines[0], step.rolls, outcome))
        if sheet.sprained:
            sheet = rest_a_sunrise(sheet)
            if not sheet.sprained:
                rested.append(name)
                news.append((cat, f"{name}'s sprain is healed after {RESTED}."))
        if sheet.hp_lost and not sheet.dead:
            sheet = morning(sheet)
            healed.append(f"{name} ({sheet.hp}/{sheet.hp_max})")
        if told_here and untold(sheet):
            sheet = sheet.changed(gains_told=len(sheet.pending))
            waiting.append(f"{name} (<@{cat.owner_id}>, {len(sheet.pending)})")
        if sheet != before:
            cat.sheet = sheet
            changed.append(cat)
    tx.characters.save_sheets(changed)
    bot = Actor(guild.guild_id, guild.settings.clock.game_day_channel_id or 0, BOT_USER)
    for cat in dead_now:
        leave_scenes(tx, bot, guild, cat, day.start)
    if not told_here:
        record_posts(tx, _news_posts(tx, guild, news), day.start)
    lines += [f"**Died:** {line}" for line in died]
    lines += [f"**Worse:** {line}" for line in worse]
    lines += [f"**Ill:** {line}" for line in ill]
    if healed:
        lines.append(f"Healed {HEAL_PER_MORNING} HP: {_names(healed)}.")
    if rested:
        lines.append(f"Sprains healed after {RESTED}: {_names(rested)}.")
    if waiting:
        lines.append(f"Gains wait for a choice (/character gains): {_names(waiting)}.")
    return lines


def _news_posts(tx: Transaction, guild: Guild, news: list[tuple[Character, str]]) -> list[Post]:
    """A sunrise's deaths and healed sprains, each in the channel where its cat last played
    (nowhere, for a cat that never did), pinging its player."""
    by_channel: dict[int, list[tuple[Character, str]]] = {}
    for cat, line in news:
        channel = wcagr(tx).last_channel(guild.guild_id, cat.id, cat.owner_id)
        if channel is not None:
            by_channel.setdefault(channel, []).append((cat, line))
    return [
        Post(
            channel,
            Reply(
                title="At sunrise",
                lines=[f"<@{cat.owner_id}>: {line}" for cat, line in told],
                mentions=sorted({cat.owner_id for cat, _ in told}),
            ),
            guild.guild_id,
        )
        for channel, told in by_channel.items()
    ]


def on_moon(
    tx: Transaction, guild: Guild, moons: int, character_ids: Sequence[int] | IdRange | None
) -> list[Post]:
    """The server's cats (or those given, or a slice) grow `moons` moons older, one moon at a
    time: each moon's row of the age table applies (fixed gains at once, choices waiting on
    the sheet, their players told in a post), and at 71 moons a cat retires. An admin making a
    cat younger only sets its age back: gains already taken stay."""
    if moons == 1:
        return _one_moon(tx, guild, character_ids)
    if character_ids is None or isinstance(character_ids, IdRange):
        ids = wcagr(tx).live_ids(guild.guild_id, character_ids)
    else:
        ids = list(character_ids)
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


# The ages whose row of the age table holds a gain: reaching any other age short of retirement
# changes nothing but the age (issue 33: a moon re-validated 100,000 sheets to add 1 to each).
GAIN_AGES = tuple(moon for moon in range(RETIREMENT_AGE_MOONS + 1) if gains_at(moon))


def _one_moon(tx: Transaction, guild: Guild, among: Sequence[int] | IdRange | None) -> list[Post]:
    """One moon for the server's cats (or those `among`), as `on_moon` does it: the cats whose
    moon SQL makes exactly (`storage.wcagr.moon`: most of them) are aged in a few statements
    and their players told from their sheets' JSON; the others (retiring, dead, gains already
    waiting, a gain that may find nothing to choose) go through the sheet's rules. Either way
    each sheet ends as `age_one_moon` makes it and each post is as the rules' path words it."""
    store = wcagr(tx)
    told_anyway = guild.settings.clock.game_day_channel_id is not None
    aged, told_rows = store.age_in_sql(
        guild.guild_id, GAIN_AGES, RETIREMENT_AGE_MOONS, among, told_anyway=told_anyway
    )
    rest = []  # the cats SQL left to the rules (the ids of all listed only when there are some)
    every = isinstance(among, IdRange) and among.count == len(aged)  # the whole slice aged
    if not every and store.living_count(guild.guild_id, among) > len(aged):
        rest = [i for i in store.live_ids(guild.guild_id, among) if i not in aged]
    cats = cats_by_id(tx, guild.guild_id, rest)
    for cat in cats:
        cat.sheet = age_one_moon(wcagr_sheet(cat)).sheet
    posts = gain_prompts(tx, guild, cats, told_in_sql(told_rows))
    tx.characters.save_sheets(cats)
    return posts
