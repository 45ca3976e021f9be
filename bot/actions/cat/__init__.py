"""Taking Risks' verbs: making a cat, its sheet, Risks with their Style, Lives and scars."""
