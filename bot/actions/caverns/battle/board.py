"""The battle's board (book l. 405-411), part of every step's reply and of /battle status: each
side's rows with every combatant's Health, armour pieces, conditions and reach, who acted
last, the choices the battle waits for, the Illusions row by row and who is in the enemy
rows."""

from __future__ import annotations

from bot.actions.caverns.battle.poisons import status_note
from bot.actions.caverns.battle.scene import Scene, pieces_left
from bot.actions.caverns.common import caverns_sheet
from bot.actions.formatting import safe
from bot.actions.reply import ReplyField
from rules.caverns.battle.rows import BattleState, Combatant, Row, row_label, standing
from rules.caverns.skills.stealth import in_enemy_rows
from storage.models import Character

FIELD_VALUE_MOST = 1024  # Discord's limit on an embed field's value


def board_fields(scene: Scene) -> list[ReplyField]:
    """The board as the step left it."""
    from bot.actions.caverns.battle.choices import described, open_choices  # it builds on the scene

    state = scene.state
    ids = [c.character_id for c in state.combatants if c.character_id is not None]
    found = scene.tx.characters.by_ids(scene.guild.guild_id, ids)
    out = []
    for side in state.sides:
        for row in (Row.FRONT, Row.BACK):
            names = [
                _line(scene, c, found)
                for c in state.combatants
                if c.ground == side and c.row is row and c.present and not c.special.hidden
            ]
            value = "\n".join(names) or "empty"
            out.append(ReplyField(name=f"{side} {row.value}", value=value[:FIELD_VALUE_MOST]))
    out.extend(status_fields(state))
    if state.last_enemy is not None:
        out.append(
            ReplyField(name="Last enemy to act", value=safe(state.combatant(state.last_enemy).name))
        )
    waiting = open_choices(scene, state, state.version)
    if waiting:
        out.append(ReplyField(name="Waiting for", value=described(scene, waiting)))
    fallen = [
        safe(c.name) + (" (dead)" if c.dead else " (fled)")
        for c in state.combatants
        if not c.present
    ]
    if fallen:
        out.append(ReplyField(name="Out of the fight", value=", ".join(fallen)[:FIELD_VALUE_MOST]))
    return out


def _line(scene: Scene, c: Combatant, found: dict[int, Character]) -> str:
    """ "Brunhild: Health 7/7, armour 2, Entrancement, reach melee"."""
    character = found.get(c.character_id) if c.character_id is not None else None
    if character is not None:
        sheet = caverns_sheet(character)
        health = f"Health {sheet.health}/{sheet.max_health}, armour {pieces_left(scene, c, sheet)}"
        conditions = [a.condition.label for a in sheet.conditions]
        note = status_note(sheet.poisoning, sheet)
    else:
        saved = " (for a killing blow)" if c.saves_armour and c.armour else ""
        health = f"Health {c.health}/{c.max_health}, armour {c.armour}{saved}"
        conditions = [a.condition.label for a in c.conditions]
        note = status_note(c.poisoning)
    escaping = ", escaping as its next turn starts" if c.leaving or c.retreat else ""
    if c.main_hand:
        escaping += f", in hand: {safe(c.main_hand)}" + (
            f" and {safe(c.off_hand)}" if c.off_hand else ""
        )
    return (
        f"{safe(c.name)}: {health}"
        + "".join(f", {label}" for label in conditions)
        + note
        + f", reach {c.range.value}"
        + escaping
        + (f" ({c.side} side)" if c.among else "")
    )


def status_fields(state: BattleState) -> list[ReplyField]:
    """The Illusions on the battlefield, row by row; who stands in the enemy rows."""
    out = []
    if state.illusions:
        rows = [f"{row_label(k)}: {n}" for k, n in sorted(state.illusions.items())]
        out.append(ReplyField(name="Illusions", value="\n".join(rows)))
    inside = [
        f"{safe(c.name)} ({c.side}) in {row_label(standing(c))}"
        for c in state.combatants
        if c.present and in_enemy_rows(c) and not c.special.hidden  # an Assassin unannounced
    ]
    if inside:
        out.append(ReplyField(name="In the enemy rows", value="\n".join(inside)))
    return out
