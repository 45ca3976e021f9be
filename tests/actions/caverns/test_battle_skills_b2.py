"""Illusions, Psionics, Stealth and Hunting in a running battle (book l. 253-279), through
/skill use and the battle's own verbs, on a real database with scripted dice: the party of
three against three Goblins (Health 6, Damage 2, no armour, every attribute 0)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from bot.actions.caverns import skill_uses
from bot.actions.caverns.battle import rows as battle
from bot.actions.caverns.battle.scene import find_battle
from bot.actions.caverns.skills.hunting import has_animal_companion
from rules.caverns.afflictions import immunity
from rules.caverns.battle.rows import BattleState, Row, npc_cured, replace
from rules.caverns.classes import CharacterClass
from rules.caverns.conditions import ActiveCondition, Condition
from rules.caverns.party.rests import RestKind, rest_roll
from rules.caverns.races import Race
from rules.caverns.sheet import CavernsSheet
from rules.caverns.skills import SKILLS
from rules.caverns.skills.hunting import trapper_flourish
from rules.caverns.skillsets import Skillset
from rules.dice import ScriptedDice
from rules.errors import PawpostError
from storage.caverns import caverns
from tests.actions.caverns.helpers import party_of_three, set_sheet, sheet
from tests.conftest import ADMIN, ALICE, BOB, CAROL, CHANNEL, GUILD, actor

MC = actor(ADMIN, admin=True)
GOBLIN = {"health": 6, "damage": 2, "armour": 0, "attributes": "0, 0, 0, 0, 0"}


async def battle_ready(services: Any, **goblins: Any) -> None:
    """Brunhild in front, Ilsa and Piper behind; Goblin and Goblin 2 in the enemies' front
    row, Goblin 3 behind them. The order: Brunhild, Ilsa, Piper."""
    await party_of_three(services)
    await battle.start(services, MC)
    await battle.join(services, actor(ALICE), "front")
    await battle.join(services, actor(BOB), "back")
    await battle.join(services, actor(CAROL), "back")
    stats = {**GOBLIN, **goblins}
    await battle.add_custom(services, MC, "Goblin", **stats)
    await battle.add_custom(services, MC, "Goblin", **stats)
    await battle.add_custom(services, MC, "Goblin", **stats, row="back")


async def begin(services: Any) -> None:
    began = await battle.set_order(services, MC, "Brunhild, Ilsa, Piper")
    assert "**Next:** Brunhild's turn." in began.lines


async def learn(services: Any, name: str, *keys: str) -> None:
    """The skills added; a skillset the character lacks takes its secondary's place."""
    have = await sheet(services, name)
    skillsets = list(have.skillsets)
    for key in keys:
        if SKILLS[key].skillset not in skillsets:
            skillsets[1] = SKILLS[key].skillset
    await set_sheet(services, name, skills=(*have.skills, *keys), skillsets=tuple(skillsets))


async def state(services: Any) -> BattleState:
    def read(tx):  # type: ignore[no-untyped-def]
        _, scene = find_battle(tx, actor(ALICE))
        assert scene is not None
        return scene.state

    return await services.db.transact(read)  # the battle is read under its row lock


async def edit(services: Any, change: Callable[[BattleState], BattleState]) -> None:
    """Change the stored battle directly (what earlier play would have done)."""

    def store(tx):  # type: ignore[no-untyped-def]
        battles = caverns(tx).battles
        found = battles.active_in_channel(GUILD, CHANNEL, 1)[0]
        combat = battles.get(GUILD, found.id, lock=True)
        version = combat.state.version
        combat.state = change(combat.state).model_copy(update={"version": version + 1})
        assert battles.save(combat, version)

    await services.db.transact(store)


def with_illusions(**rows: int) -> Callable[[BattleState], BattleState]:
    counts = {key.replace("_", ":"): n for key, n in rows.items()}
    return lambda s: s.model_copy(update={"illusions": counts})


async def use(services: Any, user: int, name: str, target: str | None = None) -> str:
    reply = await skill_uses.use(services, actor(user), name, target)
    return "\n".join(reply.lines)


async def skip(services: Any, times: int = 1) -> str:
    text = ""
    for _ in range(times):
        text = "\n".join((await battle.skip(services, MC)).lines)
    return text


