"""`/battle hands`: what a character holds in its main hand and its off hand (book l. 370). Said
at any moment of the battle (no action): the main hand's weapon attacks, the off hand's answers
an attack (its reach and its Flourishes), a one-handed weapon in the off hand doing one less
Damage. Until it is said, the character attacks with the first weapon that reaches."""

from __future__ import annotations

from bot.actions.caverns.battle.scene import Scene, open_battle
from bot.actions.caverns.common import catalogue, caverns_sheet
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import safe
from bot.actions.lookup import acting_character
from bot.actions.reply import Reply
from rules.caverns.battle.flourishes import implement_range
from rules.caverns.battle.hands import TWO_HANDED, check_hands, off_hand_damage
from rules.caverns.battle.rows import RANGE_ROWS, Combatant, replace
from rules.caverns.catalogue import CatalogueItem, ItemKind, Range, item_key
from rules.caverns.constants import OFF_HAND_DAMAGE_PENALTY
from rules.caverns.sheet import CavernsSheet
from rules.caverns.skills.nature import tree_form_range
from rules.errors import PawpostError


@runs_in_database
def set_hands(
    services: Services,
    actor: Actor,
    main: str,
    off: str | None = None,
    character: str | None = None,
) -> Reply:
    """`/battle hands main [off]`: the character's hands for the rest of the battle."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild, scene = open_battle(tx, actor)
        found = acting_character(tx, actor, guild, character)
        fighter = scene.state.of_character(found.id)
        if fighter is None or not fighter.present:
            raise PawpostError(f"{safe(found.name)} is not fighting in this battle.")
        sheet = caverns_sheet(found)
        known = catalogue(tx, guild)
        in_main, in_off = check_hands(sheet, known, main, off)
        items = [known[item_key(n)] for n in (in_main, in_off) if n]
        reach = max((reach_of(sheet, i) for i in items), key=lambda r: RANGE_ROWS[r])
        held = fighter.model_copy(
            update={
                "main_hand": in_main,
                "off_hand": in_off,
                "range": tree_form_range(sheet, reach),
            }
        )
        scene.state = replace(scene.state, held)
        both = items[0].hands == TWO_HANDED
        off_text = f", off hand: {safe(in_off)}" if in_off else " (both hands)" if both else ""
        scene.say(f"{safe(found.name)} holds, main hand: {safe(in_main)}{off_text}.")
        return scene.commit(actor, "hands", f"{found.name} takes up weapons", now)


def guard_item(scene: Scene, fighter: Combatant) -> CatalogueItem | None:
    """What answers an attack on the fighter: the off hand's item, or the main hand's when
    the off hand is empty (a two-handed weapon is in both); None until hands are said."""
    name = fighter.off_hand or fighter.main_hand
    if name is None:
        return None
    return catalogue(scene.tx, scene.guild).get(item_key(name))


def guard_reach(scene: Scene, fighter: Combatant) -> Range | None:
    """The reach of the fighter's counter-attack: its guard's (None: its own reach)."""
    item = guard_item(scene, fighter)
    if item is None or fighter.character_id is None:
        return None
    sheet = caverns_sheet(scene.character(fighter))
    return tree_form_range(sheet, reach_of(sheet, item))


def reach_of(sheet: CavernsSheet, item: CatalogueItem) -> Range:
    """An item's reach in the character's hands (an implement's by Greater Implement)."""
    if item.kind in (ItemKind.IMPLEMENT, ItemKind.INSTRUMENT):
        return implement_range(sheet, item.range)
    return item.range or Range.MELEE


def guard_penalty(scene: Scene, fighter: Combatant) -> int:
    """A one-handed weapon wielded in the off hand does one less Damage (l. 370)."""
    if fighter.off_hand is None:
        return 0
    return OFF_HAND_DAMAGE_PENALTY if off_hand_damage(guard_item(scene, fighter)) else 0
