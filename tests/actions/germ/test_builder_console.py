"""`pawpost console` builds a Germ cat with `/character new`, `/click` and `/modal`."""

from __future__ import annotations

import io

from bot.console import run_console, script_lines

# The builder's choices: [2k-1] − and [2k] + of the k-th stat, [13] Name and age, [14] Create.
PLUS = {"strength": 2, "agility": 4, "charisma": 6, "intelligence": 8, "stealth": 10}
CLICKS = [f"/click {PLUS[stat]}" for stat in PLUS for _ in range(4 if stat != "stealth" else 3)]
SCRIPT = [
    "/as user:ann",
    "/modal name:Firepaw",
    "/character new",
    *CLICKS,
    *["/click 12"] * 3,  # Perception 3: 22 points spent
    "/click 12",
    "/click 14",
    "/as user:bob",
    "/click 1",
    "/as user:ann",
    "/click 13",
    "/modal name:Firepaw colour:red",
    '/modal name:"Fire paw" age:12',
    "/click 13",
    "/modal name:Firepaw",
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
    assert "error: No form is open; a button opens one." in text
    assert "== A new Germ cat ==" in text
    assert "  [2] + Strength\n" in text and "  [1] − Strength (not available)\n" in text
    assert "**" not in text and "0 of 22 points left to spend (at most 8 in one stat)." in text
    assert "> /click 12\nerror: That button is not available now." in text
    assert "> /click 14\nerror: That button is not available now." in text
    assert "error: This builder belongs to another player; start your own" in text
    assert "== Your new cat (a form) ==\n  name (Name)\n  age (Age in moons)\n" in text
    assert "error: The form has no field 'colour'; its fields are name, age, mother." in text
    assert "== A new cat: Fire paw ==" in text
    assert "  name (Name): Fire paw\n  age (Age in moons): 12\n" in text  # filled in
    assert "Ready: press Create to make it." in text
    assert "== Firepaw joins the server ==" in text
    assert text.rstrip().endswith("Fully trusted by: no one")
    shown = text[text.index("> /character show") :]
    assert "Strength 4 → rolls +4" in shown and "Age: 12 moons (cat)" in shown
