"""`pawpost bench --ruleset caverns` on a tiny seed: every verb of Caverns' mix runs, moves and
rests among them, and the size figure makes its adventurers with the one-line create."""

from __future__ import annotations

import io

from bot.bench.options import BenchOptions, Sizes
from bot.bench.run import bench, ruleset_bench
from bot.registry import RULESETS

TINY = Sizes(
    big_server_cats=20, reminder_servers=2, reminder_cats=5, size_cats=10, size_days=2, tick_cats=20
)


async def test_the_caverns_mix_runs_every_verb() -> None:
    out = io.StringIO()
    options = BenchOptions(servers=3, cats=10, commands=200, sizes=TINY, ruleset="caverns")
    figures = await bench(options, out, RULESETS)
    printed = out.getvalue()
    names = [share.name for share in ruleset_bench(RULESETS, "caverns").shares]
    assert {"move", "flee", "advance", "battle turn", "rest short", "rest long"} <= set(names)
    for name in names:
        assert f"{name} " in printed, printed
    assert figures["c1"]["commands_per_s"] > 0 and figures["bytes_per_1k_cats"] > 0
