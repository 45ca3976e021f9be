"""How a roll of typed dice reads: every die, kept and struck through when dropped, rerolled and
exploded faces, counted dice in bold, and the total: "4d6kh3 [3, 6, ~~1~~, 4] = **13**"."""

from __future__ import annotations

from typing import Any

import d20

from bot.actions.formatting import safe
from rules.notation import Rolled

_OPERATORS = {
    "-": "−",
    "*": "×",
    "/": "÷",
    ">=": "≥",
    "<=": "≤",
    "!=": "≠",
    "==": "=",
}


def shown(rolled: Rolled) -> str:
    """The whole roll as players read it."""
    expression = rolled.expression
    root = expression.roll
    counting = rolled.notation.counting
    text = _node(root, rolled)
    if counting is not None:
        return f"{text} → **{rolled.total}** {counting.word}"
    if rolled.is_comparison:
        return f"{text} → **{'yes' if rolled.total else 'no'}**"
    if _single_die(root):
        return f"d{root.size} **{rolled.total}**"
    return f"{text} = **{rolled.total}**"


def _single_die(node: Any) -> bool:
    return (
        isinstance(node, d20.Dice)
        and len(node.values) == 1
        and not node.operations
        and not node.annotation
    )


def _node(node: Any, rolled: Rolled) -> str:
    text = _bare(node, rolled)
    if node.annotation:
        text += " " + safe(node.annotation)
    return text


def _bare(node: Any, rolled: Rolled) -> str:
    if isinstance(node, d20.Dice):
        faces = ", ".join(_die(die, rolled) for die in node.values)
        return f"{node.num}d{node.size}{_ops(node)} [{faces}]"
    if isinstance(node, d20.Die):
        return _die(node, rolled)
    if isinstance(node, d20.Literal):
        return _number(node.number)
    if isinstance(node, d20.UnOp):
        return f"{_OPERATORS.get(node.op, node.op)}{_node(node.value, rolled)}"
    if isinstance(node, d20.BinOp):
        operator = _OPERATORS.get(node.op, node.op)
        return f"{_node(node.left, rolled)} {operator} {_node(node.right, rolled)}"
    if isinstance(node, d20.Parenthetical):
        return f"({_node(node.value, rolled)}){_ops(node)}"
    if isinstance(node, d20.Set):
        inside = ", ".join(_struck(value, _node(value, rolled)) for value in node.values)
        return f"({inside}{',' if len(node.values) == 1 else ''}){_ops(node)}"
    return _number(node.total)


def _die(die: Any, rolled: Rolled) -> str:
    faces = []
    for literal in die.values:
        face = "→".join(_number(value) for value in literal.values)  # mi / ma raise or cap it
        if literal.exploded:
            face += "!"
        # a rerolled face is struck through, unless the whole die is (strikes do not nest)
        faces.append(face if literal.kept or not die.kept else f"~~{face}~~")
    text = " ".join(faces)
    if id(die) in rolled.counted:
        text = f"**{text}**"
    return _struck(die, text)


def _struck(node: Any, text: str) -> str:
    return text if node.kept else f"~~{text}~~"


def _ops(node: Any) -> str:
    return "".join(str(operation) for operation in getattr(node, "operations", ()))


def _number(value: float) -> str:
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.2f}".rstrip("0").rstrip(".")
