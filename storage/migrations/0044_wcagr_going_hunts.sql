-- The scene commands list a server's WCAGR hunts still going, longest-waiting first
-- (/admin scene status): an index on what they ask, so the list never reads a server's
-- whole hunting history.
CREATE INDEX wcagr_hunts_going ON wcagr_hunts (guild_id, state, updated_at);
