"""Caverns and Cloiers in battle (book l. 284-298, 350-427 and the bestiary, l. 428-607), as
pure rules: the battle in rows, blows and armour, conditions in battle, Flourishes, hands,
poisons, the bestiary and its specials, and what a battle's state remembers."""
