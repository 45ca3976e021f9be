"""Dice notation as players type it, read by Avrae's `d20` library and rolled with the bot's dice.

d20's grammar gives keep and drop (`4d6kh3`, `2d20kl1`), rerolls (`ro1`, `rr<3`), explosions
(`1d6e6`), min and max (`mi2`, `ma5`), comparisons, arithmetic, brackets, sets and annotations
(`1d20+5 [fire]`). On top of it: `!` for an explosion on the highest face as Roll20 and Dice
Maiden write it (`2d6!`, `3d6!>4`), `d%` as a d100, and words after the dice that count some of
them instead of adding them up: `successes` (`5d6>=5 successes`) and a ruleset's own
(`DiceWord`, such as Taking Risks' `evens`). Every die is rolled by the `DiceSource` given.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import d20
import lark
from d20 import diceast as ast

from rules.dice import (
    MAX_CONSTANT,
    MAX_DEPTH,
    MAX_DICE,
    MAX_LENGTH,
    MAX_ROLLED,
    MAX_SIDES,
    DiceSource,
    DiceWord,
)
from rules.errors import PawpostError
from rules.rolls import Die, Roll

SUCCESSES = "successes"
PERCENT_SIDES = 100  # `d%` is a d100 (1 to 100), as players mean it
COMPARISONS = frozenset({"<", ">", "==", ">=", "<=", "!="})
_EXPLODE = "!"
_QUOTE_LENGTH = 30

# d20's grammar, changed in two places: `!` is one more dice operator (`2d6!`, `2d6!5`, `3d6!>4`;
# `3d6!>=4` stays a comparison), and `D` may be upper case.
_CHANGES = (
    (
        "dice_op: (DICE_OPERATOR | SET_OPERATOR) selector",
        "dice_op: (DICE_OPERATOR | SET_OPERATOR) selector | EXPLODE [bang_selector]\n"
        f'EXPLODE: "{_EXPLODE}"\n'
        "bang_selector: [BANG_SELTYPE] INTEGER\n"
        "BANG_SELTYPE.2: /[<>](?!=)/",
    ),
    ('diceexpr: INTEGER? "d" DICE_VALUE', 'diceexpr: INTEGER? "d"i DICE_VALUE'),
)


def _changed_grammar() -> str:
    grammar = ast.grammar
    for old, new in _CHANGES:
        # a d20 release changed its grammar: fail on the first read (the notation tests'), not
        # with rolls read wrong
        if old not in grammar:
            raise RuntimeError(f"d20's grammar no longer has {old!r}, which Pawpost changes")
        grammar = grammar.replace(old, new)
    return grammar


class DiceNotationError(PawpostError):
    """Text that is not dice notation, in one sentence: `"<fragment>" at position <n>: expected
    <what>`, n counting from 1 in what was typed and the fragment cut to 30 characters."""

    def __init__(self, fragment: str, position: int, expected: str) -> None:
        if len(fragment) > _QUOTE_LENGTH:
            fragment = fragment[: _QUOTE_LENGTH - 1] + "…"
        super().__init__(f'"{fragment}" at position {position}: {expected}')
        self.position = position


# --- Reading ---------------------------------------------------------------------------------


class _Explode:
    """`!` before d20's AST knows the dice it follows."""

    def __init__(self, selector: ast.SetSelector | None) -> None:
        self.selector = selector


class _Transformer(ast.RollTransformer):
    def diceexpr(self, dice: list[Any]) -> ast.Dice:
        node = super().diceexpr(dice)
        if node.size == "%":
            node.size = PERCENT_SIDES
        return node

    def bang_selector(self, sel: list[Any]) -> ast.SetSelector:
        return ast.SetSelector(*sel)

    def dice_op(self, opsel: list[Any]) -> Any:
        operator, selector = opsel
        if str(operator) == _EXPLODE:
            return _Explode(selector)
        return super().dice_op(opsel)

    def dice(self, opdice: list[Any]) -> ast.OperatedDice:
        rolled, *operations = opdice
        return ast.OperatedDice(
            rolled,
            *(
                ast.SetOperator.new("e", op.selector or ast.SetSelector(None, rolled.size))
                if isinstance(op, _Explode)
                else op
                for op in operations
            ),
        )


