"""Roots, squares and cubes a request asks for: "square root of 144 plus 3", "17 squared plus 5", "12 cubed minus 5
to the fourth power", and a square's side or the way round it from its area ("a square bedroom that's 196 square
feet, how many feet of baseboard all the way round").

Why its own module: these read a power word, not an amount's role, and come before the word problems so that "a
square rug of 21.16 square metres" is never read as a price per unit.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from nodes.arguments.expression_placeholders import N, STEP_WORDS

_Rule = tuple[re.Pattern[str], Callable[[re.Match[str]], list[str]]]


def power_rules() -> list[_Rule]:
    """(pattern over the normalised text, its expressions with placeholders), in the order they are tried."""
    return [
    (re.compile(rf"(?:square root|sqrt) (?:of )?{N}|√ ?{N}"),
     lambda m: [f"{m[1] or m[2]}**0.5", f"sqrt({m[1] or m[2]})"]),
    # a root and one more step: "square root of 144 plus 3"
    (re.compile(rf"(?:square root|sqrt) (?:of )?{N} (plus|minus|times|divided by|\+|-|\*|/) {N}"),
     lambda m: [f"{m[1]}**0.5{STEP_WORDS[m[2]]}{m[3]}", f"sqrt({m[1]}){STEP_WORDS[m[2]]}{m[3]}"]),
    (re.compile(rf"(?:cube root) (?:of )?{N}"), lambda m: [f"{m[1]}**(1/3)"]),
    # a square or cube and one more step: "17 squared plus 5"
    (re.compile(rf"{N} (squared|cubed) (plus|minus|times|divided by) {N}"),
     lambda m: [f"{m[1]}**{2 if m[2] == 'squared' else 3}{STEP_WORDS[m[3]]}{m[4]}"]),
    # "12 cubed minus 5 to the fourth power" (the power read by nodes/arguments/number_words.py)
    (re.compile(rf"{N} (squared|cubed) (plus|minus|times|divided by) {N} (?:to the power of|\*\*|\^) {N}"),
     lambda m: [f"{m[1]}**{2 if m[2] == 'squared' else 3}{STEP_WORDS[m[3]]}{m[4]}**{m[5]}"]),
    # a square's side from its area: "each side of a square rug that covers 21.16 square metres"
    (re.compile(rf"\b(?:side|sides|edge|edges|width|length)\b(?: (?![NP]\d)\S+){{0,8}}? square\b(?: (?![NP]\d)\S+){{0,8}}? "
                rf"{N} (?:square|sq)\b"), lambda m: [f"{m[1]}**0.5", f"sqrt({m[1]})"]),
    # and the way round it: "a square bedroom that's 196 square feet, how many feet of baseboard all the way round"
    (re.compile(rf"\bsquare\b(?: (?![NP]\d)\S+){{0,8}}? {N} (?:square|sq)\b(?=.*\b(?:perimeter|all the way round|"
                rf"all the way around|round the edge|around the edge|fence|fencing|border|baseboard|skirting|trim)\b)"),
     lambda m: [f"4*{m[1]}**0.5", f"4*sqrt({m[1]})"]),
    # a product then a power: "15,000 x 1.04 cubed"
    (re.compile(rf"{N} (?:x|×|\*|times) {N} (squared|cubed)"),
     lambda m: [f"{m[1]}*{m[2]}**{2 if m[3] == 'squared' else 3}"]),
    (re.compile(rf"{N} squared"), lambda m: [f"{m[1]}**2"]),
    (re.compile(rf"{N} cubed"), lambda m: [f"{m[1]}**3"]),
    ]