def fields(reply: Any) -> dict[str, str]:
    return {f.name: f.value for f in reply.fields}


# --- Illusions (l. 253-258) ----------------------------------------------------------------


async def test_illusions_appear_at_the_end_of_each_turn_and_help_the_party_advance(
    services, dice
) -> None:
    await battle_ready(services)
    await begin(services)
    await skip(services, 2)  # Brunhild, the enemies
    ended = await skip(services)  # Ilsa (an Elementalist: Illusions) picked no row: her own
    assert "Ilsa weaves an Illusion in the party side's back row (1 there)." in ended
    await skip(services)  # the enemies
    chosen = await use(services, CAROL, "Illusions", "front")  # no action: still her turn
    assert "Piper's Illusions appear in the party side's front row" in chosen
    assert (await state(services)).current is not None
    ended = await skip(services)
    assert "Piper weaves an Illusion in the party side's front row (1 there)." in ended
    shown = fields(await battle.status(services, MC))["Illusions"]
    assert "the party side's front row: 1" in shown and "the party side's back row: 1" in shown
    await skip(services, 3)  # the enemies, Brunhild, the enemies
    dice.load(2, 2)  # Advance +Fire 3 + 1 Illusion in the front row = 8
    moved = await battle.advance_in_battle(services, actor(BOB))
    assert "2d6 [2, 2] + Fire 3 + Illusions 1 = **8**" in "\n".join(moved.lines)
    with pytest.raises(PawpostError, match="Name a row"):
        await use(services, CAROL, "Illusions", "sideways")
    with pytest.raises(PawpostError, match='No side called "goblins"'):
        await use(services, CAROL, "Illusions", "goblins front")


async def test_illusions_help_the_party_flee_from_their_row(services, dice) -> None:
    await battle_ready(services)
    await begin(services)
    await edit(services, with_illusions(party_front=2, party_back=1))
    dice.load(2, 2)  # Brunhild, front to back: +Wind 1 + 2 Illusions = 7
    fled = await battle.flee_in_battle(services, actor(ALICE))
    assert "2d6 [2, 2] + Wind 1 + Illusions 2 = **7**" in fled.lines[0]


async def test_illusory_wall_hinders_an_enemy_fleeing_from_the_row(services, dice) -> None:
    await battle_ready(services)
    await learn(services, "Piper", "illusions:illusory-wall")
    await begin(services)
    await edit(services, with_illusions(enemies_front=2))
    await skip(services)
    dice.load(4, 4)  # Goblin flees to its back row: +Wind 0 - 2 (Illusory Wall) = 6
    fled = await battle.enemy_act(services, MC, "Goblin", "flee")
    assert "**6-**" in fled.lines[0] and "Illusory Wall" in fled.lines[0]


async def test_d12_illusory_wall_hinders_an_enemy_s_advance_to_the_row(services, dice) -> None:
    await battle_ready(services)
    await learn(services, "Piper", "illusions:illusory-wall")
    await begin(services)
    await edit(services, with_illusions(enemies_front=2))
    await skip(services)
    dice.load(4, 4)  # Goblin 3 advances to its front row: 8 + Fire 0 - 2 (Illusory Wall) = 6
    moved = "\n".join((await battle.enemy_act(services, MC, "Goblin 3", "advance")).lines)
    assert "Illusory Wall" in moved and "= **6**" in moved
    assert "6-: the advance takes its action." in moved


async def test_reflection_spends_an_illusion_as_armour_for_an_ally(services, dice) -> None:
    await battle_ready(services)
    await learn(services, "Piper", "illusions:reflection")
    await begin(services)
    await edit(services, with_illusions(party_front=1))
    await skip(services)
    dice.load(5, 4)  # 9 - Brunhild's Wind 1 = 8: a hit, safe
    await battle.enemy_act(services, MC, "Goblin", "battle", "Brunhild")
    assert (await sheet(services, "Brunhild")).health == 5
    with pytest.raises(PawpostError, match="not yourself or an enemy"):
        await use(services, CAROL, "Reflection", "Piper")
    saved = await use(services, CAROL, "Reflection", "Brunhild")
    assert "An Illusion takes 2 of the blow (Brunhild: 7 Health)." in saved
    assert (await state(services)).illusions == {}
    with pytest.raises(PawpostError, match="only the latest hit"):
        await use(services, CAROL, "Reflection", "Brunhild")


