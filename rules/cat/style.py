"""Style: evens rolled beyond the need are banked as automatic evens for later, or spent at once
on a scene edit; banked Style can also be spent on a scene edit outside a roll (book l. 113-116).

A scene edit "cannot subtract anything that already exists from the scene" (book l. 116): only
the Narrator can judge that, so the text is kept (and logged by the bot) as the player wrote it.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from rules.cat.pools import PoolResult, check_count, check_style
from rules.cat.sheet import CatSheet, require_alive
from rules.errors import PawpostError


class SceneEdit(BaseModel):
    """Style spent on editing the scene: how much, what it changes, and whether it came from
    the bank (`/style spend`) or from the evens just rolled."""

    model_config = ConfigDict(frozen=True)

    style: int
    text: str
    from_bank: bool


class StyleUsed(BaseModel):
    """The sheet after a roll's Style was used, what was banked, and the scene edit, if any."""

    model_config = ConfigDict(frozen=True)

    sheet: CatSheet
    banked: int
    scene_edit: SceneEdit | None = None


def _scene_text(text: str | None, style: int) -> str:
    cleaned = " ".join((text or "").split())
    if not cleaned:
        points = "point" if style == 1 else "points"
        raise PawpostError(
            f"Say what the scene edit changes to spend {style} Style {points} on it."
        )
    return cleaned


def use_style(
    sheet: CatSheet, result: PoolResult, *, bank: int, scene: str | None = None
) -> StyleUsed:
    """Share out a roll's Style: `bank` points are kept for later, the rest edits the scene
    and needs `scene`, the edit's text."""
    require_alive(sheet)
    earned = result.style_earned
    if not earned:
        raise PawpostError("This roll made no Style.")
    check_count(bank, "Style banked")
    if bank > earned:
        raise PawpostError(f"This roll made {earned} Style; you tried to bank {bank}.")
    spent = earned - bank
    if not spent:
        if scene is not None and scene.strip():
            raise PawpostError(f"Banking all {earned} Style leaves none for the scene edit.")
        return StyleUsed(sheet=sheet.model_copy(update={"style": sheet.style + bank}), banked=bank)
    edit = SceneEdit(style=spent, text=_scene_text(scene, spent), from_bank=False)
    return StyleUsed(
        sheet=sheet.model_copy(update={"style": sheet.style + bank}),
        banked=bank,
        scene_edit=edit,
    )


def spend_banked_style(sheet: CatSheet, amount: int, scene: str) -> StyleUsed:
    """Spend banked Style on a scene edit outside a roll ("whenever you like", book l. 115)."""
    require_alive(sheet)
    if amount < 1:
        raise PawpostError("Spend at least 1 Style point.")
    check_style(sheet, amount)
    edit = SceneEdit(style=amount, text=_scene_text(scene, amount), from_bank=True)
    return StyleUsed(
        sheet=sheet.model_copy(update={"style": sheet.style - amount}),
        banked=0,
        scene_edit=edit,
    )
