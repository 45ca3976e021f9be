"""Caverns' tables on a real SQLite file: parties by channel or by name, membership, rests
answered and counted once, the members' plans, the server's catalogue; each per server."""

from __future__ import annotations

from datetime import UTC, datetime

from rules.caverns.catalogue import STARTER_CATALOGUE, CatalogueItem, ItemKind
from rules.caverns.party.experience import PartyProgress
from rules.caverns.party.harmony_skills import HarmonySkill
from rules.caverns.skills import Totem
from storage.caverns import caverns
from storage.caverns.catalogue import is_starter
from storage.caverns.rests import RestPlan
from storage.models import NewCharacter
from tests.actions.caverns.helpers import BRUNHILD
from tests.conftest import ALICE, GUILD, OTHER_GUILD

NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)


def _adventurers(tx, count: int) -> list[int]:  # type: ignore[no-untyped-def]
    from bot.actions.caverns.characters import new_character
    from rules.caverns.sheet import create_sheet
    from rules.dice import ScriptedDice

    choices = {k: v for k, v in BRUNHILD.items() if k != "name"}
    sheet = create_sheet(new_character(**choices), ScriptedDice([]))
    tx.guilds.get(GUILD)
    return [
        tx.characters.add(
            NewCharacter(
                guild_id=GUILD, owner_id=ALICE, name=f"A{n}", ruleset="caverns", sheet=sheet
            ),
            NOW,
        ).id
        for n in range(count)
    ]


async def test_a_channel_has_one_party_and_a_name_another(db) -> None:
    def work(tx):  # type: ignore[no-untyped-def]
        parties = caverns(tx).parties
        first = parties.of_channel(GUILD, 10, NOW)
        again = parties.of_channel(GUILD, 10, NOW)
        elsewhere = parties.of_channel(OTHER_GUILD, 10, NOW)
        named = parties.named(GUILD, "The Lanterns", NOW)
        same = parties.named(GUILD, "the  lanterns", NOW)
        return first, again, elsewhere, named, same

    first, again, elsewhere, named, same = await db.transact(work)
    assert first == again and first.channel_id == 10 and first.progress == PartyProgress()
    assert elsewhere.id != first.id and elsewhere.guild_id == OTHER_GUILD
    assert named.id == same.id and named.channel_id is None and named.name == "The Lanterns"


async def test_members_join_move_and_the_progress_is_kept(db) -> None:
    def work(tx):  # type: ignore[no-untyped-def]
        ids = _adventurers(tx, 3)
        parties = caverns(tx).parties
        party = parties.of_channel(GUILD, 10, NOW)
        other = parties.named(GUILD, "Elsewhere", NOW)
        for character_id in ids:
            parties.join(GUILD, character_id, party.id, pinned=False)
        parties.join(GUILD, ids[1], other.id, pinned=True)
        parties.save_progress(
            party.model_copy(update={"progress": PartyProgress(level=2, experience=3)})
        )
        return (
            ids,
            parties.member_ids(GUILD, party.id),
            parties.member_ids(GUILD, other.id),
            parties.membership(ids[1]),
            parties.get(GUILD, party.id),
            parties.get(OTHER_GUILD, party.id),
            other.id,
        )

    ids, members, others, moved, stored, foreign, other_id = await db.transact(work)
    assert members == [ids[0], ids[2]] and others == [ids[1]]
    assert moved == (other_id, True)
    assert stored is not None and stored.progress == PartyProgress(level=2, experience=3)
    assert foreign is None


async def test_a_rest_s_answers_are_taken_and_counted_once(db) -> None:
    def work(tx):  # type: ignore[no-untyped-def]
        rests = caverns(tx).rests
        party = caverns(tx).parties.of_channel(GUILD, 10, NOW)
        rest_id = rests.add(GUILD, party.id, "long", 8, NOW)
        marks = (rests.answer(rest_id, 0, True), rests.answer(rest_id, 0, False))
        rests.answer(rest_id, 1, False)
        half = rests.get(GUILD, rest_id)
        rests.answer(rest_id, 2, True)
        settled = (rests.settle(rest_id, NOW), rests.settle(rest_id, NOW))
        late = rests.answer(rest_id, 2, False)
        return marks, half, rests.get(GUILD, rest_id), settled, late, rests.latest(GUILD, party.id)

    marks, half, done, settled, late, latest = await db.transact(work)
    assert marks == (True, False)
    assert half.answers == (True, False, None) and not half.answered
    assert done.answers == (True, False, True) and done.answered and done.settled_at == NOW
    assert settled == (True, False) and late is False
    assert latest == done


