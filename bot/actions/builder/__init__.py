"""The sheet builder every ruleset may have: `/character new`, a stored draft edited with
buttons, selects and forms, and Create. A ruleset declares its steps (`spec.Builder`)."""

from bot.actions.builder.spec import Builder, Choices, Counter, Form, FormField, Pick

__all__ = ["Builder", "Choices", "Counter", "Form", "FormField", "Pick"]
