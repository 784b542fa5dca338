"""A request's numbers, percentages and operator words as tokens for the expression rules: "7% of 1,250" ->
"P0 of N1" with P0 = 7, N1 = 1250. Dates, clock times, ratings and ordinals are masked first (no operands),
numbers written the continental way ("1.234,56 €") or in shorthand ("12k", "w/ 30% off", "3h25m") are read as
people mean them. Split from nodes/arguments/expressions.py, which reads the arithmetic from these tokens.
"""

from __future__ import annotations

import re

# (an age is no operand either: "for my 7-year-old niece", nor a rating: "the one I rated 5/5")
_MASKS = re.compile(r"\b(?:rated?|rating|scored?|gave it|give it|marked it)\s+\d+(?:\.\d+)?\s*/\s*\d+\b|"
                    # a day written with a slash after "on": "received on the 2/10", "finished on 11/10/2026"
                    r"\b(?:on|since|until|till|by)\s+(?:the\s+)?\d{1,2}/\d{1,2}(?:/\d{2,4})?\b|"
                    r"\d+(?:\.\d+)?\s*/\s*(?:5|10)\s+stars?\b|\d+[- ]years?[- ]old\b|\d{4}-\d{1,2}-\d{1,2}|"
                    r"\d{1,2}:\d{2}(?::\d{2})?|\d{1,2}\s?[ap]\.?m\b\.?|\d+(?:st|nd|rd|th)\b",
                    re.IGNORECASE)
# a comma before one or two digits, in no list of figures, is a decimal comma ("2,49", "187,60"); "1,850" and
# "1,2,3" are not
_DECIMAL_COMMA = re.compile(r"(?<![\d,.])(\d+),(\d{1,2})(?!\d|,\d|\.\d)")
# continental grouping: "1.234,56 €", "3.450,00" (dots group thousands before a decimal comma), and "10.000 €",
# "1.250 kWh, 980 kWh and 1.475 kWh" (dots group thousands where the text writes numbers that way elsewhere)
_DOT_GROUPED_DECIMAL = re.compile(r"(?<![\d.,])(\d{1,3}(?:\.\d{3})+),(\d{1,2})(?![\d,])")
_DOT_GROUPED = re.compile(r"(?<![\d.,])([1-9]\d{0,2}(?:\.\d{3})+)(?![\d,.]|\.\d)")
_CONTINENTAL_CUE = re.compile(r"\d\s?(?:€|EUR\b)|(?<![\d,.])\d+,\d{1,2}(?![\d,])")
# days written day/month in a range are no fractions: "between 1/10 and 15/10"
_SLASHED_DAYS = re.compile(r"\b(?:between|from|since)\s+\d{1,2}/\d{1,2}(?:/\d{2,4})?\s+(?:and|to|until|till|-)\s+"
                           r"\d{1,2}/\d{1,2}(?:/\d{2,4})?\b", re.IGNORECASE)
_TOKEN = re.compile(
    # (and the Indian grouping "4,35,000"; "12.5 lakh" is digits already, nodes/arguments/number_words.py)
    r"(?P<cur>[$€£¥₹])?\s?(?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d{1,2}(?:,\d{2})+,\d{3}(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)"
    r"(?:(?P<short>k|m|bn|b)(?![a-z])|\s?(?P<long>thousand|million|billion|trillion)\b)?"
    r"(?P<pct>\s?(?:%|percent\b|per\s?cent\b))?"
    r"|(?P<sym>\*\*|[-−+*/×÷^()√,@])"
    r"|(?P<sign>%)"  # a percent sign with no number before it: "what % have i lost"
    r"|(?P<word>[a-z]+)",
    re.IGNORECASE,
)
# search-box shorthand: "249.90 w/ 30% off", "48 @ 12.75 ea", "legs 9 & 40", "pct change 80 -> 92"
_SHORTHAND = re.compile(r"\bpct\b|\bw/o\b|\bw/(?=\s|[a-z])|\s&\s|\bea\b\.?|\s(?:->|→|=>)\s", re.IGNORECASE)
_SHORTHAND_WORDS = {"pct": "percent", "w/o": "without", "w/": "with ", "&": " and ", "ea": "each", "ea.": "each",
                    "->": " to ", "→": " to ", "=>": " to "}
_DOZEN = re.compile(r"\b(?:(half a)|(\d+(?:\.\d+)?)|an?|one) dozen\b", re.IGNORECASE)
_MIXED = re.compile(r"\b(\d+) (\d)/(\d{1,2})\b")
# a duration in hours and minutes run together, "3h25m": the "m" is minutes, no million
_HOURS_MINUTES = re.compile(r"\b(\d+)\s?h(?:rs?|ours?)?\s?(\d{1,2})\s?m(?:ins?|inutes?)?\b", re.IGNORECASE)
_SCALE = {"k": 1e3, "thousand": 1e3, "m": 1e6, "million": 1e6, "b": 1e9, "bn": 1e9, "billion": 1e9,
          "trillion": 1e12}


def numeral(value: float) -> str:
    return str(int(value)) if value == int(value) and abs(value) < 1e15 else repr(value)


def _continental(text: str) -> str:
    """Numbers grouped the continental way, written plainly: "1.234,56" -> "1234.56"; "10.000" -> "10000" only
    where the text writes numbers that way (a decimal comma, a euro sign after a number, or two such groupings),
    since "1.609 km" is a decimal in English."""
    text = _DOT_GROUPED_DECIMAL.sub(lambda m: m[1].replace(".", "") + "." + m[2], text)
    if _CONTINENTAL_CUE.search(text) or len(_DOT_GROUPED.findall(text)) >= 2:
        text = _DOT_GROUPED.sub(lambda m: m[1].replace(".", ""), text)
    return text


def normalise(text: str) -> tuple[str, dict[str, str]]:
    """``text`` as space-separated tokens with each number replaced by N<i> (P<i> for a percentage), and the
    numerals by placeholder. Dates, clock times and ordinals are masked first: they are no operands."""
    masked = _SHORTHAND.sub(lambda m: _SHORTHAND_WORDS[m.group().strip().lower()], text)
    masked = _MASKS.sub(" ", _SLASHED_DAYS.sub(" ", masked))
    masked = _continental(masked)
    masked = _DECIMAL_COMMA.sub(r"\1.\2", masked)  # "2,49 euro per kg", "6,8 litre": a decimal comma
    # "2 3/4 cups": a mixed number is one operand
    masked = _MIXED.sub(lambda m: numeral(int(m[1]) + int(m[2]) / int(m[3])), masked)
    masked = _HOURS_MINUTES.sub(r"\1 h \2 min", masked)
    masked = _DOZEN.sub(lambda m: numeral(12 * (0.5 if m[1] and m[1].startswith("half") else float(m[2] or 1))),
                        masked)
    tokens: list[str] = []
    numbers: dict[str, str] = {}
    for match in _TOKEN.finditer(masked):
        if match.group("num"):
            value = float(match.group("num").replace(",", ""))
            scale = (match.group("short") or match.group("long") or "").lower()
            value *= _SCALE.get(scale, 1)
            name = f"{'P' if match.group('pct') else 'N'}{len(numbers)}"
            numbers[name] = numeral(value)
            tokens.append(name)
        elif match.group("sym"):
            tokens.append(match.group("sym"))
        elif match.group("sign"):
            tokens.append("percent")
        else:
            tokens.append(match.group("word").lower())
    return " ".join(tokens), numbers
