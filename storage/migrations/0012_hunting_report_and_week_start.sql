-- `/admin hunting report [week]` reads a week's missed-week rows (what counting them did), and a
-- change of the week's start moves the week running now onto its new key: both on an index.
CREATE INDEX hunts_missed_by_week ON hunts (guild_id, week_key) WHERE kind = 'missed-week';