async def test_starburst_blinds_an_enemy_in_a_row_with_an_illusion(services) -> None:
    await battle_ready(services)
    await learn(services, "Piper", "illusions:starburst")
    await begin(services)
    await edit(services, with_illusions(enemies_front=1))
    with pytest.raises(PawpostError, match="not Piper's turn"):
        await use(services, CAROL, "Starburst", "Goblin")
    await skip(services, 4)
    with pytest.raises(PawpostError, match="no Illusion in the enemies side's back row"):
        await use(services, CAROL, "Starburst", "Goblin 3")
    burst = await use(services, CAROL, "Starburst", "Goblin")
    assert "Goblin is Blind by a Starburst." in burst
    after = await state(services)
    assert after.combatant(4).condition(Condition.BLIND) is not None
    assert "enemies:front" not in after.illusions  # and Piper's own turn-end Illusion:
    assert after.illusions == {"party:back": 2} and after.current is None


async def test_programmed_confuses_an_enemy_entering_a_row_with_an_illusion(services, dice) -> None:
    await battle_ready(services)
    await learn(services, "Piper", "illusions:programmed")
    await begin(services)
    await edit(services, with_illusions(enemies_front=1))
    await skip(services)
    dice.load(1, 2)
    moved = await battle.enemy_act(services, MC, "Goblin 3", "advance")
    assert "Goblin 3 is Confused by a programmed Illusion." in "\n".join(moved.lines)
    after = await state(services)
    assert after.illusions == {} and after.combatant(6).condition(Condition.CONFUSED)


async def test_phantasmagora_bursts_every_illusion_on_the_enemies_rows(services) -> None:
    await battle_ready(services)
    await learn(services, "Piper", "illusions:phantasmagora")
    await begin(services)
    await skip(services, 4)
    await edit(services, with_illusions())  # Ilsa's, from her turn's end, gone
    with pytest.raises(PawpostError, match="no Illusions on the battlefield"):
        await use(services, CAROL, "Phantasmagora")
    await edit(services, with_illusions(enemies_front=2, enemies_back=1, party_back=3))
    burst = await use(services, CAROL, "Phantasmagora")
    assert "Piper spends 1 Harmony (+2)." in burst
    assert "Goblin loses 2 Health (4 left)." in burst
    assert "Goblin 2 loses 2 Health (4 left)." in burst
    assert "Goblin 3 loses 1 Health (5 left)." in burst
    after = await state(services)
    assert after.illusions == {"party:back": 1}  # only Piper's own, at her turn's end
    assert (await sheet(services, "Piper")).harmony == 2


# --- Psionics (l. 260-265) -----------------------------------------------------------------


async def test_second_sight_keeps_blindness_off() -> None:
    seer = _sheet_with("psionics:second-sight")
    assert immunity(seer, Condition.BLIND) == "Second Sight"
    assert immunity(_sheet_with(), Condition.BLIND) is None


def _sheet_with(*keys: str) -> CavernsSheet:
    return CavernsSheet(
        race=Race.HUMAN,
        character_class=CharacterClass.MONK,
        wind=2, water=1, wood=1, fire=0, metal=-1, harmony=3, health=3, vitae=1,
        skillsets=(Skillset.COMBAT, Skillset.PSIONICS, Skillset.STEALTH),
        skills=keys,
    )  # fmt: skip


async def test_psi_armour_blocks_one_more(services, dice) -> None:
    await battle_ready(services, damage=5)
    await learn(services, "Brunhild", "psionics:psi-armour")
    await begin(services)
    await skip(services)
    dice.load(5, 4)  # a hit, safe: Brunhild loses 5 of 7
    hit = await battle.enemy_act(services, MC, "Goblin", "battle", "Brunhild")
    assert "/battle armour negates up to 4 of it (2 pieces left)." in "\n".join(hit.lines)
    saved = await battle.spend_armour(services, actor(ALICE))
    assert "takes 4 of the blow and breaks (6 Health; 1 piece left)." in saved.lines[0]


