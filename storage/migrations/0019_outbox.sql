-- The outbox: every post the scheduler makes, recorded in the same transaction as the change
-- that caused it, sent after commit with its nonce (Discord's enforce_nonce makes a resend
-- after a crash return the first message), and marked sent only once Discord accepted it.
-- body: the post as JSON (written and read by Python). Times: ISO-8601 UTC text.
CREATE TABLE outbox (
    id INTEGER PRIMARY KEY,
    guild_id INTEGER,
    channel_id INTEGER NOT NULL,
    nonce TEXT NOT NULL UNIQUE,
    body TEXT NOT NULL,
    created_at TEXT NOT NULL,
    next_attempt_at TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    last_error TEXT,
    sent_at TEXT,
    message_id INTEGER,
    failed_at TEXT
);
-- What is still to send, in the order it is due.
CREATE INDEX outbox_pending ON outbox (next_attempt_at, id)
    WHERE sent_at IS NULL AND failed_at IS NULL;
-- One channel's pending posts, to hold them back behind one that failed (their order is kept).
CREATE INDEX outbox_channel_pending ON outbox (channel_id, id)
    WHERE sent_at IS NULL AND failed_at IS NULL;
-- Sent or abandoned posts are pruned after a while, oldest first.
CREATE INDEX outbox_done ON outbox (created_at) WHERE sent_at IS NOT NULL OR failed_at IS NOT NULL;

-- The export reads a server's characters a page at a time, in id order.
CREATE INDEX characters_by_guild ON characters (guild_id, id);
