"""`pawpost console` plays WCAGR: a ThunderClan cat and a Loner, checks with spent points and
knacks, a refused knack, a knack on its own, a conversion, a refresh, a critical failure that
sprains, twelve moons of ageing with every choice answered, a retirement confirmed by its button
and one at 71 moons. (The builder's half is `test_builder_console.py`.)"""

from __future__ import annotations

import io

from bot.console import run_console, script_lines

SCRIPT = [
    "/as user:admin admin:yes",
    "/config ruleset ruleset:wcagr",
    "/as user:ann",
    "/character create name:Firepaw clan:thunderclan strength:2 intelligence:2 spirit:1 "
    'skills:"Sneak, Pounce, Listen" knacks:"Alertness, Dash, Hide" ten-moon-bonus:spirit',
    "/character create name:Ravenpaw clan:loner strength:1 intelligence:2 spirit:2 "
    'skills:"See, Smell, Bite" knacks:"Track, Balance, Yowl" ten-moon-bonus:intelligence',
    "/character create name:Ravenpaw clan:loner strength:1 intelligence:2 spirit:2 "
    'skills:"See, Smell, Bite" knacks:"Track, Balance, Yowl" ten-moon-bonus:intelligence '
    'loner-abilities:"strength, spirit" loner-skill:swim',
    "/character use character:Firepaw",
    '/check skill:listen dc:17 spend:1 knacks:"Alertness"',
    '/check skill:sneak knacks:"Alertness"',
    "/check skill:pounce",
    "/points convert from:strength to:intelligence",
    "/as user:admin admin:yes",
    "/admin refresh-points character:Firepaw",
    "/admin age character:Firepaw moons:12 reason:seasons",
    "/as user:ann",
    "/character gains",
    "/character gains choice:Sneak",
    "/character gains choice:strength",
    "/character gains choice:Track",
    "/character gains choice:intelligence",
    "/character gains choice:Climb",
    "/character gains choice:Stalk",
    "/character gains choice:spirit",
    "/character gains choice:Sneak",
    "/character gains choice:Balance",
    "/character gains choice:intelligence",
    "/character gains choice:Leap",
    "/character gains",
    "/knack knack:dash",
    "/character retire character:Ravenpaw",
    "/click 2",
    "/character retire character:Ravenpaw",
    "/click 1",
    "/check skill:see character:Ravenpaw",
    "/as user:admin admin:yes",
    "/character create name:Oldstripe clan:windclan strength:1 intelligence:2 spirit:2 "
    'skills:"Listen, Swim, Arch" knacks:"Dodge, Orate, Intuition" ten-moon-bonus:spirit',
    "/admin age character:Oldstripe moons:61 reason:seasons",
    "/check skill:listen character:Oldstripe",
    "/as user:ann",
    "/hunt status",
    "/character show",
]


async def test_a_console_script_plays_wcagr(services, dice) -> None:
    dice.load(4, 6, 1, 1, 1, 3)
    out = io.StringIO()
    code = await run_console(
        "unused", 1000, "ann", False, script_lines(SCRIPT), out, echo=True, services=services
    )
    text = out.getvalue()
    assert code == 0, text
    assert "This server now plays WCAGR." in text
    assert "== Firepaw joins the server ==" in text
    assert "error: A Loner raises one ability by 2 or two by 1; you named 0." in text
    assert "== Ravenpaw joins the server ==" in text
    assert (
        "3d6 [4, 6, 1] + Spirit 3 + Listen 1 + 1 spent + Alertness 1 = 17 vs DC 17\nSuccess."
        in text
    )
    assert "error: Alertness only helps Listen, See or Smell checks; this is a Sneak check." in text
    assert "Critical failure: 2 or more 1s." in text and "Firepaw sprains a paw" in text
    assert "converts 2 Strength points into 1 Intelligence point" in text
    assert "Ability points refreshed for Firepaw (HP is not restored)." in text
    assert "Firepaw is 12 moons older." in text
    assert "Skill (11 moons): choose one of Arch," in text
    assert "Firepaw takes its Skill gain of 11 moons." in text
    assert "Next: +1 any ability (12 moons): choose one of Strength, Intelligence, Spirit." in text
    assert "Next: Knack (22 moons): choose one of Alertness, Animal Lore, Belly Rake," in text
    assert "Firepaw has no gain waiting for a choice." in text
    assert "Firepaw spends 1 Strength point on Dash." in text
    assert "Nothing changed: the cat keeps playing." in text
    assert "Ravenpaw retires: an elder out of play" in text
    assert "Oldstripe is 61 moons older." in text
    assert "error: Ravenpaw is retired: out of play, it cannot act." in text
    assert "error: Oldstripe is retired: out of play, it cannot act." in text
    assert "error: Firepaw is on no hunt; start one with /hunt start." in text
    shown = text[text.rindex("> /character show") :]
    assert "Age: 22 moons" in shown and "Sneak 3 (Spirit)" in shown
    assert "Strength 5 · points 4 left of 5" in shown and "Leap (Strength)" in shown
    assert "sprained (3 sunrises of rest left)" in shown
    assert "Gains waiting" not in shown
