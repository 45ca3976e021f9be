"""The skillsets in battle (book l. 153-279), one module each, named as the book names them
(the same names as rules/caverns/skills/): what `/skill use` does with each skill in a running
battle, and where each skillset answers the battle's own steps. `registry.py` gathers the
skills' uses and `turn.py` is the shape of one use; `hooks.py` (the battle verbs') and
`reactions.py` (the scene's) gather the steps that reach several skillsets at once, and
`common.py` holds what several skillsets share."""
