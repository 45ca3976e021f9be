-- Issue 31: a post sent through a webhook has no nonce Discord checks, so the outbox notes when
-- it first tried one; a post tried before (a crash, an answer lost) is looked for before it is
-- sent again.
ALTER TABLE outbox ADD COLUMN tried_at TEXT;
