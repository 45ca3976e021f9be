"""Taking Risks' part of the GM toolkit (issue 24): what the Narrator may set on a cat's sheet
(each value checked by the sheet's own model), harm as scars, death and return by Lives, what an
undo puts back besides the sheet (the cat's wounds and rolls), the Narrator's hand in a fight
against non-cats, and what an adjudication of a Risk, a dream change or a Trick changes: its
scars, its Style, the Life spent on it, the Reputation it used (book l. 37, 84, 90)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from enum import StrEnum
from typing import Any

from pydantic import ValidationError

from bot.actions.cat import foe_flow
from bot.actions.cat.common import cat_sheet
from bot.actions.cat.owed import due_at, place_by_default
from bot.actions.cat.roll_view import how_many_dice
from bot.actions.cat.scenes import leave_scenes as leave_all_scenes
from bot.actions.cat.wound_view import open_wound
from bot.actions.context import Actor
from bot.actions.formatting import safe
from bot.actions.game_time import game_day_at
from bot.actions.reply import Reply
from bot.actions.weeks import stamp
from bot.gm import GmTools, SheetField
from rules.cat.constants import BAUBLE_CURSE_RISKS, LIVES, MAX_REPUTATION_RANK, MAX_REPUTATIONS
from rules.cat.fights import end_fight
from rules.cat.foe_turns import FoePhase
from rules.cat.magic import TrickResult
from rules.cat.pools import lowest_odd
from rules.cat.risks import RiskResult
from rules.cat.scars import room_for_scars, settle_healing, take_back_scars
from rules.cat.sheet import (
    RANKS,
    TRAITS,
    CatSheet,
    Rank,
    Trait,
    TraitState,
    clean_reputation_name,
    find_reputation,
    parse_reputations,
    with_trait,
)
from rules.dice import DiceSource
from rules.errors import PawpostError
from storage.cat import cat
from storage.cat.risks import FollowUp, StoredRisk
from storage.cat.wounds import Settled, Wound, WoundSource
from storage.models import AuditEntry, Character
from storage.repositories import Transaction
from storage.settings import Guild

BOT_USER_ID = 0  # the audit log's "user" for what a toolkit verb does by itself
ROLLS_IN_SNAPSHOT = 20  # an undo puts back the follow-ups of the cat's latest rolls
RANK_NAMES = ", ".join(rank.label for rank in RANKS[:-1]) + f" or {RANKS[-1].label}"
YES, NO = "yes", "no"
NEW_REPUTATION = "Reputation: (a new one)"


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


# The sheet's fields.


def fields(tx: Transaction, guild: Guild, character: Character) -> list[SheetField]:
    """Every value of the sheet the Narrator may set, as the sheet shows it."""
    sheet = cat_sheet(character)
    found = [SheetField(trait.label, sheet.rank(trait).label, RANK_NAMES) for trait in TRAITS]
    found += [
        SheetField(
            f"Scars: {trait.label}",
            str(sheet.scars(trait)),
            "0 (a Crippled trait takes none)"
            if sheet.rank(trait) is Rank.CRIPPLED
            else "0 to 2 (a third drops the rank: use the rank)",
        )
        for trait in TRAITS
    ]
    found += [
        SheetField("Lives", str(sheet.lives), f"0 to {LIVES}"),
        SheetField("Magic Points", str(sheet.magic_points), f"0 to {sheet.max_magic_points}"),
        SheetField("Style", str(sheet.style), "0 or more"),
        SheetField("Style readied", str(sheet.style_ready), f"0 to {sheet.style}"),
        *(
            SheetField(
                f"Reputation: {name}",
                str(rank),
                f"1 to {MAX_REPUTATION_RANK}, or 0 to take it away",
            )
            for name, rank in sheet.reputations.items()
        ),
        SheetField(
            NEW_REPUTATION,
            "",
            f"a name and a rank of 1 to {MAX_REPUTATION_RANK}, e.g. Bold 2 (at most "
            f"{MAX_REPUTATIONS} Reputations)",
        ),
        SheetField(
            "Drenched", YES if sheet.wet_on_day is not None else NO, "yes (for today) or no"
        ),
        SheetField(
            "Bauble Curse",
            NO if sheet.bauble_risks_taken is None else f"{sheet.bauble_risks_taken} tries made",
            f"no, or the tries made: 0 to {BAUBLE_CURSE_RISKS - 1}",
        ),
        SheetField("Advantage granted", str(sheet.advantage_granted), "0 or more"),
        SheetField("Heals due", str(sheet.heals_due), f"0 to {sheet.total_scars}"),
        SheetField(
            "Frenzy",
            NO if sheet.frenzy_ready is None else str(sheet.frenzy_ready),
            "no, or its actions a round for the next fight",
        ),
    ]
    return found


def _number(text: str, name: str, takes: str) -> int:
    cleaned = text.strip()
    if not cleaned.lstrip("-").isdigit():
        raise PawpostError(f"{name} takes {takes}; you gave {safe(text)}.")
    return int(cleaned)


def _yes(text: str, name: str, takes: str) -> bool:
    cleaned = text.strip().lower()
    if cleaned not in (YES, NO):
        raise PawpostError(f"{name} takes {takes}; you gave {safe(text)}.")
    return cleaned == YES


def _checked(
    sheet: CatSheet, update: dict[str, Any], name: str, takes: str, value: str
) -> CatSheet:
    """The sheet with `update`, through the sheet model's own checks (one sentence when they
    refuse it)."""
    try:
        return CatSheet.model_validate({**sheet.model_dump(), **update})
    except ValidationError:
        raise PawpostError(f"{name} takes {takes}; you gave {safe(value)}.") from None


def set_field(
    tx: Transaction, guild: Guild, character: Character, field: str, value: str, now: datetime
) -> list[str]:
    """Set one of `fields`' values; returns what changed beyond it (ranks, Magic Points, death,
    the scenes a death ends)."""
    sheet = cat_sheet(character)
    today = game_day_at(now, guild.settings).number
    by_name = {entry.name.casefold(): entry for entry in fields(tx, guild, character)}
    wanted = " ".join(field.split()).casefold()
    known = by_name.get(wanted)
    if known is None and wanted.startswith("reputation:"):
        name = clean_reputation_name(field.split(":", 1)[1])
        known = SheetField(f"Reputation: {name}", "", f"1 to {MAX_REPUTATION_RANK}")
    if known is None:
        names = ", ".join(entry.name for entry in by_name.values())
        raise PawpostError(f"A cat's sheet has no {safe(field.strip())}; it has {names}.")
    new = _set(sheet, known, value, today)
    lines = _what_follows(character, sheet, new)
    joined = [name for name in new.reputations if name not in sheet.reputations]
    lines += [f"{safe(name)} {new.reputations[name]} joins its Reputations." for name in joined]
    character.sheet = new
    tx.characters.save_sheet(character)
    if new.dead and not sheet.dead:
        lines += leave_all_scenes(tx, character, now)
    return lines


def _set(sheet: CatSheet, field: SheetField, value: str, today: int) -> CatSheet:
    name, takes = field.name, field.takes
    trait = next((t for t in TRAITS if t.label == name), None)
    if trait is not None:
        rank = next((r for r in RANKS if r.value == value.strip().lower()), None)
        if rank is None:
            raise PawpostError(f"{name} takes {takes}; you gave {safe(value)}.")
        scars = 0 if rank is Rank.CRIPPLED else sheet.scars(trait)
        return settle_healing(with_trait(sheet, trait, TraitState(rank=rank, scars=scars)), today)
    if name.startswith("Scars: "):
        trait = next(t for t in TRAITS if t.label == name.removeprefix("Scars: "))
        scars = _number(value, name, takes)
        try:
            state = TraitState(rank=sheet.rank(trait), scars=scars)
        except ValidationError:
            raise PawpostError(f"{name} takes {takes}; you gave {safe(value)}.") from None
        return settle_healing(with_trait(sheet, trait, state), today)
    if name == NEW_REPUTATION:
        entries = parse_reputations(value)
        if len(entries) != 1:
            raise PawpostError(f"{name} takes {takes}; you gave {safe(value)}.")
        [(new_name, new_rank)] = entries.items()
        if find_reputation(sheet.reputations, new_name) is not None:
            raise PawpostError(f"The cat has the Reputation {safe(new_name)} already.")
        return _reputation(sheet, new_name, str(new_rank), takes)
    if name.startswith("Reputation: "):
        return _reputation(sheet, name.removeprefix("Reputation: "), value, takes)
    if name == "Drenched":
        return sheet.model_copy(update={"wet_on_day": today if _yes(value, name, takes) else None})
    if name == "Bauble Curse":
        if value.strip().lower() == NO:
            return sheet.model_copy(update={"bauble_risks_taken": None})
        tries = _number(value.split()[0] if value.split() else value, name, takes)
        return _checked(sheet, {"bauble_risks_taken": tries}, name, takes, value)
    if name == "Frenzy":
        if value.strip().lower() == NO:
            return sheet.model_copy(update={"frenzy_ready": None})
        return _checked(sheet, {"frenzy_ready": _number(value, name, takes)}, name, takes, value)
    keys = {
        "Lives": "lives",
        "Magic Points": "magic_points",
        "Style": "style",
        "Style readied": "style_ready",
        "Advantage granted": "advantage_granted",
        "Heals due": "heals_due",
    }
    number = _number(value, name, takes)
    update: dict[str, Any] = {keys[name]: number}
    if name == "Style":
        update["style_ready"] = min(sheet.style_ready, max(number, 0))
    if name == "Style readied" and not 0 <= number <= sheet.style:
        raise PawpostError(f"{name} takes {takes}; you gave {safe(value)}.")
    return _checked(sheet, update, name, takes, value)


def _reputation(sheet: CatSheet, name: str, value: str, takes: str) -> CatSheet:
    rank = _number(value, f"Reputation: {name}", takes)
    known = find_reputation(sheet.reputations, name) or clean_reputation_name(name)
    reputations = dict(sheet.reputations)
    if rank == 0:
        if known not in reputations:
            raise PawpostError(f"The cat has no Reputation called {safe(name)}.")
        del reputations[known]
        at_risk = {n: d for n, d in sheet.reputations_at_risk.items() if n != known}
        times = {n: t for n, t in sheet.times_at_risk.items() if n != known}
        update = {
            "reputations": reputations,
            "reputations_at_risk": at_risk,
            "times_at_risk": times,
        }
        return sheet.model_copy(update=update)
    if known not in reputations and len(reputations) >= MAX_REPUTATIONS:
        raise PawpostError(f"A cat has at most {MAX_REPUTATIONS} Reputations; take one away first.")
    reputations[known] = rank
    return _checked(sheet, {"reputations": reputations}, f"Reputation: {known}", takes, value)


def _what_follows(character: Character, before: CatSheet, after: CatSheet) -> list[str]:
    name = safe(character.name)
    lines = []
    if after.max_magic_points != before.max_magic_points:
        lines.append(f"Magic Points: {after.magic_points} / {after.max_magic_points}.")
    if after.dead and not before.dead:
        lines.append(f"{name} is dead.")
    elif before.dead and not after.dead:
        lines.append(f"{name} lives again.")
    elif after.in_real_danger and not before.in_real_danger:
        lines.append(f"{name} is in real danger: three Crippled traits, and a fourth kills.")
    return lines


# Harm, healing, death and return.


def _narrator_actor(guild: Guild, channel_id: int | None) -> Actor:
    return Actor(guild.guild_id, channel_id or 0, BOT_USER_ID)


def damage(
    tx: Transaction,
    guild: Guild,
    character: Character,
    amount: int,
    kind: str | None,
    dice: DiceSource,
    now: datetime,
) -> list[str]:
    """The Narrator gives scars: the cat owes them, and its player places them (or they go
    where the Narrator puts them after the timeout: the trait with the most room)."""
    sheet = cat_sheet(character)
    if sheet.dead:
        raise PawpostError(f"{safe(character.name)} is dead.")
    if amount < 1:
        raise PawpostError(f"Give at least 1 scar; you gave {amount}.")
    trait = max(TRAITS, key=lambda t: room_for_scars(sheet, t))
    channel = guild.settings.clock.game_day_channel_id or guild.settings.admin_channel_id
    wound = open_wound(
        tx,
        character,
        WoundSource.NARRATOR,
        0,
        trait,
        amount,
        now,
        life_allowed=False,
        channel_id=channel,
    )
    return [
        f"{safe(character.name)} owes {_plural(amount, 'scar')} from the Narrator: "
        f"<@{character.owner_id}> places them (/scars), or they go to {trait.label} "
        f"{stamp(due_at(wound, guild), 'R')}."
    ]


def heal(
    tx: Transaction,
    guild: Guild,
    character: Character,
    amount: int,
    kind: str | None,
    dice: DiceSource,
    now: datetime,
) -> list[str]:
    """The Narrator takes scars away: those still owed first, then placed ones, from the trait
    carrying the most; healing never gives back a lost rank (RULINGS)."""
    if amount < 1:
        raise PawpostError(f"Heal at least 1 scar; you gave {amount}.")
    name, left, lines = safe(character.name), amount, []
    for wound in cat(tx).wounds.open_of(character.guild_id, character.id):
        if not left:
            break
        if wound.left <= left:
            cat(tx).wounds.place(wound, 0, now, settled=Settled.CANCELLED)
            forgiven = wound.left
        else:
            if not cat(tx).wounds.forgive(wound, left):
                raise PawpostError("Those scars changed a moment ago; try again.")
            forgiven = left
        left -= forgiven
        lines.append(f"{name} owes {_plural(forgiven, 'scar')} fewer.")
    sheet = cat_sheet(character)
    healed: dict[Trait, int] = {}
    while left and sheet.total_scars:
        trait = max(TRAITS, key=sheet.scars)
        state = sheet.traits[trait]
        sheet = with_trait(sheet, trait, TraitState(rank=state.rank, scars=state.scars - 1))
        healed[trait] = healed.get(trait, 0) + 1
        left -= 1
    if healed:
        character.sheet = settle_healing(sheet, game_day_at(now, guild.settings).number)
        tx.characters.save_sheet(character)
        where = ", ".join(f"{count} in {trait.label}" for trait, count in healed.items())
        lines.append(f"{name} heals {where}.")
    if left == amount:
        raise PawpostError(f"{name} has no scars to heal.")
    if left:
        lines.append(f"That was every scar {name} had.")
    return lines


def kill(
    tx: Transaction, guild: Guild, character: Character, dice: DiceSource, now: datetime
) -> list[str]:
    """The Narrator's word: the cat has no Lives left, and dies (book l. 76). (The core then
    takes it out of its scenes, `leave_scenes`.)"""
    sheet = cat_sheet(character)
    if sheet.dead:
        raise PawpostError(f"{safe(character.name)} is dead already.")
    character.sheet = sheet.model_copy(update={"lives": 0})
    tx.characters.save_sheet(character)
    return [f"{safe(character.name)} has no Lives left and dies."]


def revive(
    tx: Transaction, guild: Guild, character: Character, dice: DiceSource, now: datetime
) -> list[str]:
    """One of the rumoured cats who "find a way to refresh a Life" (book l. 103): a dead cat
    gets a Life back, and Crippled traits that killed it come back Hurt."""
    sheet = cat_sheet(character)
    name = safe(character.name)
    if not sheet.dead:
        raise PawpostError(f"{name} is alive.")
    lines = []
    if sheet.lives == 0:
        sheet = sheet.model_copy(update={"lives": 1})
        lines.append(f"{name} finds a Life again: 1 Life.")
    crippled = sheet.crippled_traits
    if sheet.dead:
        for trait in crippled:
            sheet = with_trait(sheet, trait, TraitState(rank=Rank.HURT))
        names = ", ".join(trait.label for trait in crippled)
        lines.append(f"Its Crippled traits come back Hurt: {names}.")
    character.sheet = sheet
    tx.characters.save_sheet(character)
    return [*lines, f"{name} lives again."]


# What an undo puts back besides the sheet.


def snapshot(tx: Transaction, character: Character) -> dict[str, Any]:
    """The cat's open wounds and its latest rolls' follow-ups, as JSON."""
    wounds = cat(tx).wounds.open_of(character.guild_id, character.id)
    rolls = cat(tx).risks.recent_of(character.guild_id, character.id, ROLLS_IN_SNAPSHOT)
    return {
        "wounds": [wound.model_dump(mode="json") for wound in wounds],
        "rolls": [roll.model_dump(mode="json") for roll in rolls],
    }


def restore(tx: Transaction, character: Character, saved: dict[str, Any]) -> None:
    """Put back what `snapshot` saved: each wound and roll as it was, and no wound opened since."""
    wounds = [Wound.model_validate(wound) for wound in saved.get("wounds", [])]
    kept = {wound.id for wound in wounds}
    opened = [
        wound.id
        for wound in cat(tx).wounds.open_of(character.guild_id, character.id)
        if wound.id not in kept
    ]
    cat(tx).wounds.delete(character.guild_id, opened)
    for wound in wounds:
        cat(tx).wounds.restore(wound)
    for roll in saved.get("rolls", []):
        cat(tx).risks.restore(StoredRisk.model_validate(roll))


# The Narrator's hand in a fight against non-cats.


def skip_turn(
    tx: Transaction,
    actor: Actor,
    guild: Guild,
    combat_id: int,
    character_id: int | None,
    dice: DiceSource,
    now: datetime,
) -> Reply:
    """Pass what a fight against non-cats waits for: scars owed are placed where the Narrator
    puts them and the fight goes on; a move rolls dice, so the answer is the round's buttons,
    which an admin may press for the absent player."""
    combat = cat(tx).foes.get(guild.guild_id, combat_id)
    if combat is None or combat.state.is_over:
        raise PawpostError("That fight is not going on.")
    if character_id is not None and character_id != combat.state.character_id:
        raise PawpostError("That cat is not in this fight.")
    found = tx.characters.by_id(guild.guild_id, combat.state.character_id)
    if found is None:
        raise PawpostError("The cat in that fight was deleted.")
    if combat.state.phase is FoePhase.MOVE:
        return foe_flow.next_reply(
            combat,
            found,
            [
                f"Fight {combat.id} waits for {safe(found.name)}'s move, which rolls dice: an "
                "admin may press one of these for its player."
            ],
        )
    narrator = _narrator_actor(guild, combat.channel_id)
    lines = []
    for wound in cat(tx).wounds.of_source(guild.guild_id, WoundSource.FOE, combat.id):
        if wound.open:
            wound, placed = place_by_default(tx, narrator, guild, wound, found, now)
            lines += placed
    then = foe_flow.after_wound(tx, actor, combat.id, found, now)
    return then.model_copy(update={"lines": [*lines, *then.lines]})


def end_scene(
    tx: Transaction, actor: Actor, guild: Guild, combat_id: int, reason: str, now: datetime
) -> Reply:
    """End a fight against non-cats (the last round's scars, if any wait, still stand)."""
    combat = cat(tx).foes.get(guild.guild_id, combat_id)
    if combat is None or combat.state.is_over:
        raise PawpostError("That fight is not going on.")
    found = tx.characters.by_id(guild.guild_id, combat.state.character_id)
    if found is None:
        raise PawpostError("The cat in that fight was deleted.")
    ended = foe_flow.with_state(tx, combat, end_fight(combat.state.fight), now)
    return foe_flow.next_reply(ended, found, [f"Fight {ended.id} ends: {safe(reason)}."])


def leave_scenes(
    tx: Transaction, actor: Actor, guild: Guild, character: Character, now: datetime
) -> list[str]:
    """A dead cat's fight ends, its scars owed are settled, no Life is spent on its rolls."""
    return leave_all_scenes(tx, character, now)


# Adjudication.


class Ruling(StrEnum):
    """What an adjudication of a Risk, a dream change or a Trick may say."""

    SUCCESS = "success"
    FAILURE = "failure"
    DANGEROUS_FAILURE = "dangerous failure"  # the Narrator marks a Risk dangerous (book l. 33)
    WITHOUT_REPUTATION = "without its Reputation"  # the Narrator does not agree it fits (l. 84)


ROLLS = ("risk", "dream", "trick")


def outcomes(entry: AuditEntry) -> Sequence[str]:
    """The outcomes `/admin adjudicate` offers for a logged roll."""
    if entry.action == "trick":
        return [Ruling.SUCCESS.value, Ruling.FAILURE.value]
    if entry.action == "dream":
        return [Ruling.SUCCESS.value, Ruling.FAILURE.value, Ruling.WITHOUT_REPUTATION.value]
    if entry.action == "risk":
        return [ruling.value for ruling in Ruling]
    return []


def _ruling(outcome: str) -> Ruling | None:
    """The ruling an outcome starts with ("success: the roof was lower"), None for free text."""
    text = " ".join(outcome.split()).casefold()
    for ruling in sorted(Ruling, key=lambda r: -len(r.value)):
        word = ruling.value.casefold()
        if text == word or text.startswith((f"{word}:", f"{word} ")):
            return ruling
    return None


def adjudicate(
    tx: Transaction, guild: Guild, original: AuditEntry, outcome: str, now: datetime
) -> tuple[str, list[str]] | None:
    """What an adjudicated roll changes; None keeps a free-text outcome (a cat fight's, or
    words that are no ruling)."""
    ruling = _ruling(outcome)
    if original.action not in ROLLS or ruling is None:
        return None
    if ruling not in outcomes(original):
        raise PawpostError(f"A {original.action} takes {', '.join(outcomes(original))}.")
    stored = cat(tx).risks.by_audit(guild.guild_id, original.id)
    if stored is None:
        raise PawpostError("That roll was made before the bot kept rolls for adjudication.")
    found = tx.characters.by_id(guild.guild_id, stored.character_id)
    if found is None:
        raise PawpostError("The cat of that roll is no longer in this server.")
    change = _Change(tx, guild, original, stored, found, now)
    lines = change.apply(ruling)
    return outcome, lines or [f"Nothing else changes for {safe(found.name)}."]


class _Change:
    """One adjudication's changes to a stored roll, its cat and its scars."""

    def __init__(
        self,
        tx: Transaction,
        guild: Guild,
        original: AuditEntry,
        stored: StoredRisk,
        found: Character,
        now: datetime,
    ) -> None:
        self.tx, self.guild, self.original, self.stored = tx, guild, original, stored
        self.found, self.now = found, now
        self.name = safe(found.name)
        self.roll = f"roll #{original.id}"
        self.Roll = f"Roll #{original.id}"

    def apply(self, ruling: Ruling) -> list[str]:
        result = self.stored.result
        if ruling is Ruling.WITHOUT_REPUTATION:
            return self._without_reputation(result)
        wanted = ruling is Ruling.SUCCESS
        dangerous = ruling is Ruling.DANGEROUS_FAILURE
        if isinstance(result, RiskResult) and dangerous and not result.dangerous:
            return self._to(result.model_copy(update={"dangerous": True}), False, was=result)
        if result.succeeded == wanted:
            word = "a success" if wanted else "a failure"
            return [f"{self.Roll} was {word} already: nothing else changes."]
        return self._to(result, wanted, was=result)

    def _without_reputation(self, result: RiskResult | TrickResult) -> list[str]:
        parts = [part for part in result.pool if part.reason.endswith("(Reputation)")]
        if not parts:
            raise PawpostError(f"{self.Roll} used no Reputation.")
        dropped = parts[-1]
        kept = result.roll.dice[: len(result.roll.dice) - dropped.dice]
        roll = result.roll.model_copy(update={"dice": kept})
        pool = tuple(part for part in result.pool if part is not dropped)
        recounted = result.model_copy(update={"pool": pool, "roll": roll})
        lines = [
            f"The Narrator does not agree that {safe(dropped.reason.removesuffix(' (Reputation)'))}"
            f" fits: {self.roll} counts {plural_evens(recounted.evens)} without its "
            f"{how_many_dice(dropped.dice)}."
        ]
        # A Life spent makes any Risk succeed (book l. 100), Reputation or not.
        saved = isinstance(result, RiskResult) and result.life_spent
        return lines + self._to(recounted, recounted.beat or saved, was=result, recounted=True)

    def _to(
        self,
        result: RiskResult | TrickResult,
        succeeded: bool,
        *,
        was: RiskResult | TrickResult,
        recounted: bool = False,
    ) -> list[str]:
        """The roll now stands as `succeeded`: its Style, its scars and its Life follow."""
        lines: list[str] = []
        update: dict[str, Any] = {"ruled": None if recounted else succeeded}
        if isinstance(result, RiskResult) and not succeeded:
            update["life_spent"] = False
        result = result.model_copy(update=update)
        if succeeded != was.succeeded:
            who = f"<@{self.found.owner_id}>" if succeeded else "the Narrator"
            lines.append(
                f"{self.Roll} is a {'success' if succeeded else 'failure'} now: {who} narrates."
            )
        lines += self._style(was, result)
        if isinstance(was, RiskResult) and isinstance(result, RiskResult):
            if not succeeded:
                lines += self._life(was)
            lines += self._scars(result)
        elif not succeeded:
            lines.append("What the Trick did is the Narrator's to take back.")
        self.tx.characters.save_sheet(self.found)
        cat(self.tx).risks.rule(self.stored.id, result, self.now)
        return lines

    def _style(self, was: RiskResult | TrickResult, now: RiskResult | TrickResult) -> list[str]:
        """Style the roll no longer makes is taken back (banked), or no longer offered."""
        lost = was.style_earned - (now.style_earned if now.succeeded else 0)
        if lost <= 0:
            return []
        if not self.stored.done(FollowUp.STYLE):
            cat(self.tx).risks.mark(self.stored.id, FollowUp.STYLE, self.now)
            return [f"Its {_plural(lost, 'surplus even')} are no longer Style."]
        sheet = cat_sheet(self.found)
        taken = min(lost, sheet.style)
        self.found.sheet = sheet.model_copy(
            update={
                "style": sheet.style - taken,
                "style_ready": min(sheet.style_ready, sheet.style - taken),
            }
        )
        lines = [f"{self.name} loses the {_plural(taken, 'Style point')} it made."]
        if taken < lost:
            lines.append(
                "It had spent some since (on the scene, or a roll): set its Style with "
                "/admin sheet set if more should go."
            )
        return lines

    def _life(self, was: RiskResult) -> list[str]:
        """A Life spent to succeed comes back when the roll fails after all."""
        if not was.life_spent:
            return []
        sheet = cat_sheet(self.found)
        self.found.sheet = sheet.model_copy(update={"lives": min(sheet.lives + 1, LIVES)})
        return [f"The Life {self.name} spent on it comes back: {cat_sheet(self.found).lives}."]

    def _scars(self, now: RiskResult) -> list[str]:
        """A success takes no scars: owed ones are cancelled, placed ones taken back. A
        dangerous failure scars by its lowest odd die (book l. 35)."""
        tx, guild = self.tx, self.guild
        wounds = cat(tx).wounds.of_source(guild.guild_id, WoundSource.RISK, self.stored.id)
        lines: list[str] = []
        if now.succeeded:
            for wound in wounds:
                if wound.open:
                    cat(tx).wounds.place(wound, 0, self.now, settled=Settled.CANCELLED)
                    lines.append(f"{self.name} owes none of its {_plural(wound.left, 'scar')}.")
                if wound.placement:
                    today = game_day_at(self.now, guild.settings).number
                    sheet = take_back_scars(cat_sheet(self.found), wound.placement, today=today)
                    self.found.sheet = sheet
                    where = ", ".join(f"{n} in {t.label}" for t, n in wound.placement.items())
                    lines.append(f"The scars it cost are taken back: {where}.")
                    lines += [
                        f"{trait.label} is {sheet.rank(trait).label} again."
                        for trait in wound.placement
                    ]
            cat(tx).risks.mark(self.stored.id, FollowUp.SCARS, self.now)
            return lines
        scars = lowest_odd(now.roll) if now.dangerous else 0
        if any(wound.open or wound.placed for wound in wounds) or not now.dangerous:
            return lines
        if not scars:
            return ["Dangerous, but no die came up odd: no scars."]
        wound = open_wound(
            tx,
            self.found,
            WoundSource.RISK,
            self.stored.id,
            now.trait,
            scars,
            self.now,
            life_allowed=False,
            channel_id=self.original.channel_id,
        )
        return [
            f"{self.name} owes {_plural(scars, 'scar')} (the lowest odd die): "
            f"<@{self.found.owner_id}> places them (/scars), or they go to {now.trait.label} "
            f"{stamp(due_at(wound, guild), 'R')}."
        ]


def plural_evens(count: int) -> str:
    return _plural(count, "even")


CAT_GM = GmTools(
    fields=fields,
    set_field=set_field,
    damage=damage,
    heal=heal,
    kill=kill,
    revive=revive,
    snapshot=snapshot,
    restore=restore,
    skip_turn=skip_turn,
    end_scene=end_scene,
    leave_scenes=leave_scenes,
    outcomes=outcomes,
)
