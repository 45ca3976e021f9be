-- The export pages a server's posts made as characters and its whole approval queue by id.
CREATE INDEX character_posts_by_guild ON character_posts (guild_id, message_id);
CREATE INDEX character_approvals_by_guild ON character_approvals (guild_id, id);
