-- Taking Risks (cat), issue 27. Scars owed are placed by the Narrator's default once the
-- server's timeout passes: each wound keeps the channel its reminder goes to, and open wounds
-- are found by age. A Trick or a dream change offers its Style as a Risk does, so `cat_risks`
-- holds those rolls too (`kind`); a later roll of the cat ends the offer of a Life on an
-- earlier failure (`moved_on_at`).
ALTER TABLE cat_wounds ADD COLUMN channel_id INTEGER;
CREATE INDEX cat_wounds_open_by_age ON cat_wounds (created_at) WHERE settled_at IS NULL;
ALTER TABLE cat_risks ADD COLUMN kind TEXT NOT NULL DEFAULT 'risk';
ALTER TABLE cat_risks ADD COLUMN moved_on_at TEXT;
CREATE INDEX cat_risks_life_open ON cat_risks (guild_id, character_id)
    WHERE life_at IS NULL AND moved_on_at IS NULL;
