"""Where Illusions, Psionics, Stealth and Hunting (book l. 253-279) reach into the battle's
own steps: the rolls to Advance and Flee, Health lost in the enemy rows, attacks made while
Infiltrated, the enemy's moves, and what happens at the end of a player's turn (called from
Scene.commit). The battle modules call these in one line each."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.actions.caverns.common import caverns_sheet, save
from bot.actions.formatting import safe
from bot.actions.reply import ReplyField
from rules.caverns.battle.marks import Struck, TurnOver
from rules.caverns.battle.rows import (
    BattleState,
    Combatant,
    LastHit,
    Phase,
    Row,
    end_turn,
    replace,
    row_label,
    standing,
)
from rules.caverns.conditions import Condition
from rules.caverns.sheet import CavernsSheet
from rules.caverns.skills.hunting import SMUDGE_DAMAGE, due_smudges, smudged, spring_traps
from rules.caverns.skills.illusions import (
    add_illusion,
    expend_illusion,
    illusion_modifiers,
    illusions_in,
)
from rules.caverns.skills.psionics import PSI_ARMOUR_EXTRA
from rules.caverns.skills.stealth import (
    WAYLAY_DAMAGE,
    ejected,
    enemy_rows_loss,
    in_enemy_rows,
    may_attack,
)
from rules.errors import PawpostError
from rules.rolls import Modifier
from storage.models import Character

if TYPE_CHECKING:
    from bot.actions.caverns.battle.scene import Scene


def sheet_of(scene: Scene, fighter: Combatant) -> CavernsSheet:
    return caverns_sheet(scene.character(fighter))


def with_skill(scene: Scene, key: str) -> list[Combatant]:
    """The party's members still fighting who have the skill."""
    return [c for c in scene.state.players() if sheet_of(scene, c).has_skill(key)]


# --- Rolls to Advance and Flee (Illusions l. 253, Illusory Wall l. 255) --------------------


def advance_modifiers(scene: Scene, key: str) -> list[Modifier]:
    """A character's Advance to the row: +1 per Illusion there."""
    return illusion_modifiers(scene.state, key, party=True, wall=False)


def flee_modifiers(scene: Scene, fighter: Combatant) -> list[Modifier]:
    """A character's Flee from its row: +1 per Illusion there."""
    return illusion_modifiers(scene.state, standing(fighter), party=True, wall=False)


def enemy_flee_modifiers(scene: Scene, mover: Combatant) -> list[Modifier]:
    """An enemy's Flee from its row: -1 per Illusion there, with Illusory Wall in the party."""
    wall = bool(with_skill(scene, "illusions:illusory-wall"))
    return illusion_modifiers(scene.state, standing(mover), party=False, wall=wall)


def enemy_advance_modifiers(scene: Scene, mover: Combatant) -> list[Modifier]:
    """An enemy's Advance to its front row: -1 per Illusion there, with Illusory Wall."""
    wall = bool(with_skill(scene, "illusions:illusory-wall"))
    key = standing(mover.model_copy(update={"row": Row.FRONT}))
    return illusion_modifiers(scene.state, key, party=False, wall=wall)


def after_enemy_move(scene: Scene, mover: Combatant, move: str) -> None:
    """An enemy Advanced or Fled: Trapper's condition for the first to do so (l. 279)."""
    scene.state, sprung = spring_traps(scene.state, move)
    for condition in sprung:
        scene.afflict(scene.state.combatant(mover.id), condition, by="a trap")


# --- The enemy rows (Infiltrate l. 267, Waylay l. 269, Masquerade l. 270) ------------------


def loss_in_enemy_rows(fighter: Combatant, amount: int) -> int:
    """The Health a hit takes: twice as much in the enemy rows."""
    return enemy_rows_loss(fighter, amount)


def eject(scene: Scene, combatant_id: int) -> None:
    """Harmed in the enemy rows: back to its own front row."""
    scene.state, out = ejected(scene.state, combatant_id)
    if out:
        name = scene.state.combatant(combatant_id).name
        scene.say(f"{safe(name)} loses twice the Health in the enemy rows and is thrown back.")


def attack_bonus(sheet: CavernsSheet, fighter: Combatant) -> int:
    """Waylay: +2 Damage on attacks made while Infiltrated."""
    return WAYLAY_DAMAGE if in_enemy_rows(fighter) and sheet.has_skill("stealth:waylay") else 0


def note_strike(scene: Scene, attacker: Combatant, foe: Combatant) -> None:
    """A successful attack, for Truss and Masquerade right after it."""
    struck = Struck(
        attacker=attacker.id,
        target=foe.id,
        version=scene.read_version + 1,
        infiltrated=in_enemy_rows(attacker),
        killed=scene.state.combatant(foe.id).dead,
    )
    scene.state = scene.state.model_copy(update={"struck": struck})
    if struck.infiltrated:
        scene.say("Infiltrated: /skill use Truss or Masquerade may follow this attack.")


