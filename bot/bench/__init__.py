"""`pawpost bench`: the core driver (`run.py`), and each ruleset's verbs in `bot/bench/<id>.py`,
reached through the registry (`Ruleset.bench`)."""
