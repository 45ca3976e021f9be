"""Taking Risks' stored Risks: kept as written, each follow-up marked once, per server."""

from __future__ import annotations

from datetime import UTC, datetime

from rules.cat.risks import Difficulty, take_risk
from rules.cat.sheet import Trait, create_sheet
from rules.dice import ScriptedDice
from storage.cat import cat
from storage.cat.risks import FollowUp
from storage.models import NewCharacter
from tests.conftest import ALICE, GUILD, OTHER_GUILD

NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)


def _sheet():  # type: ignore[no-untyped-def]
    return create_sheet(
        [Trait.LEGS],
        [Trait.CLAWS, Trait.COAT, Trait.FANGS],
        [Trait.FACE, Trait.TAIL],
        {"Brave": 3, "Clever": 2, "Sly": 2},
    )


async def test_a_risk_is_kept_and_each_follow_up_marked_once(db) -> None:
    sheet = _sheet()
    result = take_risk(sheet, Trait.LEGS, Difficulty.EASY, ScriptedDice([2, 4, 6, 1, 3])).result

    def write(tx):  # type: ignore[no-untyped-def]
        tx.guilds.get(GUILD)
        character = tx.characters.add(
            NewCharacter(
                guild_id=GUILD, owner_id=ALICE, name="Firepaw", ruleset="cat", sheet=sheet
            ),
            NOW,
        )
        return cat(tx).risks.add(GUILD, character.id, 7, result, NOW)

    risk_id = await db.transact(write)

    def read(tx):  # type: ignore[no-untyped-def]
        return cat(tx).risks.get(GUILD, risk_id), cat(tx).risks.get(OTHER_GUILD, risk_id)

    stored, elsewhere = await db.transact(read, write=False)
    assert elsewhere is None
    assert stored.result == result and stored.audit_id == 7 and stored.created_at == NOW
    assert not stored.done(FollowUp.STYLE)
    changed = result.model_copy(update={"life_spent": True})
    marks = await db.transact(
        lambda tx: (
            cat(tx).risks.mark(risk_id, FollowUp.STYLE, NOW),
            cat(tx).risks.mark(risk_id, FollowUp.STYLE, NOW),
            cat(tx).risks.mark(risk_id, FollowUp.LIFE, NOW, changed),
        )
    )
    assert marks == (True, False, True)
    stored, _ = await db.transact(read, write=False)
    assert stored.done(FollowUp.STYLE) and stored.done(FollowUp.LIFE)
    assert not stored.done(FollowUp.SCARS)
    assert stored.result.life_spent
