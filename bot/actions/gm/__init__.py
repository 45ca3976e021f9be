"""The GM toolkit: correct any sheet, undo an admin change, harm, kill and revive, and control
any scene, the same commands in every ruleset; each ruleset says what they mean through its
`Ruleset.gm` (bot/gm.py)."""