async def test_blood_boil_trades_health_for_conditions_as_the_turn_ends(services) -> None:
    await battle_ready(services)
    await learn(services, "Brunhild", "psionics:blood-boil")
    gripped = (
        ActiveCondition(condition=Condition.PRONE),
        ActiveCondition(condition=Condition.BLIND),
    )
    await set_sheet(services, "Brunhild", conditions=gripped)
    await begin(services)
    with pytest.raises(PawpostError, match="right after it ends"):
        await use(services, ALICE, "Blood Boil", "prone")
    await skip(services)  # her turn ends
    with pytest.raises(PawpostError, match="not Fatigue"):
        await use(services, ALICE, "Blood Boil", "fatigue")
    boiled = await use(services, ALICE, "Blood Boil", "prone, blind")
    assert "2 Health lost (5 left), Prone, Blind cured." in boiled
    after = await sheet(services, "Brunhild")
    assert after.health == 5 and after.conditions == ()


async def test_dominate_hands_the_mc_an_enemy_s_action(services) -> None:
    await battle_ready(services)
    await learn(services, "Ilsa", "psionics:dominate")
    await begin(services)
    await skip(services, 2)
    with pytest.raises(PawpostError, match="Say whom and what"):
        await use(services, BOB, "Dominate", "Goblin")
    with pytest.raises(PawpostError, match="used on an enemy"):
        await use(services, BOB, "Dominate", "Piper: dance")
    ruled = await use(services, BOB, "Dominate", "Goblin: attack Goblin 2")
    assert "Goblin is Dominated by Ilsa and must attack Goblin 2." in ruled
    assert (await state(services)).current is None  # it took her action


async def test_forcefield_spends_harmony_as_armour_against_the_last_hit(services, dice) -> None:
    await battle_ready(services, damage=5)
    await learn(services, "Brunhild", "psionics:forcefield")
    await begin(services)
    with pytest.raises(PawpostError, match="only the latest hit"):
        await use(services, ALICE, "Forcefield")
    await skip(services)
    dice.load(5, 4)
    await battle.enemy_act(services, MC, "Goblin", "battle", "Brunhild")  # 7 - 5 = 2 left
    with pytest.raises(PawpostError, match="1 to 6"):
        await use(services, ALICE, "Forcefield", "seven")
    shield = await use(services, ALICE, "Forcefield", "2")
    assert "Brunhild spends 2 Harmony (+1)." in shield
    assert "A Forcefield takes 5 of the blow (Brunhild: 7 Health)." in shield


async def test_mind_crush_kills_an_enemy_with_less_health_than_your_harmony(services) -> None:
    await battle_ready(services)
    await learn(services, "Ilsa", "psionics:mind-crush")
    await begin(services)
    await skip(services, 2)
    with pytest.raises(PawpostError, match="6 Health, not less than your Harmony"):
        await use(services, BOB, "Mind Crush", "Goblin")
    await edit(services, lambda s: _with_health(s, 4, 2))
    crushed = await use(services, BOB, "Mind Crush", "Goblin")
    assert "Ilsa crushes Goblin's mind: it dies!" in crushed
    assert (await state(services)).combatant(4).dead


def _with_health(s: BattleState, combatant_id: int, health: int) -> BattleState:
    return replace(s, s.combatant(combatant_id).model_copy(update={"health": health}))


# --- Stealth (l. 267-272) ------------------------------------------------------------------