@functools.cache
def _parser() -> lark.Lark:
    """The changed grammar, built on the first roll read, not at import."""
    return lark.Lark(
        _changed_grammar(),
        start=["expr", "commented_expr"],
        parser="lalr",
        transformer=_Transformer(),
        maybe_placeholders=True,
    )


@dataclass(frozen=True)
class Counting:
    """What a word counts: kept dice passing `compare` against `threshold` (successes), or the
    faces a ruleset's word names."""

    word: str
    compare: str | None = None
    threshold: float | None = None
    counts: Callable[[int], bool] | None = None

    def counted(self, face: int) -> bool:
        if self.counts is not None:
            return self.counts(face)
        assert self.compare is not None
        assert self.threshold is not None
        return bool(d20.BinOp.BINARY_OPS[self.compare](face, self.threshold))


@dataclass(frozen=True)
class Notation:
    """A checked expression, ready to roll: `text` is it normalised (`4d6kh3+2`, `5d6 evens`)."""

    text: str
    tree: ast.Expression = field(repr=False)
    counting: Counting | None = None

    @property
    def dice_count(self) -> int:
        return sum(node.num for node in _walk(self.tree) if isinstance(node, ast.Dice))

    def roll(self, dice: DiceSource) -> Rolled:
        """Roll it, every die from `dice`. Too many rerolls or explosions, or a division by
        zero, is one sentence."""
        context = _Context(dice)
        try:
            expression = _Roller(context).roll(self.tree).expr
            value = expression.total
        except d20.TooManyRolls:
            raise PawpostError(
                f"That roll went past {MAX_ROLLED} dice with its rerolls and explosions; "
                "nothing was kept."
            ) from None
        except d20.RollValueError as error:
            raise PawpostError(_value_sentence(str(error))) from None
        counted: frozenset[int] = frozenset()
        if self.counting is not None:
            counting = self.counting
            root = _rolled_root(expression)
            pool = root.left if counting.compare is not None else root
            counted = frozenset(
                id(die) for die in _kept_dice(pool) if counting.counted(int(die.number))
            )
            value = len(counted)
        return Rolled(self, expression, int(value), counted, tuple(context.faces))


def read(text: str, words: Sequence[DiceWord] = ()) -> Notation:
    """Read dice notation; `words` are the ruleset's own counting words besides `successes`.
    Raises DiceNotationError (or a PawpostError for a limit) with one sentence."""
    if len(text) > MAX_LENGTH:
        raise DiceNotationError(
            text[MAX_LENGTH:], MAX_LENGTH + 1, f"expected at most {MAX_LENGTH} characters"
        )
    if not text.strip():
        raise DiceNotationError("", 1, "expected dice to roll, like 2d6+3")
    tree = _parse(text)
    counting = _counting(tree, text, words)
    _check_limits(tree)
    shown = _normal(tree.roll)
    return Notation(shown if counting is None else f"{shown} {counting.word}", tree, counting)


def _parse(typed: str) -> ast.Expression:
    text = typed.lstrip()  # d20 reads no space before the dice; positions count from what was typed
    skipped = len(typed) - len(text)
    try:
        tree = _parser().parse(text, start="commented_expr")
    except lark.UnexpectedToken as error:
        column: int = error.column  # type: ignore[attr-defined]
        fragment = _fragment_at(text, column, str(error.token))  # type: ignore[attr-defined]
        expected = _expected(error.expected)  # type: ignore[attr-defined]
        raise DiceNotationError(fragment, column + skipped, expected) from None
    except lark.UnexpectedCharacters as error:
        fragment = _shown(text[error.pos_in_stream])
        expected = _expected(error.allowed)  # type: ignore[attr-defined]
        raise DiceNotationError(fragment, error.column + skipped, expected) from None
    except lark.exceptions.VisitError as error:  # a number too long to read, and such
        raise PawpostError(f"That roll cannot be read: {error.orig_exc}.") from None
    assert isinstance(tree, ast.Expression)
    return tree


