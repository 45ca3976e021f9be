"""`pawpost console` builds a Taking Risks cat with `/character new`, `/click` and `/modal`: a
select for the Best trait and one for each Strong trait (issue 17: "trait selects per rank")."""

from __future__ import annotations

import io

from bot.actions import buttons
from bot.actions.builder import verbs as builder
from bot.console import run_console, script_lines
from tests.actions.cat.helpers import cat_server
from tests.conftest import ALICE, actor

# [1] Best, [2]-[4] Strong 1-3 (each shows its select), [5] Name and Reputations, [6] Create,
# [7] the select shown.
SCRIPT = [
    "/as user:admin admin:yes",
    "/config ruleset ruleset:cat",
    "/as user:ann",
    "/character new",
    "/click 6",
    "/click 7 legs",  # Best: Legs
    "/click 7 claws",
    "/click 7 coat",
    "/click 2",  # Strong 1 again: Legs is not offered there
    "/click 7 legs",
    "/click 4",
    "/click 7 fangs",  # Claws, Coat and Fangs Strong; Face and Tail are Good
    "/click 5",
    '/modal name:Firepaw reputations:"Brave 3, Clever 3, Sly 2"',
    "/click 6",
    "/click 5",
    '/modal reputations:"Brave 3, Clever 2, Sly 2"',
    "/as user:bob",
    "/click 6",
    "/as user:ann",
    "/click 6",
    "/character show",
]


async def test_d13_the_builder_picks_traits_by_a_select_per_rank(services) -> None:
    # Audit D13: six − and + counters, "6 of 2 Good" on the first screen.
    out = io.StringIO()
    code = await run_console(
        "unused", 1000, "ann", False, script_lines(SCRIPT), out, echo=True, services=services
    )
    text = out.getvalue()
    assert code == 0, text
    assert "== A new Taking Risks cat ==" in text
    assert "Best: 1 to pick · Strong: 3 to pick · Good: the 2 traits left." in text
    assert "• Pick 1 more Best trait.\n• Pick 3 more Strong traits." in text
    assert "[7] Best trait: claws, coat, face, fangs, legs, tail" in text
    assert "[7] Strong 1 trait: claws, coat, face, fangs, tail" in text  # Legs is Best
    assert "> /click 7 legs\nerror: Pick one of: claws, face, fangs, tail." in text
    assert "Best: Legs · Strong: Claws, Coat, Fangs · Good: Face, Tail." in text
    assert "1 Reputation point too many: a cat has 7." in text  # D15: one point, not "points"
    assert "• You gave 8 Reputation points; a cat has 7." in text
    assert "0 of 7 Reputation points left." in text and "Ready: press Create to make it." in text
    assert "error: This builder belongs to another player" in text
    assert "== Firepaw joins the server ==" in text
    shown = text[text.index("> /character show") :]
    assert "Legs Best → 5 dice" in shown and "Face Good → 3 dice" in shown
    assert "Reputations: Brave 3, Clever 2, Sly 2" in shown
    assert "Magic Points: 8 / 8" in shown


async def test_s3_the_builder_s_cat_is_announced_in_the_channel(services) -> None:
    # Audit section 3: Create answered only its player ("only you can see this"), while
    # `/character create` answers the channel.
    await cat_server(services)
    reply = await builder.new(services, actor(ALICE))
    assert reply.ephemeral
    for trait in ("legs", "claws", "coat", "fangs"):  # Best, then Strong 1 to 3: each select
        assert reply.select is not None  # follows the one picked
        reply = await buttons.press(services, actor(ALICE), reply.select.custom_id, [trait])
    form = next(b for b in reply.buttons if b.label == "Name and Reputations")
    opened = await buttons.press(services, actor(ALICE), form.custom_id)
    assert opened.modal is not None
    reply = await buttons.press(
        services,
        actor(ALICE),
        opened.modal.custom_id,
        fields={"name": "Firepaw", "reputations": "Brave 3, Clever 2, Sly 2"},
    )
    create = next(b for b in reply.buttons if b.label == "Create")
    made = await buttons.press(services, actor(ALICE), create.custom_id)
    assert made.ephemeral
    assert made.announce is not None and not made.announce.ephemeral
    assert made.announce.title == "Firepaw joins the server"
    assert made.announce.lines == [f"Owned by <@{ALICE}>. See the sheet with /character show."]
