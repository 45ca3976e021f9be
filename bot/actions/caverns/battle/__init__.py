"""Caverns and Cloiers' battle in rows (book l. 284-298, 350-427): the verbs of a running
battle, the scene that holds one inside a transaction, and what the battle's steps set off."""