def _fragment_at(text: str, column: int, token: str) -> str:
    """What to quote: the token found, or at the end the word that stops short there."""
    if token:
        return _shown(token)
    end = min(max(column, 1), len(text))
    start = end
    while start > 1 and (text[start - 2].isalnum() or text[start - 2] == "%"):
        start -= 1
    if not text[end - 1].isalnum():
        start = end
    return _shown(text[start - 1 : end])


def _shown(text: str) -> str:
    """Text quoted in a sentence, an invisible or control character named (`U+200B`)."""
    return "".join(char if char.isprintable() else f"U+{ord(char):04X}" for char in text)


def _expected(names: object) -> str:
    found = {str(name) for name in names} - {"_WS", "COMMENT"}  # type: ignore[attr-defined]
    if found == {"DICE_VALUE"}:
        return "expected the number of sides"
    if found & {"SELTYPE", "BANG_SELTYPE"}:
        return "expected which dice, like h3, l1, >4 or 6"
    if found & {"LPAR", "INTEGER", "D"}:
        return "expected dice or a number"
    if "RPAR" in found:
        return "expected a closing )"
    if not found or found <= {"$END"}:
        return "expected nothing more here"
    return "expected dice, a number or an operator such as +"


def _counting(tree: ast.Expression, text: str, words: Sequence[DiceWord]) -> Counting | None:
    if not tree.comment or not tree.comment.strip():
        return None
    word = tree.comment.strip()
    position = text.rfind(word) + 1
    known = {known.name.lower(): known for known in words}
    name = word.lower()
    root = _bare(tree.roll)
    if name == SUCCESSES:
        if not (
            isinstance(root, ast.BinOp)
            and root.op in COMPARISONS
            and _is_dice(root.left)
            and _number(root.right) is not None
        ):
            raise PawpostError(
                "successes counts the dice that pass a comparison with a number: write it like "
                "5d6>=5 successes."
            )
        return Counting(SUCCESSES, compare=root.op, threshold=_number(root.right))
    if name in known:
        if not _is_dice(root):
            raise PawpostError(
                f"{known[name].name} counts dice: write it after dice alone, like "
                f"5d6 {known[name].name}."
            )
        return Counting(known[name].name, counts=known[name].counts)
    listed = ", ".join([SUCCESSES, *(known.name for known in words)])
    raise DiceNotationError(
        _shown(word), position, f"expected an operator such as + or -, or a word: {listed}"
    )


def _bare(node: Any) -> Any:
    """The node without annotations or brackets around it."""
    while isinstance(node, ast.AnnotatedNumber | ast.Parenthetical):
        node = node.value
    return node


def _is_dice(node: Any) -> bool:
    return isinstance(_bare(node), ast.Dice | ast.OperatedDice)


def _number(node: Any) -> float | None:
    node = _bare(node)
    if isinstance(node, ast.Literal):
        return float(node.value)
    if isinstance(node, ast.UnOp) and isinstance(_bare(node.value), ast.Literal):
        value = float(_bare(node.value).value)
        return -value if node.op == "-" else value
    return None


def _walk(node: Any) -> Iterator[Any]:
    yield node
    for child in node.children:
        yield from _walk(child)


def _depth(node: Any) -> int:
    return 1 + max((_depth(child) for child in node.children), default=0)


def _check_limits(tree: ast.Expression) -> None:
    total = 0
    for node in _walk(tree):
        if isinstance(node, ast.Dice):
            if node.num < 1:
                raise PawpostError(f"{_normal(node)} rolls no dice: roll at least 1 die.")
            if not 1 <= node.size <= MAX_SIDES:
                raise PawpostError(f"{_normal(node)}: a die has from 1 to {MAX_SIDES} sides.")
            total += node.num
        elif isinstance(node, ast.Literal) and abs(node.value) > MAX_CONSTANT:
            raise PawpostError(
                f"{node.value} is too big for a roll: numbers go up to {MAX_CONSTANT}."
            )
    if total > MAX_DICE:
        raise PawpostError(
            f"That roll asks for {total} dice; at most {MAX_DICE} are rolled at once."
        )
    if _depth(tree.roll) > MAX_DEPTH:
        raise PawpostError(
            f"That roll nests too deep: at most {MAX_DEPTH} operators and brackets inside "
            "one another."
        )


