"""Magery in battle (book l. 167-174), the pure part. Magery has no rules of its own to keep
here: Ignite and Fear are Flourishes on all attacks and Greater Implement's Ranged implement
and paid Forceful are the Flourishes' (battle/flourishes.py), Summonings is an Entourage
(battle/entourages.py), Melding is the land's (melding.py), Scry a use outside battle
(skill_uses.py). Beguiling is played in bot/actions/caverns/skills/magery.py."""
