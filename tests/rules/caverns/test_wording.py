"""The helpers that word lists in sentences."""

from rules.caverns.wording import is_are, joined, signed


def test_joined() -> None:
    assert joined([]) == "nothing"
    assert joined(["Wind"]) == "Wind"
    assert joined(["Wind", "Fire"], "or") == "Wind or Fire"
    assert joined(["Wind", "Water", "Fire"]) == "Wind, Water and Fire"


def test_is_are_and_signed() -> None:
    assert (is_are(["a"]), is_are(["a", "b"])) == ("is", "are")
    assert [signed(v) for v in (2, 0, -1)] == ["+2", "+0", "-1"]
