"""Look-alike names (issue 32, Low): a name that looks just like another character's or NPC's
of the server, though its letters differ (a Cyrillic А for the Latin A, a Greek ο, a zero for an
O), is refused with one sentence naming the letter, wherever a name is given: a new character
of any ruleset, a rename, a restore, the builder, an NPC. Refused, not warned: a player on a
phone could not tell two such cats apart."""

from __future__ import annotations

import string
import unicodedata
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from bot.actions import buttons, characters, npcs
from bot.actions.cat import cats as cat_cats
from bot.actions.caverns import characters as caverns_characters
from bot.actions.context import Services
from bot.actions.germ import cats as germ_cats
from bot.actions.wcagr import cats as wcagr_cats
from rules.errors import PawpostError
from storage.names import (
    _ASCII_LOOK_ALIKES,
    _latin_look_alike,
    look_alike_key,
    look_alike_letter,
    name_key,
)
from tests.actions.cat.helpers import FIREPAW as CAT_FIREPAW
from tests.actions.cat.helpers import cat_server
from tests.actions.caverns.helpers import BRUNHILD, caverns_server
from tests.actions.germ.test_builder import build
from tests.actions.wcagr.helpers import wcagr_cat, wcagr_server
from tests.conftest import ADMIN, ALICE, BOB, FIREPAW, actor, cat, dump

CYRILLIC_A = "\u0410"  # А
ASHFUR = "Ashfur"
LOOK_ALIKE = CYRILLIC_A + "shfur"
REFUSED = (
    f"{LOOK_ALIKE} looks just like Ashfur, a character already in this server (the"
    f' "{CYRILLIC_A}" in one of them is a Cyrillic letter), so players could not tell them apart;'
    " choose another name."
)


@pytest.mark.parametrize(
    "twin",
    [
        LOOK_ALIKE,  # a Cyrillic capital A
        "\u0391SHFUR",  # a Greek capital Alpha, and capitals
        "\u0410\u0455\u04bbfur",  # Cyrillic А, ѕ and һ
        "A\u0455hfur",  # one Cyrillic ѕ among Latin letters
        "\u13aashfur",  # a Cherokee Ꭺ
        "Ash\u200bfur",  # a zero-width space
        "\uff21\uff53\uff48\uff46\uff55\uff52",  # fullwidth
        "\U0001d400shfur",  # mathematical bold A
    ],
)
def test_names_that_look_the_same_have_one_key(twin: str) -> None:
    assert look_alike_key(twin) == look_alike_key(ASHFUR) == "ashfur"


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("Caf\u00e9", "Cafe\u0301"),  # é composed, and e with a combining accent
        ("Caf\u00e9", "Caf\u0435\u0301"),  # a Cyrillic е under the accent
        ("R0wan", "Rowan"),  # a zero for an O
        ("Ivy|", "Ivyl"),
    ],
)
def test_other_spellings_that_look_the_same(one: str, other: str) -> None:
    assert look_alike_key(one) == look_alike_key(other)


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("Ashfur", "Ashf\u00fcr"),  # an umlaut shows
        ("Ashfur", "Ashfurr"),
        ("\u0418\u0432\u0430", "\u0418\u0440\u0430"),  # two Cyrillic names: Ива and Ира
        ("Kem", "Kern"),  # letters of one script that resemble each other are left to the eye
    ],
)
def test_names_that_look_different_stay_apart(one: str, other: str) -> None:
    assert look_alike_key(one) != look_alike_key(other)


def test_plain_ascii_reads_as_unicodes_table_says() -> None:
    """The ASCII shortcut (no table loaded for most names) agrees with the table."""
    for character in string.printable:
        assert character.translate(_ASCII_LOOK_ALIKES) == _latin_look_alike(character), character
    name = "Ro0k|1 the 2nd?"
    slow = "".join(_latin_look_alike(c) for c in name)
    assert look_alike_key(name) == " ".join(unicodedata.normalize("NFD", slow.casefold()).split())


def test_a_plain_ascii_name_s_key_is_as_long_as_it_but_for_a_percent_sign() -> None:
    """What `CharacterRepository.clash` leaves to SQL: a plain ASCII name of another length
    cannot look like the new one, so it is not read."""
    for character in string.printable.strip():
        name = f"a{character}b"
        assert len(look_alike_key(name)) == (5 if character == "%" else 3), character


def test_the_odd_letter_is_named() -> None:
    assert look_alike_letter(LOOK_ALIKE) == (CYRILLIC_A, "CYRILLIC")
    assert look_alike_letter("R0wan") == ("0", "COMMON")
    assert look_alike_letter(ASHFUR) is None
    assert name_key(LOOK_ALIKE) != name_key(ASHFUR)  # two names to the unique key, one to the eye


# --- Wherever a name is given ------------------------------------------------------------------


async def _germ(services: Services, user: int, name: str) -> Any:
    return await germ_cats.create(services, actor(user), **cat(name))


async def _wcagr(services: Services, user: int, name: str) -> Any:
    return await wcagr_cats.create(services, actor(user), **wcagr_cat(name))


async def _cat(services: Services, user: int, name: str) -> Any:
    return await cat_cats.create(services, actor(user), **{**CAT_FIREPAW, "name": name})


