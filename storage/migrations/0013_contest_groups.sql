-- Contests started with one roll against several defenders (a Germ Charisma contest with
-- several listeners) share a group: the id of the group's first contest. NULL: a contest alone.
ALTER TABLE contests ADD COLUMN group_id INTEGER;
