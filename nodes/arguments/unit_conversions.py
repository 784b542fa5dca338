"""Unit conversions as arithmetic a calculator takes: "how many seconds are there in 17 days" -> "17*86400",
"convert 98.6 fahrenheit to celsius" -> "98.6*0.555555555556-17.7777777778", "52,000 a year, what's that
per month" -> "52000*0.0833333333333".

Why: a calculator server takes an expression, and a conversion's factor is in no word of the request. The
factor comes from pint's unit registry (a maintained unit database), never from a table written here. Both
units must be words pint knows *and* of one dimension (time to time, mass to mass), which keeps ordinary
words out: "how many people are there in 3 teams" names no unit. A conversion is linear, value*a + b; b is 0
except for temperatures.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from indexes.spelling import nearest_words
from nodes.arguments.stop_words import STOP_WORDS

_NUMBER = r"(?P<num>\d[\d,]*(?:\.\d+)?|an?|one)"
_UNIT = r"[a-z°][a-z°]*(?:/[a-z]+)?(?: [a-z]+)?"  # "km/h" too
_PATTERNS = (
    re.compile(rf"\bhow many (?P<to>{_UNIT}?) (?:are |is )?(?:there )?(?:in|fit into|fit in|make up) {_NUMBER} (?P<from>{_UNIT})"),
    # "my height is 72 inches, how many cm is that"
    re.compile(rf"(?<![\w.]){_NUMBER} (?P<from>[a-z°]+)\b[^?!]{{0,30}}?\bhow many (?P<to>[a-z°]+)\b"),
    # "bake at 425 fahrenheit, my oven is in celsius"
    re.compile(rf"(?<![\w.])(?P<num>\d[\d,]*(?:\.\d+)?) (?P<from>[a-z°]+(?:/[a-z]+)?)\b[^?!]{{0,40}}?\b(?:in|to|into) "
               rf"(?P<to>[a-z°]+(?:/[a-z]+)?)\b"),
    re.compile(rf"(?<![\w.]){_NUMBER} (?P<from>{_UNIT}?) (?:in|to|into|as) (?P<to>{_UNIT})"),
    # "how many km is a marathon (26.2 miles)"
    re.compile(rf"\bhow many (?P<to>[a-z°]+) (?:is|are|equals?|makes?) [^\d?!.]{{0,30}}?(?<![\w.])"
               rf"(?P<num>\d[\d,]*(?:\.\d+)?) (?P<from>[a-z°]+)\b"),
)
# a rate in one unit of time (or of anything) asked in another: "52,000 a year, what's that per month"
_RATE = re.compile(rf"(?<![\w.])(?P<num>\d[\d,]*(?:\.\d+)?) (?:[a-z$€£]+ )?(?:a|an|per|each|every) (?P<from>[a-z]+)\b.*?"
                   rf"\b(?:per|a|an|each|every) (?P<to>[a-z]+)\b")
_WORDS_AS_ONE = {"a": 1.0, "an": 1.0, "one": 1.0}
# "30 degrees c", "86°F", "98.6 F": the temperature scales by their names, which pint reads
_TO = r"(?:(?<=\bto )|(?<=\bin )|(?<=\bas )|(?<=\binto ))"
_DEGREES = ((re.compile(rf"\s*(?:degrees?\s*|°\s*)(?:c|celsius|centigrade)\b|{_TO}c\b|(?<=\d)\s?c\b"), " celsius"),
            (re.compile(rf"\s*(?:degrees?\s*|°\s*)(?:f|fahrenheit)\b|{_TO}f\b|(?<=\d)\s?f\b"), " fahrenheit"))


@lru_cache(maxsize=1)
def _registry() -> Any:
    import pint  # 0.4 s to load its definitions: only when a request may hold a conversion

    return pint.UnitRegistry()


def _unit(words: str) -> Any | None:
    """The unit ``words`` name (two words, else the first), or None: stop words ("in", "are", "at") are
    units to pint but not to a reader."""
    registry = _registry()
    for candidate in (words, words.split(" ")[0]):
        if candidate in STOP_WORDS or len(candidate) < 2 or candidate.isdigit():
            continue
        try:
            return candidate, registry.parse_units(candidate.replace(" ", "_"))
        except Exception:  # pint raises several error types for words that are no unit
            continue
    repaired = _misspelt_unit(words.split(" ")[0])
    if not repaired:
        return None
    try:
        return repaired, registry.parse_units(repaired)
    except Exception:  # a name pint lists that it cannot parse alone ("concert" is one letter off "convert")
        return None


# a long unit name one letter off ("farenheit", "celcius", "kilometre" -> pint's "kilometer"); shorter words are
# left alone: "mole" is a unit and "mile" another
MIN_REPAIRED_UNIT = 6


@lru_cache(maxsize=1)
def _long_unit_names() -> tuple[str, ...]:
    return tuple(n for n in dir(_registry()) if n.isalpha() and n.islower() and len(n) >= MIN_REPAIRED_UNIT)


def _misspelt_unit(word: str) -> str | None:
    """The one long unit name ``word`` is a single edit (or two, for long words) away from; None when none or
    several are."""
    if len(word) < MIN_REPAIRED_UNIT or not word.isalpha():
        return None
    near = nearest_words(word, _long_unit_names())
    return near[0] if len(near) == 1 else None


# what people write for a kilogram, which pint reads otherwise ("kilos" is a kilosecond to it)
_SPOKEN = {"kilo": "kilogram", "kilos": "kilogram", "kgs": "kilogram"}


def same_unit(first: str, second: str) -> bool:
    """Whether two written unit words name one unit: the same word but for a plural ("flyer", "flyers"), or one
    unit to pint ("kilo", "kg")."""
    def singular(word: str) -> str:
        return word[:-1] if word.endswith("s") and len(word) > 3 else word
    if singular(first) == singular(second):
        return True
    units = []
    for word in (first, second):
        found = _unit(_SPOKEN.get(word, word))
        if found is None:
            return False
        units.append(found[1])
    return units[0] == units[1]


# a unit over a unit: "metres per second", "kilometres an hour" (read as one unit only when both words are units)
_COMPOUND = re.compile(r"\b([a-z]+) (?:per|an|a) ([a-z]+)\b")


def _compound(match: re.Match[str]) -> str:
    first, second = _unit(match[1]), _unit(match[2])
    return f"{match[1]}/{match[2]}" if first is not None and second is not None else match[0]


def _number(written: str) -> str:
    return "1" if written in _WORDS_AS_ONE else written.replace(",", "")


def conversion_expressions(text: str) -> list[str]:
    """The conversions ``text`` asks for, as expressions over its own numbers; [] when it asks none."""
    lowered = " ".join(text.lower().split())
    for pattern, scale in _DEGREES:
        lowered = " ".join(pattern.sub(scale, lowered).split())
    found = _portion_expressions(lowered) + _rate_expressions(lowered) + _unit_price_expressions(lowered)
    lowered = _COMPOUND.sub(_compound, lowered)  # "metres per second": one unit, metres/second
    if not re.search(r"\d|\b(?:an?|one)\b", lowered) or not re.search(r"\b(?:in|to|into|as|how many)\b", lowered):
        return found
    for pattern in _PATTERNS:
        for match in pattern.finditer(lowered):
            source, target = _unit(match["from"]), _unit(match["to"])
            if source is None or target is None or source[1] == target[1]:
                continue
            registry = _registry()
            try:
                zero = registry.Quantity(0, source[1]).to(target[1]).magnitude
                one = registry.Quantity(1, source[1]).to(target[1]).magnitude
            except Exception:  # of two dimensions (pint's DimensionalityError, or an offset-unit error)
                continue
            scale, offset = one - zero, zero
            expression = f"{_number(match['num'])}*{scale:.12g}"
            if abs(offset) > 1e-12:
                expression += f"{'-' if offset < 0 else '+'}{abs(offset):.12g}"
            found.append(expression)
    return list(dict.fromkeys(found))


def _rate_expressions(lowered: str) -> list[str]:
    """"52,000 a year, what's that per month" -> "52000*0.0833333333333": a rate per one unit, per another."""
    found = []
    for match in _RATE.finditer(lowered):
        source, target = _unit(match["from"]), _unit(match["to"])
        if source is None or target is None or source[1] == target[1]:
            continue
        try:
            factor = _registry().Quantity(1, 1 / source[1]).to(1 / target[1]).magnitude
        except Exception:  # of two dimensions
            continue
        found.append(f"{_number(match['num'])}*{factor:.12g}")
    return found


# a price for an amount, asked per unit: "3 lb bag of coffee beans costs $38.25 - price per pound?"
# (the price after a currency sign or "for", "costs", "at": "5kg bag of rice for 16.99, price per kg")
_UNIT_PRICE = re.compile(r"(?<![\w.])(?P<qty>\d[\d,]*(?:\.\d+)?)\s?(?P<unit>[a-z]+)\b[^?!$€£]{0,60}?"
                         r"(?:[$€£]\s?|\b(?:for|costs?|costing|at) [$€£]?)"
                         r"(?P<price>\d[\d,]*(?:\.\d+)?)[^?!]{0,40}?\bper (?P<per>[a-z]+)\b")


def _unit_price_expressions(lowered: str) -> list[str]:
    """"3 lb ... $38.25, price per pound" -> "38.25/(3*1)": the price over the amount in the asked unit (the two
    units of one dimension, by pint)."""
    return [f"{_number(match['price'])}/({_number(match['qty'])}*{factor:.12g})"
            for match in _UNIT_PRICE.finditer(lowered)
            if (factor := _factor(match["unit"], match["per"])) is not None]


# portions of a whole in another unit: "how many 250ml glasses can I pour from a 1.75 litre bottle"
_PORTION = re.compile(r"\bhow many (?P<size>\d[\d,]*(?:\.\d+)?)\s?(?P<part>[a-z]+)\b(?: [a-z']+){0,6}? (?:from|in|out of|of|fill|fills|into) "
                      r"(?:a |an |the |my |one )?(?P<whole>\d[\d,]*(?:\.\d+)?)\s?(?P<unit>[a-z]+)\b")


def _portion_expressions(lowered: str) -> list[str]:
    """"how many 250ml glasses from a 1.75 litre bottle" -> "1.75*1000/250": the whole in the portion's unit,
    over the portion."""
    return [f"{_number(match['whole'])}*{factor:.12g}/{_number(match['size'])}"
            for match in _PORTION.finditer(lowered)
            if (factor := _factor(match["unit"], match["part"])) is not None]


def _factor(source_word: str, target_word: str) -> float | None:
    """How many of ``target_word``'s unit one of ``source_word``'s makes; None when either is no unit, or the two
    are of different dimensions."""
    source, target = _unit_or_symbol(source_word), _unit_or_symbol(target_word)
    if source is None or target is None:
        return None
    try:
        return _registry().Quantity(1, source[1]).to(target[1]).magnitude
    except Exception:  # of two dimensions (pint's DimensionalityError)
        return None


def _unit_or_symbol(word: str) -> Any | None:
    """A unit word, or the one-letter symbol a measure is written with ("500g", "2 l")."""
    if len(word) == 1 and word in "glm":
        return word, _registry().parse_units(word)
    return _unit(word)
