"""Where the Harmony benefits taken at a rest touch a battle (book l. 335, 341-344): Burn with
Passion's floor for allies and cap for enemies on their rolls, and Flow Like the River's
Forceful next attack with its free piece of armour. Strong as the Tallest Tree's two free
pieces are on the sheet (`CavernsSheet.free_armour`), spent before worn armour."""

from __future__ import annotations

from bot.actions.caverns.battle.scene import Scene
from bot.actions.caverns.common import caverns_sheet, save
from bot.actions.formatting import safe
from rules.caverns.battle.effects import Effect, EffectKind, with_effect
from rules.caverns.battle.rows import PARTY, Combatant
from rules.caverns.conditions import Condition
from rules.caverns.constants import PASSION_BOUND
from rules.caverns.party.harmony import forceful_against
from rules.caverns.party.harmony_skills import HarmonyBenefit
from rules.caverns.sheet import CavernsSheet
from rules.rolls import Modifier
from storage.models import Character

FLOW_ARMOUR = "Flow Like the River's free Armour"


def _party_sheets(scene: Scene) -> list[tuple[Combatant, CavernsSheet]]:
    """The party's characters still in the battle, with their sheets."""
    out = []
    for c in scene.state.combatants:
        if c.side == PARTY and c.character_id is not None and c.present:
            out.append((c, caverns_sheet(scene.character(c))))
    return out


def passion(scene: Scene, fighter: Combatant, value: int) -> list[Modifier]:
    """Burn with Passion (l. 343-344): a character whose ally in the battle has "allies at
    least zero" rolls its attribute as at least +0; an enemy of a character with "enemies at
    most zero" rolls its attribute as at most +0. A Paranoid creature has no allies (l. 363)."""
    if fighter.character_id is None:
        if value <= PASSION_BOUND:
            return []
        givers = [
            c
            for c, sheet in _party_sheets(scene)
            if sheet.has_benefit(HarmonyBenefit.ENEMIES_AT_MOST_ZERO)
        ]
        if not givers:
            return []
        return [
            Modifier(
                value=PASSION_BOUND - value,
                reason=f"capped at +0 by {safe(givers[0].name)}'s Burn with Passion",
            )
        ]
    if value >= PASSION_BOUND or fighter.side != PARTY:
        return []
    own = caverns_sheet(scene.character(fighter))
    if own.has_condition(Condition.PARANOIA):
        return []
    givers = [
        c
        for c, sheet in _party_sheets(scene)
        if c.id != fighter.id
        and sheet.has_benefit(HarmonyBenefit.ALLIES_AT_LEAST_ZERO)
        and not sheet.has_condition(Condition.PARANOIA)
    ]
    if not givers:
        return []
    return [
        Modifier(
            value=PASSION_BOUND - value,
            reason=f"raised to +0 by {safe(givers[0].name)}'s Burn with Passion",
        )
    ]


def flow_attacked(scene: Scene, victim: Combatant, character: Character, *, hit: bool) -> bool:
    """The next attack against a character with Flow Like the River's second benefit (l. 335):
    it is Forceful (True: the caller applies it on doubles), and a free piece of armour may
    be spent against that hit alone. An earlier attack's unspent piece goes. `character` is
    the victim's, as the attack's step holds it."""
    stale = [
        e
        for e in scene.state.effects
        if e.kind is EffectKind.BONUS_ARMOUR and e.owner == victim.id and e.note == FLOW_ARMOUR
    ]
    if stale:
        kept = [e for e in scene.state.effects if e not in stale]
        scene.state = scene.state.model_copy(update={"effects": kept})
    used = forceful_against(caverns_sheet(character))
    if used is None:
        return False
    save(scene.tx, character, used)
    if hit:
        piece = Effect(
            kind=EffectKind.BONUS_ARMOUR,
            owner=victim.id,
            note=FLOW_ARMOUR,
            version=scene.read_version + 1,
        )
        scene.state = with_effect(scene.state, piece)
        scene.say(
            f"Flow Like the River: the attack on {safe(victim.name)} is Forceful, and a free "
            "piece of armour may be spent against it."
        )
    else:
        scene.say(
            f"Flow Like the River: the attack on {safe(victim.name)} was Forceful, and missed."
        )
    return True
