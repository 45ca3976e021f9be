"""`pawpost console` builds a Taking Risks cat with `/character new`, `/click` and `/modal`."""

from __future__ import annotations

import io

from bot.console import run_console, script_lines

# [2k-1] − and [2k] + of the k-th trait (Claws, Coat, Face, Fangs, Legs, Tail),
# [13] Name and Reputations, [14] Create.
SCRIPT = [
    "/as user:admin admin:yes",
    "/config ruleset ruleset:cat",
    "/as user:ann",
    "/character new",
    "/click 14",
    "/click 10",
    "/click 10",  # Legs Best
    "/click 10",
    "/click 2",
    "/click 4",
    "/click 8",  # Claws, Coat and Fangs Strong
    "/click 6",
    "/click 13",
    '/modal name:Firepaw reputations:"Brave 3, Clever 3, Sly 2"',
    "/click 14",
    "/click 13",
    '/modal reputations:"Brave 3, Clever 2, Sly 2"',
    "/as user:bob",
    "/click 14",
    "/as user:ann",
    "/click 14",
    "/character show",
]


async def test_a_console_script_builds_a_cat(services) -> None:
    out = io.StringIO()
    code = await run_console(
        "unused", 1000, "ann", False, script_lines(SCRIPT), out, echo=True, services=services
    )
    text = out.getvalue()
    assert code == 0, text
    assert "== A new Taking Risks cat ==" in text
    assert "Traits: 0 of 1 Best, 0 of 3 Strong, 6 of 2 Good." in text
    assert "• Raise 1 more trait to Best.\n• Raise 3 more traits to Strong." in text
    assert "> /click 10\nerror: That button is not available now." in text  # a second Best
    assert "> /click 6\nerror: That button is not available now." in text  # a fourth Strong
    assert "1 Reputation points too many: a cat has 7." in text
    assert "• You gave 8 Reputation points; a cat has 7." in text
    assert "0 of 7 Reputation points left." in text and "Ready: press Create to make it." in text
    assert "error: This builder belongs to another player" in text
    assert "== Firepaw joins the server ==" in text
    shown = text[text.index("> /character show") :]
    assert "Legs Best → 5 dice" in shown and "Reputations: Brave 3, Clever 2, Sly 2" in shown
    assert "Magic Points: 8 / 8" in shown
