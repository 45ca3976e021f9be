"""Taking a Risk: trait dice + Advantage dice + a fitting Reputation's rank, Style spent as
automatic evens, against Easy 1, Moderate 2 or Hard 3 evens; and spending a Life to succeed."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from rules.cat.constants import EASY_EVENS, HARD_EVENS, MAX_POOL_DICE, MODERATE_EVENS
from rules.cat.lives import spend_life
from rules.cat.pools import PoolPart, PoolResult, check_count, check_style, roll_pool
from rules.cat.sheet import CatSheet, Rank, Trait, find_reputation, require_alive
from rules.dice import DiceSource
from rules.errors import PawpostError


class Difficulty(StrEnum):
    EASY = "easy"
    MODERATE = "moderate"
    HARD = "hard"

    @property
    def label(self) -> str:
        return self.value.capitalize()

    @property
    def evens(self) -> int:
        """Evens needed to beat it (book l. 17-19)."""
        return _DIFFICULTY_EVENS[self]


_DIFFICULTY_EVENS: Mapping[Difficulty, int] = {
    Difficulty.EASY: EASY_EVENS,
    Difficulty.MODERATE: MODERATE_EVENS,
    Difficulty.HARD: HARD_EVENS,
}


class Narrator(StrEnum):
    """Who narrates the outcome (book l. 21): the player on a success, the Narrator (the
    server's admins, RULINGS general) when Fate intervenes."""

    PLAYER = "player"
    NARRATOR = "narrator"


class AdvantageSource(StrEnum):
    """Advantage dice are the Narrator's to hand out (book l. 25); a player may claim them, and
    the claim is shown and logged as such (RULINGS)."""

    GRANTED = "granted"
    CLAIMED = "claimed"


class RiskPurpose(StrEnum):
    """Why the Risk was taken: a plain Risk, a try to break the Bauble Curse, a dream change."""

    RISK = "risk"
    BREAK_FREE = "break-free"
    DREAM = "dream"


class RiskResult(PoolResult):
    """One Risk. `life_spent` marks a failure turned into a success by a Life (book l. 100);
    `ruled` the Narrator's word on it (an admin's adjudication), which the dice then yield to."""

    model_config = ConfigDict(frozen=True)

    trait: Trait
    rank: Rank
    dangerous: bool = False
    purpose: RiskPurpose = RiskPurpose.RISK
    life_spent: bool = False
    ruled: bool | None = None

    @property
    def succeeded(self) -> bool:
        if self.ruled is not None:
            return self.ruled
        return self.life_spent or self.beat

    @property
    def narrator(self) -> Narrator:
        return Narrator.PLAYER if self.succeeded else Narrator.NARRATOR

    @property
    def scars(self) -> int:
        """A failed dangerous Risk gives scars equal to the lowest odd die (book l. 35)."""
        return self.lowest_odd if self.dangerous and not self.succeeded else 0


class RiskTaken(BaseModel):
    """The sheet after the Risk (Style spent is gone) and the Risk itself."""

    model_config = ConfigDict(frozen=True)

    sheet: CatSheet
    result: RiskResult


def risk_pool(
    sheet: CatSheet,
    trait: Trait,
    *,
    advantage: int = 0,
    advantage_source: AdvantageSource = AdvantageSource.GRANTED,
    claimed: int = 0,
    reputation: str | None = None,
) -> tuple[PoolPart, ...]:
    """The dice of a Risk: the trait's, then Advantage dice (`claimed` ones, a player's own, shown
    apart), then the Reputation's rank (book l. 15, 25, 84). Refused for a Crippled trait and
    for a Reputation the cat does not have."""
    rank = sheet.rank(trait)
    if rank is Rank.CRIPPLED:
        raise PawpostError(
            f"{trait.label} is Crippled: a cat takes no Risks with a Crippled trait, "
            "not even by spending a Life."
        )
    check_count(advantage, "Advantage dice")
    check_count(claimed, "Advantage dice")
    parts = [PoolPart(reason=f"{trait.label} ({rank.label})", dice=rank.dice)]
    if advantage:
        parts.append(PoolPart(reason=f"Advantage ({advantage_source.value})", dice=advantage))
    if claimed:
        parts.append(PoolPart(reason=f"Advantage ({AdvantageSource.CLAIMED.value})", dice=claimed))
    if reputation is not None:
        name = find_reputation(sheet.reputations, reputation)
        if name is None:
            raise PawpostError(f"The cat has no Reputation called {' '.join(reputation.split())}.")
        parts.append(PoolPart(reason=f"{name} (Reputation)", dice=sheet.reputations[name]))
    return tuple(parts)


def roll_risk(
    sheet: CatSheet,
    trait: Trait,
    needed: int,
    dice: DiceSource,
    *,
    label: str,
    advantage: int = 0,
    advantage_source: AdvantageSource = AdvantageSource.GRANTED,
    claimed: int = 0,
    reputation: str | None = None,
    style: int = 0,
    dangerous: bool = False,
    purpose: RiskPurpose = RiskPurpose.RISK,
) -> RiskTaken:
    """Any Risk, without the Bauble Curse's refusal (the curse's own Risks and dream changes
    call this after their own checks)."""
    require_alive(sheet)
    parts = risk_pool(
        sheet,
        trait,
        advantage=advantage,
        advantage_source=advantage_source,
        claimed=claimed,
        reputation=reputation,
    )
    check_style(sheet, style)
    roll = roll_pool(parts, dice, label=label, needed=needed, style=style)
    result = RiskResult(
        pool=parts,
        roll=roll,
        needed=needed,
        trait=trait,
        rank=sheet.rank(trait),
        dangerous=dangerous,
        purpose=purpose,
    )
    return RiskTaken(sheet=sheet.model_copy(update={"style": sheet.style - style}), result=result)


def take_risk(
    sheet: CatSheet,
    trait: Trait,
    difficulty: Difficulty,
    dice: DiceSource,
    *,
    advantage: int = 0,
    advantage_source: AdvantageSource = AdvantageSource.GRANTED,
    claimed: int = 0,
    reputation: str | None = None,
    style: int = 0,
    dangerous: bool = False,
    label: str | None = None,
) -> RiskTaken:
    """Test Fate (book l. 15): success on evens equal to or greater than the difficulty's.
    A cat under the Bauble Curse takes no Risk but its tries to break free (book l. 138)."""
    require_alive(sheet)
    if sheet.cursed:
        raise PawpostError(
            "The cat is under the Bauble Curse and can take no Risk but the Hard Tail Risks "
            "to break free."
        )
    return roll_risk(
        sheet,
        trait,
        difficulty.evens,
        dice,
        label=label or f"{difficulty.label} {trait.label} Risk",
        advantage=advantage,
        advantage_source=advantage_source,
        claimed=claimed,
        reputation=reputation,
        style=style,
        dangerous=dangerous,
    )


def spend_life_on_risk(
    sheet: CatSheet,
    result: RiskResult,
    *,
    confirm_last: bool = False,
    free_at_first_success: bool = False,
) -> RiskTaken:
    """Spend a Life to succeed at a failed Risk "regardless of your Trait or the difficulty"
    (book l. 100): no scars, no Style, the player narrates. On a try to break the Bauble Curse
    it is only worth it where a success frees the cat (the server setting
    `free_at_first_success`), so it is refused otherwise rather than wasted."""
    require_alive(sheet)
    if result.succeeded:
        raise PawpostError("The Risk already succeeded, so there is no need to spend a Life.")
    if sheet.cursed and result.purpose is not RiskPurpose.BREAK_FREE:
        raise PawpostError(
            "The cat is under the Bauble Curse and can do nothing but try to break free."
        )
    freed = False
    if result.purpose is RiskPurpose.BREAK_FREE:
        if not free_at_first_success or not sheet.cursed:
            raise PawpostError(
                "A success here does not end the Bauble Curse, so a Life spent on it would be "
                "wasted."
            )
        freed = True
    sheet = spend_life(sheet, confirm_last=confirm_last)
    if freed:
        sheet = sheet.model_copy(update={"bauble_risks_taken": None})
    return RiskTaken(sheet=sheet, result=result.model_copy(update={"life_spent": True}))


def grant_advantage(sheet: CatSheet, dice: int) -> CatSheet:
    """The Narrator hands the cat Advantage dice for its next Risk (book l. 25); they add up
    until that Risk uses them."""
    require_alive(sheet)
    if dice < 1:
        raise PawpostError(f"Grant at least 1 Advantage die; you gave {dice}.")
    total = sheet.advantage_granted + dice
    if total > MAX_POOL_DICE:
        raise PawpostError(
            f"A cat holds at most {MAX_POOL_DICE} granted Advantage dice; this would make {total}."
        )
    return sheet.model_copy(update={"advantage_granted": total})


def take_granted_advantage(sheet: CatSheet) -> tuple[CatSheet, int]:
    """The granted Advantage dice a Risk uses, and the sheet without them."""
    return sheet.model_copy(update={"advantage_granted": 0}), sheet.advantage_granted