async def test_a_plan_is_saved_replaced_and_cleared(db) -> None:
    def work(tx):  # type: ignore[no-untyped-def]
        ids = _adventurers(tx, 2)
        rests = caverns(tx).rests
        plan = RestPlan(harmony=(HarmonySkill.SHARP_AS_STEEL, HarmonySkill.BURN_WITH_PASSION))
        rests.save_plan(GUILD, ids[0], plan, NOW)
        rests.save_plan(GUILD, ids[1], RestPlan(totem=Totem.CROW), NOW)
        first = rests.plan(ids[0])
        rests.save_plan(GUILD, ids[0], RestPlan(), NOW)
        replaced = rests.plan(ids[0])
        second = rests.plan(ids[1])
        rests.save_plan(GUILD, ids[0], plan.model_copy(update={"withhold": True}), NOW)
        rests.clear_plans(ids, long_rest=False)
        after_short = rests.plan(ids[0]), rests.plan(ids[1])
        rests.clear_plans(ids, long_rest=True)
        return first, replaced, second, after_short, rests.plan(ids[0]), rests.plan(ids[1])

    first, replaced, second, after_short, *cleared = await db.transact(work)
    assert first.harmony == (HarmonySkill.SHARP_AS_STEEL, HarmonySkill.BURN_WITH_PASSION)
    assert replaced == RestPlan() and second.totem is Totem.CROW
    assert after_short == (RestPlan(withhold=True), RestPlan(totem=Totem.CROW))
    assert cleared == [RestPlan(), RestPlan()]


async def test_the_catalogue_is_the_starter_one_with_the_server_s_edits(db) -> None:
    harp = CatalogueItem(name="Golden harp", kind=ItemKind.INSTRUMENT, price=400, rare=True)
    dearer = STARTER_CATALOGUE["helmet"].model_copy(update={"price": 75})

    def work(tx):  # type: ignore[no-untyped-def]
        tables = caverns(tx).catalogue
        tables.put(GUILD, harp)
        tables.put(GUILD, dearer)
        tables.remove(GUILD, "Sling")
        tables.remove(GUILD, "Golden harp")
        tables.put(GUILD, harp)  # added back after its removal
        return tables.of(GUILD), tables.of(OTHER_GUILD)

    ours, theirs = await db.transact(work)
    assert ours["golden harp"] == harp and "sling" not in ours
    assert ours["helmet"].price == 75 and not is_starter(ours, "helmet")
    assert is_starter(ours, "sword") and theirs == dict(STARTER_CATALOGUE)


async def test_an_offer_is_offered_then_taken_each_once(db) -> None:
    def work(tx):  # type: ignore[no-untyped-def]
        ids = _adventurers(tx, 1)
        offers = caverns(tx).offers
        offer_id = offers.add(GUILD, ids[0], "Helmet", ItemKind.ARMOUR, 500, NOW)
        early = offers.mark_taken(offer_id, NOW)
        offered = (offers.mark_offered(offer_id, NOW), offers.mark_offered(offer_id, NOW))
        taken = (offers.mark_taken(offer_id, NOW), offers.mark_taken(offer_id, NOW))
        return early, offered, taken, offers.get(GUILD, offer_id), offers.get(OTHER_GUILD, offer_id)

    early, offered, taken, stored, elsewhere = await db.transact(work)
    assert early is False and offered == (True, False) and taken == (True, False)
    assert stored.item == "Helmet" and stored.price == 500 and stored.taken_at == NOW
    assert elsewhere is None


async def test_a_sale_is_kept_and_refused_once(db) -> None:
    def work(tx):  # type: ignore[no-untyped-def]
        ids = _adventurers(tx, 1)
        sales = caverns(tx).sales
        sale_id = sales.add(GUILD, ids[0], "Lute", ItemKind.INSTRUMENT, True, 50, NOW)
        refused = (sales.mark_refused(sale_id, NOW), sales.mark_refused(sale_id, NOW))
        return refused, sales.get(GUILD, sale_id), sales.get(OTHER_GUILD, sale_id)

    refused, stored, elsewhere = await db.transact(work)
    assert refused == (True, False)
    assert (stored.item, stored.kind, stored.broken, stored.price) == (
        "Lute",
        ItemKind.INSTRUMENT,
        True,
        50,
    )
    assert stored.refused_at == NOW and elsewhere is None
