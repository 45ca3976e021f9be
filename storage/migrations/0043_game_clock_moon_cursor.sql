-- A big server's moon is done in slices of its characters, each slice one unit of work with
-- the clock's record (issue 33: 100,000 cats aged in one transaction held the database thread
-- for seconds): the last character id the moon tick in progress has aged, NULL when none is.
ALTER TABLE game_clock ADD COLUMN moon_cursor INTEGER;
