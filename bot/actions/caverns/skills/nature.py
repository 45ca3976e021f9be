"""Nature in battle (book l. 176-183). Nature has no verb of its own in a battle: Tree Form's
Reach is the rules' (rules/caverns/skills/nature.py) and its Forceful a Flourish, as Vines and
Pathtwist are (battle/flourishes.py), Fae Allies is an Entourage (battle/entourages.py), the
meld and the Mushroom Circle's flight are the land's (melding.py), Commune a use outside
battle (skill_uses.py)."""