def _normal(node: Any) -> str:
    """The expression as one short line, the way the title shows it."""
    if isinstance(node, ast.AnnotatedNumber):
        return f"{_normal(node.value)} {''.join(node.annotations)}"
    if isinstance(node, ast.Parenthetical):
        return f"({_normal(node.value)})"
    if isinstance(node, ast.UnOp):
        return f"{node.op}{_normal(node.value)}"
    if isinstance(node, ast.BinOp):
        return f"{_normal(node.left)}{node.op}{_normal(node.right)}"
    if isinstance(node, ast.OperatedSet):
        return _normal(node.value) + "".join(str(op) for op in node.operations)
    if isinstance(node, ast.NumberSet):
        inside = ", ".join(_normal(value) for value in node.values)
        return f"({inside},)" if len(node.values) == 1 else f"({inside})"
    return str(node)  # dice, numbers


def _value_sentence(error: str) -> str:
    if "divide by zero" in error:
        return "That roll divides by zero."
    if "minimums" in error or "maximums" in error:
        return "mi and ma take a plain number, like 2d6mi2 or 4d6ma5."
    return f"That roll cannot be made: {error}"


# --- Rolling ---------------------------------------------------------------------------------


class _Context(d20.RollContext):
    """d20's count of dice rolled, with the bot's dice source and a record of every face."""

    def __init__(self, source: DiceSource) -> None:
        self.source = source
        self.faces: list[Die] = []
        super().__init__(max_rolls=MAX_ROLLED)


class _Die(d20.Die):
    """A die rolled by the context's dice source instead of d20's global `random`."""

    def _add_roll(self) -> None:
        context = self._context
        assert isinstance(context, _Context)
        context.count_roll()
        face = context.source.roll(self.size)
        context.faces.append(Die(sides=self.size, face=face))
        self.values.append(d20.Literal(face))


class _Dice(d20.Dice):
    @classmethod
    def new(cls, num: int, size: int, context: _Context | None = None) -> _Dice:
        rolled = [_Die.new(size, context=context) for _ in range(num)]
        return cls(num, size, rolled, context=context)

    def roll_another(self) -> None:
        self.values.append(_Die.new(self.size, context=self._context))


class _Roller(d20.Roller):
    def _eval_dice(self, node: ast.Dice) -> _Dice:
        return _Dice.new(node.num, node.size, context=self.context)


def _rolled_root(expression: Any) -> Any:
    """The rolled expression's top node, out of its brackets."""
    node = expression.roll
    while isinstance(node, d20.Parenthetical):
        node = node.value
    return node


def _kept_dice(node: Any) -> Iterator[Any]:
    """The rolled dice (d20 `Die`) under a node that still count."""
    if isinstance(node, d20.Die):
        if node.kept:
            yield node
        return
    if not node.kept:
        return
    for child in node.set if isinstance(node, d20.Set) else node.children:
        yield from _kept_dice(child)


@dataclass(frozen=True)
class Rolled:
    """A rolled expression: d20's tree of what came up, its value, the dice a word counted (by
    identity) and every face in the order it was rolled."""

    notation: Notation
    expression: Any = field(repr=False)  # d20.Expression
    total: int
    counted: frozenset[int]
    faces: tuple[Die, ...]

    @property
    def is_comparison(self) -> bool:
        root = _rolled_root(self.expression)
        if self.notation.counting is not None:
            return False
        return isinstance(root, d20.BinOp) and root.op in COMPARISONS

    def record(self, label: str, shown: str) -> Roll:
        """The roll as the audit log keeps it."""
        return Roll(label=label, dice=self.faces, result=self.total, shown=shown)