async def _caverns(services: Services, user: int, name: str) -> Any:
    return await caverns_characters.create(services, actor(user), **{**BRUNHILD, "name": name})


Create = Callable[[Services, int, str], Awaitable[Any]]
RULESETS: dict[str, tuple[Callable[[Services], Awaitable[None]] | None, Create]] = {
    "germ": (None, _germ),
    "wcagr": (wcagr_server, _wcagr),
    "cat": (cat_server, _cat),
    "caverns": (caverns_server, _caverns),
}


@pytest.mark.parametrize("ruleset", list(RULESETS))
async def test_a_new_character_that_looks_like_another_is_refused(services, ruleset) -> None:
    server, create = RULESETS[ruleset]
    if server is not None:
        await server(services)
    await create(services, ALICE, ASHFUR)
    before = dump(services.db)
    with pytest.raises(PawpostError) as refused:
        await create(services, BOB, LOOK_ALIKE)
    assert refused.value.message == REFUSED
    assert dump(services.db) == before
    await create(services, BOB, "Ashpelt")  # a name that looks different is taken as always


async def test_the_other_way_round_names_the_letter_of_the_name_already_there(services) -> None:
    await _germ(services, ALICE, LOOK_ALIKE)
    with pytest.raises(PawpostError) as refused:
        await _germ(services, BOB, ASHFUR)
    assert refused.value.message == (
        f"Ashfur looks just like {LOOK_ALIKE}, a character already in this server (the"
        f' "{CYRILLIC_A}" in one of them is a Cyrillic letter), so players could not tell them'
        " apart; choose another name."
    )


async def test_names_of_every_length_and_kind_are_compared(services) -> None:
    """The names SQL passes over are only those that cannot look alike."""
    for name in ("Ash", "Ashfurs", "Ashf\u00fcr", "100%", "Ashfu\u0436"):  # not look-alikes
        await _germ(services, ALICE, name)
    with pytest.raises(PawpostError, match="looks just like Ashf\u00fcr"):
        await _germ(services, BOB, "\u0410shf\u00fcr")  # non-ASCII beside non-ASCII
    with pytest.raises(PawpostError, match="looks just like 100%"):
        await _germ(services, BOB, "l00%")  # a % sign's name is read whatever its length
    await _germ(services, BOB, ASHFUR)


async def test_a_digit_for_a_letter_is_named_as_a_digit(services) -> None:
    await _germ(services, ALICE, "Rowan")
    with pytest.raises(PawpostError, match=r'\(the "0" in one of them is a digit\)'):
        await _germ(services, BOB, "R0wan")


async def test_a_rename_to_a_look_alike_is_refused_and_its_own_name_may_change(services) -> None:
    await _germ(services, ALICE, ASHFUR)
    await _germ(services, BOB, "Rook")
    before = dump(services.db)
    with pytest.raises(PawpostError) as refused:
        await characters.rename(services, actor(BOB), LOOK_ALIKE, character="Rook")
    assert refused.value.message == REFUSED
    assert dump(services.db) == before
    # a character may take a spelling of its own name (its capitals, say)
    renamed = await characters.rename(services, actor(ALICE), "ASHFUR")
    assert renamed.lines == ["Ashfur is now called ASHFUR."]


async def test_a_restore_beside_a_look_alike_is_refused(services) -> None:
    await _germ(services, ALICE, ASHFUR)
    asked = await characters.delete(services, actor(ALICE))
    await buttons.press(services, actor(ALICE), asked.buttons[0].custom_id)
    await _germ(services, BOB, LOOK_ALIKE)
    with pytest.raises(PawpostError) as refused:
        await characters.restore(services, actor(ADMIN, admin=True), ASHFUR)
    assert refused.value.message.startswith(f"Ashfur looks just like {LOOK_ALIKE}, a character")
    assert refused.value.message.endswith("; rename one of them first.")


async def test_the_builder_refuses_a_look_alike_before_create(services) -> None:
    await _germ(services, BOB, ASHFUR)
    reply = await build(services, {**FIREPAW, "name": LOOK_ALIKE})
    assert f"• {REFUSED}" in reply.lines
    assert next(b for b in reply.buttons if b.label == "Create").disabled


async def test_npcs_and_characters_may_not_look_alike(services) -> None:
    admin = actor(ADMIN, admin=True)
    await _germ(services, ALICE, ASHFUR)
    with pytest.raises(PawpostError) as npc_refused:
        await npcs.add(services, admin, LOOK_ALIKE)
    assert npc_refused.value.message == REFUSED.replace(
        "choose another name", "give the NPC another name"
    )
    await npcs.add(services, admin, "Bramblestar")
    before = dump(services.db)
    with pytest.raises(PawpostError) as twin_npc:
        await npcs.add(services, admin, "Br\u0430mblestar")  # a Cyrillic а
    assert "looks just like Bramblestar, an NPC already in this server" in twin_npc.value.message
    with pytest.raises(PawpostError) as character_refused:
        await _germ(services, BOB, "BRAMBLESTAR")  # an NPC's name, as a character's
    assert character_refused.value.message == (
        "Bramblestar is an NPC's name in this server; choose another name."
    )
    assert dump(services.db) == before
    # the NPC of that very name is changed, as always
    changed = await npcs.add(services, admin, "bramblestar", colour="#3498db")
    assert changed.title == "The NPC Bramblestar is updated"
