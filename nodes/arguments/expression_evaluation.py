"""The value of a calculator expression, read with an ``ast`` walk and never ``eval``: numbers, + - * / % **,
parentheses and sqrt().

Why apart from expressions.py: the readers of a request (expressions.py, expression_comparisons.py) check every
candidate with it, and some order their readings by value.
"""

from __future__ import annotations

import ast
import math
import operator

_BINARY = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
           ast.Pow: operator.pow, ast.Mod: operator.mod}
_UNARY = {ast.USub: operator.neg, ast.UAdd: operator.pos}
# Every value is a float, so a power never stalls; the bound keeps 60 years of monthly payments (-720) and drops
# nonsense towers.
_MAX_EXPONENT = 720


def evaluate(expression: str) -> float:
    """The value of an expression of numbers, + - * / % **, parentheses and sqrt(); ValueError for anything
    else (names, calls, attributes...) and for no finite real value (a division by zero, an overflow).
    Exponents are bounded so that no candidate can stall the process."""
    try:
        tree = ast.parse(expression.strip(), mode="eval")
    except SyntaxError as exc:
        raise ValueError(f"not an expression: {expression!r}") from exc

    def walk(node: ast.AST) -> float:
        if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
            return float(node.value)
        if isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
            left, right = walk(node.left), walk(node.right)
            if isinstance(node.op, ast.Pow) and abs(right) > _MAX_EXPONENT:
                raise ValueError(f"exponent too large in {expression!r}")
            result = _BINARY[type(node.op)](left, right)
            if isinstance(result, complex):  # (-8) ** (1/3)
                raise ValueError(f"{expression!r} has no real value")
            return float(result)
        if isinstance(node, ast.UnaryOp) and type(node.op) in _UNARY:
            return float(_UNARY[type(node.op)](walk(node.operand)))
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "sqrt"
                and len(node.args) == 1 and not node.keywords):
            return math.sqrt(walk(node.args[0]))
        raise ValueError(f"unsupported element {type(node).__name__} in {expression!r}")

    try:
        value = walk(tree.body)
    except (ZeroDivisionError, OverflowError) as exc:
        raise ValueError(f"{expression!r} cannot be evaluated: {exc}") from exc
    if not math.isfinite(value):
        raise ValueError(f"{expression!r} has no finite real value")
    return value
