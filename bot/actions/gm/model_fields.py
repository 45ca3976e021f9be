"""A sheet's settable fields read off its pydantic model: whole numbers, yes/no, a choice of
an enum, a list of an enum's members, free text. A ruleset names them as its sheet shows them
and adds what its model cannot say (limits from the server's settings, derived values)."""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from enum import Enum
from typing import Any

from pydantic import BaseModel, ValidationError

from bot.actions.formatting import safe
from bot.gm import SheetField
from rules.errors import PawpostError
from storage.models import Character
from storage.repositories import Transaction
from storage.settings import Guild

YES = ("yes", "true", "on")
NO = ("no", "false", "off")
NONE = ("none", "-", "—")


def _parts(annotation: Any) -> tuple[Any, bool]:
    """The field's type without `| None`, and whether None is allowed."""
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        if len(args) == 1:
            return args[0], True
    return annotation, False


def _enum_of_tuple(kind: Any) -> type[Enum] | None:
    if typing.get_origin(kind) is tuple:
        args = typing.get_args(kind)
        if len(args) == 2 and args[1] is Ellipsis and _is_enum(args[0]):
            return typing.cast(type[Enum], args[0])
    return None


def _is_enum(kind: Any) -> bool:
    return isinstance(kind, type) and issubclass(kind, Enum)


def settable(kind: Any) -> bool:
    """Whether the toolkit can read and write a field of this type by itself."""
    kind, _ = _parts(kind)
    if _enum_of_tuple(kind) is not None:
        return True
    return isinstance(kind, type) and issubclass(kind, bool | int | str | Enum)


def shown(value: Any) -> str:
    """A field's value as the toolkit shows it."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, tuple):
        return ", ".join(shown(v) for v in value) or "none"
    return str(value)


def takes(kind: Any) -> str:
    """What a value of that type looks like."""
    kind, optional = _parts(kind)
    listed = _enum_of_tuple(kind)
    if listed is not None:
        said = f"a list of {', '.join(str(m.value) for m in listed)} (or none)"
    elif issubclass(kind, bool):
        said = "yes or no"
    elif issubclass(kind, Enum):
        said = " | ".join(str(m.value) for m in kind)
    elif issubclass(kind, int):
        said = "a whole number"
    else:
        said = "text"
    return f"{said}, or none" if optional and listed is None else said


def parsed(label: str, kind: Any, text: str) -> Any:
    """The typed value of `text` for a field of that type; one sentence when it does not fit."""
    kind, optional = _parts(kind)
    word = text.strip()
    if optional and word.casefold() in NONE:
        return None
    listed = _enum_of_tuple(kind)
    if listed is not None:
        if word.casefold() in NONE:
            return ()
        return tuple(_member(label, listed, part) for part in word.split(",") if part.strip())
    if issubclass(kind, bool):
        if word.casefold() in YES:
            return True
        if word.casefold() in NO:
            return False
        raise PawpostError(f"{label} is yes or no; you gave {safe(word)}.")
    if issubclass(kind, Enum):
        return _member(label, kind, word)
    if issubclass(kind, int):
        try:
            return int(word)
        except ValueError:
            raise PawpostError(f"{label} is a whole number; you gave {safe(word)}.") from None
    return word


def _member(label: str, kind: type[Enum], text: str) -> Enum:
    wanted = text.strip().casefold().replace(" ", "-")
    for member in kind:
        if str(member.value).casefold() in (wanted, text.strip().casefold()):
            return member
    choices = ", ".join(str(m.value) for m in kind)
    raise PawpostError(f"{label} is one of {choices}; you gave {safe(text.strip())}.")


def refused(error: ValidationError, label: str) -> PawpostError:
    """A model's refusal as one sentence."""
    first = error.errors()[0]
    message = str(first.get("msg", "that value does not fit")).removeprefix("Value error, ")
    return PawpostError(f"{label} cannot take that value: {message}.")


class ModelFields:
    """The fields of a sheet model, named `labels` (key -> as the sheet shows it); keys left
    out of `labels` are not settable here."""

    def __init__(self, model: type[BaseModel], labels: Mapping[str, str]) -> None:
        self.model = model
        self.labels = dict(labels)
        self.kinds = {key: model.model_fields[key].annotation for key in self.labels}
        unsettable = [key for key, kind in self.kinds.items() if not settable(kind)]
        if unsettable:
            raise TypeError(f"not settable by the toolkit: {unsettable}")
        self.keys = {label.casefold(): key for key, label in self.labels.items()}

    def fields(self, sheet: BaseModel) -> list[SheetField]:
        return [
            SheetField(label, shown(getattr(sheet, key)), takes(self.kinds[key]))
            for key, label in self.labels.items()
        ]

    def key(self, label: str) -> str | None:
        return self.keys.get(label.casefold())

    def updated(self, sheet: BaseModel, label: str, text: str) -> BaseModel:
        """The sheet with that field set, validated by the sheet's own model."""
        key = self.keys[label.casefold()]
        value = parsed(label, self.kinds[key], text)
        try:
            return self.model.model_validate({**sheet.model_dump(), key: value})
        except ValidationError as error:
            raise refused(error, label) from None


SetOn = Callable[[Transaction, Guild, Character, str, str, datetime], list[str]]


def saving(
    model_fields: ModelFields, check: Callable[[Guild, str, BaseModel], None] | None = None
) -> SetOn:
    """A `set_field` that validates with the model (and `check`, for what it cannot say) and
    saves the sheet."""

    def set_field(
        tx: Transaction, guild: Guild, character: Character, label: str, text: str, now: datetime
    ) -> list[str]:
        sheet = model_fields.updated(character.sheet, label, text)
        if check is not None:
            check(guild, label, sheet)
        character.sheet = sheet
        tx.characters.save_sheet(character)
        return []

    return set_field


def fields_of(
    model_fields: ModelFields,
) -> Callable[[Transaction, Guild, Character], Sequence[SheetField]]:
    def fields(tx: Transaction, guild: Guild, character: Character) -> Sequence[SheetField]:
        return model_fields.fields(character.sheet)

    return fields
