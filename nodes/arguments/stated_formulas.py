"""A formula the request states, over a value it gives: "bake at 350 °F ... Using C = (F - 32) x 5/9, what
temperature should I set?" -> "(350-32)*5/9".

Why: the request carries the arithmetic itself, written with a variable, and the variable's value elsewhere
("350 °F", "F is 350", "F = 350"). No rule for word problems reads it: the numbers of the formula are joined by
a letter, not by each other. Only a formula with one variable whose value the request writes is read; the
expression is the formula's own text with that one value put in, so nothing comes from outside the request.
"""

from __future__ import annotations

import re

_NUMBER = r"\d[\d,]*(?:\.\d+)?"
# "C = (F - 32) x 5/9": a name, "=", then a body of numbers, names, operators and brackets up to a clause's end
_FORMULA = re.compile(r"\b(?P<result>[A-Za-z][A-Za-z_]{0,15})\s*=\s*(?P<body>[\w\s.,()+\-*/×÷^]+?)"
                      r"(?=\s*(?:[,;?!]\s|[?!]|\.\s|\.?$|\b(?:what|how|where|with|when|if|and|for)\b))")
_BODY_TOKEN = re.compile(rf"({_NUMBER})|([A-Za-z_]+)|(\*\*|[()+\-*/×÷^])|(\S)")
_OPERATORS = {"×": "*", "÷": "/", "^": "**", "x": "*", "*": "*", "**": "**", "/": "/", "+": "+", "-": "-",
              "(": "(", ")": ")"}


def _body_tokens(body: str) -> list[tuple[str, str]] | None:
    """(kind, text) of the body's tokens (kind: number, name, operator); None when it holds anything else. An
    "x" between two operands is a times sign."""
    tokens: list[tuple[str, str]] = []
    for number, name, symbol, other in _BODY_TOKEN.findall(body.replace(",", " , ")):
        if other:
            return None
        if number:
            tokens.append(("number", number.replace(",", "")))
        elif symbol:
            tokens.append(("operator", symbol))
        else:
            tokens.append(("name", name))
    for i, (kind, text) in enumerate(tokens):
        if kind == "name" and text.lower() == "x" and 0 < i < len(tokens) - 1 \
                and tokens[i - 1][0] in {"number", "name"} | ({"operator"} if tokens[i - 1][1] == ")" else set()):
            tokens[i] = ("operator", "x")
    return tokens


def _value_of(name: str, text: str, formula: re.Match[str]) -> str | None:
    """The number the request gives the variable outside the formula: "350 °F", "350F", "F is 350", "F = 350"."""
    outside = text[:formula.start()] + " " * (formula.end() - formula.start()) + text[formula.end():]
    written = re.escape(name)
    for pattern in (rf"(?<![\w.])({_NUMBER})\s*(?:°\s*|degrees?\s+)?{written}\b",
                    rf"\b{written}\s*(?:=|is|of)\s*({_NUMBER})(?![\w.])"):
        values = {m[1].replace(",", "") for m in re.finditer(pattern, outside)}
        if len(values) == 1:
            return values.pop()
    return None


def stated_formula_expressions(text: str) -> list[str]:
    """The expressions of the formulas ``text`` states with one variable it gives a value; [] when none."""
    found = []
    for formula in _FORMULA.finditer(text):
        tokens = _body_tokens(formula["body"].strip(" ,"))
        if not tokens:
            continue
        names = {t for kind, t in tokens if kind == "name"}
        if len(names) != 1 or not any(kind == "number" for kind, _ in tokens):
            continue
        name = names.pop()
        value = _value_of(name, text, formula)
        if value is None:
            continue
        found.append("".join(f"({value})" if kind == "name" else _OPERATORS.get(t, t) for kind, t in tokens))
    return found