def check_may_attack(mover: Combatant, victim: Combatant) -> None:
    if not may_attack(mover, victim):
        raise PawpostError(
            f"{safe(victim.name)} is impersonating one of {safe(mover.name)}'s allies "
            "(Masquerade): it cannot attack them until the end of their next turn."
        )


def psi_armour(sheet: CavernsSheet) -> int:
    """Psi Armour (l. 261): armour reduces damage by one more."""
    return PSI_ARMOUR_EXTRA if sheet.has_skill("psionics:psi-armour") else 0


# --- After every step (Scene.commit) -------------------------------------------------------


def after_step(scene: Scene, opened: BattleState) -> None:
    """If a player's turn ended: its end-of-turn effects (an Illusion placed, Smudges burning,
    Masquerade over, Ambush's skipped enemy turn), noted for Blood Boil. Then Programmed, for
    enemies the step moved into a row with an Illusion."""
    ended = opened.current if opened.phase is Phase.PLAYER else None
    if ended is not None and scene.state.turn > opened.turn:
        fighter = scene.state.combatant(ended)
        if fighter.present:
            _turn_ended(scene, fighter, opened.turn)
        note = TurnOver(combatant=ended, version=scene.read_version + 1)
        scene.state = scene.state.model_copy(update={"turn_over": note})
    _programmed(scene, opened)
    if scene.state.phase in (Phase.PLAYER, Phase.ENEMY) and not scene.state.enemies():
        scene.state = scene.state.model_copy(update={"phase": Phase.DECIDED, "current": None})


def _turn_ended(scene: Scene, fighter: Combatant, turn: int) -> None:
    from bot.actions.caverns.battle.scene import harm

    sheet = sheet_of(scene, fighter)
    if sheet.has_skill("illusions:illusions"):
        key = fighter.illusion_row or standing(fighter)
        scene.state = add_illusion(scene.state, key)
        scene.say(
            f"{safe(fighter.name)} weaves an Illusion in {row_label(key)} "
            f"({illusions_in(scene.state, key)} there)."
        )
    scene.state, due = due_smudges(scene.state, fighter.id, turn)
    for smudge in due:
        scene.say(f"{safe(fighter.name)}'s Smudge burns in {row_label(smudge.row)}.")
        mad = Condition.PARANOIA in scene.conditions_of(fighter)
        for enemy in smudged(scene.state, smudge, everybody=mad):
            harm(scene, enemy, SMUDGE_DAMAGE, fighter)
    fighter = scene.state.combatant(fighter.id)
    if fighter.masked_from is not None and fighter.masked_turn < turn:
        fighter = fighter.model_copy(update={"masked_from": None})
        scene.say(f"{safe(fighter.name)}'s Masquerade is over.")
    first = fighter.turns_done == 0
    counted = fighter.model_copy(update={"turns_done": fighter.turns_done + 1})
    scene.state = replace(scene.state, counted)
    if first and sheet.has_skill("hunting:ambush") and scene.state.phase is Phase.ENEMY:
        scene.say(f"Ambush: after {safe(fighter.name)}'s first turn the enemies' turn is skipped.")
        scene.state = end_turn(scene.state)


def _programmed(scene: Scene, opened: BattleState) -> None:
    """Programmed (l. 257): an enemy entering a row with an Illusion is Confused by it (the
    bot always expends it: docs/rulings.md)."""
    before = {c.id: c for c in opened.combatants}
    for enemy in scene.state.enemies():
        old = before.get(enemy.id)
        key = standing(enemy)
        if old is None or not old.present or standing(old) == key:
            continue
        if not illusions_in(scene.state, key) or not with_skill(scene, "illusions:programmed"):
            continue
        scene.state = expend_illusion(scene.state, key)
        scene.afflict(enemy, Condition.CONFUSED, by="a programmed Illusion")


# --- What /battle status shows -------------------------------------------------------------


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


# --- Negating the latest hit (Forcefield l. 264, Reflection l. 254) ------------------------


def latest_hit(scene: Scene, fighter: Combatant, what: str) -> LastHit:
    """The hit the combatant just took, which something "as if it were Armour" may negate."""
    hit = next((h for h in scene.state.hits if h.combatant == fighter.id), None)
    if hit is None or hit.version != scene.read_version:
        raise PawpostError(f"{what} negates only the latest hit, right after it lands.")
    return hit


def negate_hit(scene: Scene, character: Character, hit: LastHit, most: int, what: str) -> None:
    """Up to `most` of the hit's Health comes back, as a piece of armour would give it."""
    sheet = caverns_sheet(character)
    back = min(hit.amount, most)
    healed = sheet.model_copy(update={"health": min(sheet.max_health, sheet.health + back)})
    save(scene.tx, character, healed)
    fighter = scene.state.combatant(hit.combatant)
    scene.state = replace(scene.state, fighter.model_copy(update={"dead": healed.is_dead}))
    left = [h for h in scene.state.hits if h is not hit]
    scene.state = scene.state.model_copy(update={"hits": left})
    scene.say(f"{what} takes {back} of the blow ({safe(character.name)}: {healed.health} Health).")