async def test_infiltrate_waylay_and_the_double_loss_that_throws_you_back(services, dice) -> None:
    await battle_ready(services)
    await learn(services, "Brunhild", "stealth:infiltrate", "stealth:waylay")
    await begin(services)
    dice.load(4, 4)  # Advance +Fire 0 = 8: into the enemies' front row, and she may still act
    went = await use(services, ALICE, "Infiltrate")
    assert "Brunhild slips into the enemies side's front row." in went
    assert "7+: you may still act this turn" in went
    status = fields(await battle.status(services, MC))
    assert status["enemies front"].startswith("Brunhild: Health 7/7")
    assert "Brunhild (party) in the enemies side's front row" in status["In the enemy rows"]
    dice.load(4, 5)  # 9 + Wood 2 = 11 against Goblin 3 behind (melee: one row on); Waylay +2
    hit = await battle.attack(services, actor(ALICE), "Goblin 3")
    assert "Goblin 3 loses 4 Health (2 left)." in "\n".join(hit.lines)
    dice.load(3, 3)  # 6 - Wind 1 = 5: a hit for 2, her Parry takes 1 off (she strikes back)
    struck = "\n".join((await battle.enemy_act(services, MC, "Goblin", "battle", "Brunhild")).lines)
    assert "Parry: Brunhild takes 1 less." in struck
    assert "Brunhild loses 2 Health (5 left)." in struck  # the 1 left, twice in the enemy rows
    assert "Brunhild loses twice the Health in the enemy rows and is thrown back." in struck
    back = (await state(services)).combatant(1)
    assert back.among is None and back.row is Row.FRONT


async def test_truss_drags_the_foe_back_to_the_party_s_front_row(services, dice) -> None:
    await battle_ready(services, health=10)
    await learn(services, "Brunhild", "stealth:infiltrate", "stealth:truss")
    await begin(services)
    dice.load(4, 4, 4, 5)  # she infiltrates (8), then hits Goblin (11)
    await use(services, ALICE, "Infiltrate")
    await battle.attack(services, actor(ALICE), "Goblin")
    dragged = await use(services, ALICE, "Truss")
    assert "Brunhild drags Goblin back to the party's front row." in dragged
    after = await state(services)
    assert after.combatant(1).among is None
    assert (after.combatant(4).among, after.combatant(4).row) == ("party", Row.FRONT)
    with pytest.raises(PawpostError, match="right after it"):
        await use(services, ALICE, "Truss")
    # In the party's rows the Goblin loses twice as much and is thrown back to its own.
    await skip(services)
    dice.load(4, 5)  # Ilsa (moved up when Brunhild left): 9 + her implement's Fire 3 = 12
    hit = "\n".join((await battle.attack(services, actor(BOB), "Goblin")).lines)
    assert "Goblin loses 6 Health (2 left)." in hit  # her Damage 3, twice
    assert "Goblin loses twice the Health in the enemy rows and is thrown back." in hit
    goblin = (await state(services)).combatant(4)
    assert (goblin.among, goblin.row) == (None, Row.FRONT)


async def test_masquerade_takes_the_dead_foe_s_place_until_the_next_turn_ends(
    services, dice
) -> None:
    await battle_ready(services, health=2)
    await learn(services, "Brunhild", "stealth:infiltrate", "stealth:masquerade")
    await begin(services)
    dice.load(4, 4)
    await use(services, ALICE, "Infiltrate")
    dice.load(4, 5)
    await battle.attack(services, actor(ALICE), "Goblin 3")  # it dies in the back row
    masked = await use(services, ALICE, "Masquerade")
    assert "Brunhild takes Goblin 3's place in the enemies side's back row" in masked
    with pytest.raises(PawpostError, match="impersonating one of Goblin's allies"):
        await battle.enemy_act(services, MC, "Goblin", "battle", "Brunhild")
    await skip(services, 4)  # the enemies, Ilsa, the enemies, Piper
    dice.load(1, 1)  # the enemies: still fooled, so a Goblin flees instead (6-)
    await battle.enemy_act(services, MC, "Goblin", "flee")
    over = await skip(services)  # Brunhild's next turn ends
    assert "Brunhild's Masquerade is over." in over


async def test_veil_moves_to_any_row_without_an_action(services) -> None:
    await battle_ready(services)
    await learn(services, "Ilsa", "stealth:veil")
    await begin(services)
    veiled = await use(services, BOB, "Veil", "enemies back")  # not even her turn
    assert "Ilsa spends 1 Harmony (+2)." in veiled
    assert "Ilsa vanishes and stands in the enemies side's back row." in veiled
    after = (await state(services)).combatant(2)
    assert (after.among, after.row) == ("enemies", Row.BACK)
    with pytest.raises(PawpostError, match="already"):
        await use(services, BOB, "Veil", "enemies back")
    await use(services, BOB, "Veil", "front")
    home = (await state(services)).combatant(2)
    assert (home.among, home.row) == (None, Row.FRONT)


