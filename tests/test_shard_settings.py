"""`--shard-count N --shards a-b` (or PAWPOST_SHARD_COUNT and PAWPOST_SHARDS): the range a
process holds, and one sentence for a range that is not one."""

from __future__ import annotations

import pytest

from bot.config import Settings, load_settings, settings_with_shards
from rules.errors import PawpostError


def test_a_range_a_single_shard_and_all_of_them() -> None:
    base = Settings()
    assert base.shard_ids == []  # one process for all, as before
    assert settings_with_shards(base, 8, "2-5").shard_ids == [2, 3, 4, 5]
    assert settings_with_shards(base, 8, "7").shard_ids == [7]
    assert settings_with_shards(base, 4, None).shard_ids == [0, 1, 2, 3]


def test_the_environment_sets_them_too(tmp_path) -> None:
    environ = {"PAWPOST_CONFIG": str(tmp_path / "none.toml"), "PAWPOST_SHARD_COUNT": "4"}
    settings = load_settings(environ={**environ, "PAWPOST_SHARDS": "0-1"})
    assert (settings.shard_count, settings.shard_ids) == (4, [0, 1])


@pytest.mark.parametrize(
    ("count", "shards", "sentence"),
    [
        (4, "2-7", "not a range within 0-3"),
        (4, "3-1", "not a range within 0-3"),
        (None, "0-1", "needs the shard count"),
        (4, "a-b", "should match pattern"),
    ],
)
def test_a_range_that_is_not_one_is_one_sentence(count, shards, sentence) -> None:
    with pytest.raises(PawpostError, match=sentence):
        settings_with_shards(Settings(), count, shards)
