"""`pawpost bench --ruleset cat` on a tiny seed: every verb of Taking Risks' mix runs, none is
refused, and the size figure makes its cats in servers that play Taking Risks."""

from __future__ import annotations

import io
from pathlib import Path

from bot.bench.cat import CAT_BENCH
from bot.bench.options import BenchOptions, Sizes
from bot.bench.run import bench, ruleset_bench
from bot.registry import RULESETS

TINY = Sizes(
    big_server_cats=20, reminder_servers=2, reminder_cats=5, size_cats=10, size_days=2, tick_cats=20
)


async def test_the_cat_mix_runs_every_verb(tmp_path: Path) -> None:
    assert ruleset_bench(RULESETS, "cat") is CAT_BENCH
    out = io.StringIO()
    options = BenchOptions(
        servers=3, cats=8, commands=200, json_path=None, sizes=TINY, ruleset="cat"
    )
    figures = await bench(options, out, RULESETS)
    printed = out.getvalue()
    assert "risk 45.0 %" in printed
    for share in CAT_BENCH.shares:
        assert f"{share.name} " in printed.split("verbs:")[1]  # each verb ran
    assert "refused" not in printed.split("floor")[0], printed
    assert figures["c32"]["commands_per_s"] > 0
    assert figures["bytes_per_1k_cats"] > 0