# --- Hunting (l. 274-279) ------------------------------------------------------------------


async def test_harry_binds_a_foe_and_the_companion_is_away_while_it_stays_bound(services) -> None:
    await battle_ready(services)
    await learn(services, "Brunhild", "hunting:harry")
    await begin(services)
    await skip(services)  # no action needed: on the enemies' turn
    harried = await use(services, ALICE, "Harry", "Goblin")
    assert "Goblin is Bound by a harrying companion." in harried

    def companion(tx):  # type: ignore[no-untyped-def]
        _, scene = find_battle(tx, actor(ALICE))
        return has_animal_companion(scene, scene.state.combatant(1))

    assert not await services.db.transact(companion)
    with pytest.raises(PawpostError, match="away harrying"):
        await use(services, ALICE, "Harry", "Goblin 2")
    await edit(services, lambda s: _freed(s, 4))
    assert await services.db.transact(companion)


def _freed(s: BattleState, combatant_id: int) -> BattleState:
    return replace(s, npc_cured(s.combatant(combatant_id), Condition.BOUND))


async def test_ambush_skips_the_enemy_turn_after_the_hunter_s_first(services) -> None:
    await battle_ready(services)
    await learn(services, "Brunhild", "hunting:ambush")
    await begin(services)
    first = await skip(services)
    assert "Ambush: after Brunhild's first turn the enemies' turn is skipped." in first
    assert first.endswith("**Next:** Ilsa's turn.")
    await skip(services, 4)  # Ilsa, the enemies, Piper, the enemies
    second = await skip(services)  # Brunhild's second turn: the enemies act after it
    assert "**Next:** The enemies' turn: the MC picks one to act" in second


async def test_make_camp_adds_to_the_party_s_rest() -> None:
    roll = rest_roll([_sheet_with("hunting:make-camp")], ScriptedDice([2, 2]), RestKind.SHORT)
    assert roll.total == 7


async def test_smudge_burns_the_row_at_the_end_of_the_next_turn(services) -> None:
    await battle_ready(services)
    await learn(services, "Brunhild", "hunting:smudge")
    await begin(services)
    placed = await use(services, ALICE, "Smudge", "enemies front")
    assert "at the end of their next turn every enemy still there takes 7 Damage" in placed
    assert "burns" not in placed
    await skip(services, 5)  # the enemies, Ilsa, the enemies, Piper, the enemies
    burnt = await skip(services)  # Brunhild's next turn ends
    assert "Brunhild's Smudge burns in the enemies side's front row." in burnt
    assert "Goblin loses 6 Health (0 left): it dies!" in burnt
    assert "Goblin 2 loses 6 Health (0 left): it dies!" in burnt
    after = await state(services)
    assert after.smudges == [] and not after.combatant(6).dead


async def test_trapper_sets_two_traps_and_a_flourish_at_the_start(services, dice) -> None:
    await battle_ready(services)
    await learn(services, "Brunhild", "hunting:trapper")
    with pytest.raises(PawpostError, match="Trapper picks"):
        await use(services, ALICE, "Trapper", "bound")
    set_up = await use(services, ALICE, "Trapper", "bound, prone")  # while the MC sets up
    assert "Brunhild spends 1 Harmony (+2)." in set_up
    assert "Bound for the first enemy to Advance, Prone for the first to Flee" in set_up
    with pytest.raises(PawpostError, match="already"):
        await use(services, ALICE, "Trapper", "bound, prone")
    await begin(services)
    assert trapper_flourish(await state(services), 1) is Condition.BROKEN_LIMB
    await skip(services)
    dice.load(1, 2)
    advanced = await battle.enemy_act(services, MC, "Goblin 3", "advance")
    assert "Goblin 3 is Bound by a trap." in "\n".join(advanced.lines)
    await skip(services)  # Ilsa
    dice.load(1, 1)
    fled = await battle.enemy_act(services, MC, "Goblin", "flee")
    assert "Goblin is Prone by a trap." in "\n".join(fled.lines)
    await skip(services)  # Piper
    dice.load(1, 1)
    again = await battle.enemy_act(services, MC, "Goblin 2", "flee")
    assert "trap" not in "\n".join(again.lines)
