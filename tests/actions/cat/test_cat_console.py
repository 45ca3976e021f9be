"""`pawpost console` plays a Taking Risks server: two cats, a Risk with Style banked and spent,
a dangerous failure's scars dropping a rank, a Life spent, the sheet and the log."""

from __future__ import annotations

import io

from bot.console import run_console, script_lines

SCRIPT = [
    "/as user:admin admin:yes",
    "/config ruleset ruleset:cat",
    "/as user:ann",
    '/character create name:Firepaw best:legs strong:"claws coat fangs" good:"face tail"'
    ' reputations:"Brave 3, Clever 2, Sly 2"',
    '/character create name:Twopaw best:legs strong:"claws, coat" good:"face, tail"'
    ' reputations:"Brave 3, Clever 2, Sly 2"',
    "/as user:bob",
    '/character create name:Tigerclaw best:claws strong:"fangs legs coat" good:"face tail"'
    ' reputations:"Fierce 3, Proud 3, Sly 1"',
    "/as user:ann",
    "/risk trait:legs difficulty:easy reputation:brave",  # 2, 4, 6, 1, 3, 5, 1, 2: 4 evens
    "/as user:bob",
    "/click 1",
    "/as user:ann",
    "/click 1",
    "/click 1",
    "/risk trait:legs difficulty:hard style:3",  # automatic 3: success, 5 rolled evens...
    "/risk trait:legs difficulty:hard dangerous:yes",  # 3, 5, 3, 4, 6: 3 scars
    "/click 2",
    "/risk trait:claws difficulty:hard",  # 1, 3, 5, 2: failure
    "/click 1",
    "/character show",
    "/check",
    "/log character:Firepaw",
]
FACES = [*(2, 4, 6, 1, 3, 5, 1, 2), *(1, 1, 1, 1, 1), *(3, 5, 3, 4, 6), *(1, 3, 5, 2)]


async def test_a_console_script_plays_a_cat_server(services, dice) -> None:
    dice.load(*FACES)
    out = io.StringIO()
    code = await run_console(
        "unused", 1000, "ann", False, script_lines(SCRIPT), out, echo=True, services=services
    )
    text = out.getvalue()
    assert code == 0, text
    assert "This server now plays Taking Risks." in text
    assert "== Firepaw joins the server ==" in text
    assert "error: You chose 2 Strong traits; a new cat has 3." in text
    assert "Pool: Legs (Best) 5 + Brave (Reputation) 3" in text
    assert "8d6 [2, 4, 6, 1, 3, 5, 1, 2] evens 4 = 4" in text
    assert "Success: 4 evens against 1 needed. @ann narrates what happens." in text
    assert "error: Only Firepaw's player or an admin can answer this Risk." in text
    assert "Firepaw banks 3 Style from roll #4: 3 banked now." in text
    assert "error: That Risk's Style was banked or spent already." in text
    assert "Pool: Legs (Best) 5 + Style spent 3 automatic" in text
    assert "Dangerous: 3 scars (the lowest odd die) to place." in text
    assert "Three scars: Legs drops from Best to Strong." in text
    assert "Firepaw spends a Life" in text and "8 Lives left." in text
    shown = text[text.index("> /character show") :]
    assert "Legs Strong → 4 dice" in shown and "Lives: 8" in shown
    assert "Style banked: 0" in shown
    assert "error: There is no command /check" in text
    assert "Hard Claws Risk" in text[text.index("> /log") :]
