"""Toy's `Ruleset` and how a test registers it, in the pure registry (storage reads its sheet
model there) and in the rulesets the test's `Services` get: the same two entries a shipped
ruleset has in `rules/rulesets.py` and `bot/registry.py`."""

from __future__ import annotations

import pytest

from bot.registry import RULESETS
from bot.ruleset import Ruleset
from rules import rulesets
from rules.rulesets import RulesetInfo
from tests.toy import actions
from tests.toy.commands import TOY_COMMANDS, TOY_GROUPS
from tests.toy.rules import ToySheet

TOY_INFO = RulesetInfo(actions.TOY, "Toy", ToySheet)
TOY = Ruleset(
    rules=TOY_INFO,
    commands=TOY_COMMANDS,
    sheet_fields=actions.sheet_fields,
    groups=TOY_GROUPS,
)


def toy_registry(monkeypatch: pytest.MonkeyPatch) -> dict[str, Ruleset]:
    """Register Toy for this test: the shipped rulesets and Toy, for its `Services`."""
    monkeypatch.setitem(rulesets.RULESETS, actions.TOY, TOY_INFO)
    return {**RULESETS, actions.TOY: TOY}
