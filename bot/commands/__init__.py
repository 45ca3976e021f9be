"""Slash commands declared as data: `spec` (their shape), `core` and `hunting` (shared),
`<ruleset>.py` (each ruleset's own), `catalog` (a server's set, put together)."""
