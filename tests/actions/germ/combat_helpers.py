"""Cats and clicks shared by the combat tests."""

from __future__ import annotations

from bot.actions import buttons
from bot.actions.context import Actor, Services
from bot.actions.germ import cats as germ_cats
from bot.actions.germ import combat
from bot.actions.reply import Reply
from tests.conftest import ALICE, BOB, CAROL, actor, cat

# Firepaw: Strength 5, Agility 5 (the book's first attacker); Tigerclaw: Strength 6, Agility 4.
FIREPAW = cat("Firepaw", strength=5, agility=5, charisma=3, intelligence=3, stealth=3, perception=3)
TIGERCLAW = cat(
    "Tigerclaw", strength=6, agility=4, charisma=2, intelligence=2, stealth=4, perception=4
)
# Longtail chases with Agility 3; Shadepaw hides with Stealth 8.
LONGTAIL = cat(
    "Longtail", strength=7, agility=3, charisma=3, intelligence=3, stealth=3, perception=3
)
SHADEPAW = cat(
    "Shadepaw", strength=3, agility=3, charisma=2, intelligence=3, stealth=8, perception=3
)


async def make_cats(services: Services, alices: dict[str, int | str] = FIREPAW) -> None:
    """Firepaw (or another cat) for Alice, Tigerclaw for Bob and Longtail for Carol."""
    await germ_cats.create(services, actor(ALICE), **alices)
    await germ_cats.create(services, actor(BOB), **TIGERCLAW)
    await germ_cats.create(services, actor(CAROL), **LONGTAIL)


def custom_id(reply: Reply, label: str) -> str:
    """The custom id of the reply's button with this label (or of its select)."""
    if reply.select is not None and reply.select.placeholder == label:
        return reply.select.custom_id
    found = [b.custom_id for b in reply.buttons if b.label == label]
    assert found, f"no {label!r} button in {[b.label for b in reply.buttons]}"
    return found[0]


async def click(services: Services, who: Actor, reply: Reply, label: str) -> Reply:
    return await buttons.press(services, who, custom_id(reply, label))


async def pick(services: Services, who: Actor, reply: Reply, label: str) -> Reply:
    """Choose the option with this label in the reply's select."""
    assert reply.select is not None, "the reply has no select"
    values = [o.value for o in reply.select.options if o.label == label]
    assert values, f"no {label!r} in {[o.label for o in reply.select.options]}"
    return await buttons.press(services, who, reply.select.custom_id, values)


def text(reply: Reply) -> str:
    parts = list(reply.lines) + [f"{f.name}: {f.value}" for f in reply.fields]
    return "\n".join(parts)


async def fighting(
    services: Services,
    challenger: Actor,
    target_player: Actor,
    target: str,
    *,
    challenger_first: bool = True,
) -> Reply:
    """A combat accepted by the target's player, the first attacker chosen by agreement."""
    challenge = await combat.challenge(services, challenger, target)
    accepted = await click(services, target_player, challenge, "Accept")
    first, second = (challenger, target_player) if challenger_first else (target_player, challenger)
    voted = await click(services, first, accepted, "I go first")
    return await click(services, second, voted, "They go first")
