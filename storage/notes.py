"""What a unit of work logged about a character, noted as it happens, so the core can show the
character's avatar and colour, the outcome and the audit id on the reply without asking again."""

from __future__ import annotations

from dataclasses import dataclass, field

from storage.profiles import Profile


@dataclass
class Notes:
    """The unit's first audit entry, its first one about a character, and the sheets it held."""

    audit_id: int | None = None  # the unit's first audit entry
    character_id: int | None = None  # of its first entry about a character, with these
    action: str | None = None
    outcome: str | None = None
    profile: Profile | None = None
    held: list[int] = field(default_factory=list)  # approval ids of new characters

    def clear(self) -> None:
        self.audit_id = self.character_id = self.action = self.outcome = self.profile = None
        self.held = []
