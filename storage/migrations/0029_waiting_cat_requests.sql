-- A player's WCAGR cat requests not answered yet (issue 30: shown to the player, and listed
-- with the core's queue in /admin approvals).
CREATE INDEX wcagr_cat_requests_waiting ON wcagr_cat_requests (guild_id, user_id, id)
    WHERE answered_at IS NULL;
