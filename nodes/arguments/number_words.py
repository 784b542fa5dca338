"""Numbers written as words, as digits: "twelve times eight" -> "12 times 8", "a third of 90" -> "1/3 of 90",
"double 45" -> "2 times 45", "3 to the 4th" -> "3 to the power of 4", "5,000" -> "5000", "2.5k" -> "2500".

Why: the arithmetic grammar (nodes/arguments/expressions.py) reads only digits, and people type "split it
three ways" or "two thirds of the budget". Cardinal words are read by text2num (a maintained parser of spelled
numbers; told to leave only a lone "one" alone: "one of my friends", but "two adult tickets"); the few English fraction and multiple words
are mapped here, before it, so "a third" stays a fraction and does not become the ordinal "3rd".
"""

from __future__ import annotations

import re

from text_to_num import alpha2digit

_NUMERATORS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
               "eight": 8, "nine": 9}
_DENOMINATORS = {"half": 2, "halves": 2, "third": 3, "thirds": 3, "quarter": 4, "quarters": 4, "fourth": 4,
                 "fourths": 4, "fifth": 5, "fifths": 5, "sixth": 6, "sixths": 6, "eighth": 8, "eighths": 8,
                 "tenth": 10, "tenths": 10}
_FRACTION = re.compile(rf"\b(?:(?P<num>{'|'.join(_NUMERATORS)})[\s-]+)?(?P<den>{'|'.join(_DENOMINATORS)})\s+(?P<op>of|times)\b",
                       re.IGNORECASE)
_MULTIPLE = re.compile(r"\b(?P<word>double|twice|triple|thrice|quadruple)\s+(?=[$€£]?\d)", re.IGNORECASE)
_MULTIPLES = {"double": 2, "twice": 2, "triple": 3, "thrice": 3, "quadruple": 4}
_SECOND_AS_UNIT = re.compile(r"\b(per|a|an|each|every)\s+2nd\b", re.IGNORECASE)
_ORDINAL_POWER = re.compile(r"\bto the (\d+)(?:st|nd|rd|th)(?: power)?\b", re.IGNORECASE)


# "1 million", "2.5 billion": the digits times the scale word (text2num would read the word alone: "1 1000000")
_SCALED = re.compile(r"(?<![\d.,])(\d+(?:\.\d+)?)\s+(thousand|grand|million|billion|trillion|lakhs?|crores?)\b",
                     re.IGNORECASE)
_SCALES = {"thousand": 10**3, "grand": 10**3, "million": 10**6, "billion": 10**9, "trillion": 10**12,
           "lakh": 10**5, "lakhs": 10**5, "crore": 10**7, "crores": 10**7}
# "2 and a half hours", "1 and three quarters"
_AND_A_PART = re.compile(r"\b(\d+) and (a half|a quarter|three quarters)\b", re.IGNORECASE)
_PARTS = {"a half": ".5", "a quarter": ".25", "three quarters": ".75"}
# "2.5 1000" is "two and a half thousand" once text2num has read the scale word alone
_PART_OF_SCALE = re.compile(r"(?<![\d.,])(\d+\.(?:5|25|75)) (1000|1000000|1000000000)\b")
# "a thousand", "a hundred and twenty thousand": the article as "one", so text2num reads the whole number
_ARTICLE_SCALE = re.compile(r"\b(?:a|an)\s+(?=(?:hundred|thousand|million|billion)\b)", re.IGNORECASE)
# "half a million", "half a dozen": the scale (or count) halved
_HALF_OF_SCALE = re.compile(r"\bhalf (?:a|an|one) (hundred|thousand|grand|million|billion|dozen)\b", re.IGNORECASE)
# figures as people type them: "5,000" (a thousands separator), "2.5k", "12K", "3bn", "$1.5m" (an "m" is millions
# only after a currency symbol: "5m" alone may be metres), "a grand"
_GROUPED = re.compile(r"(?<![\d.,])(\d{1,3}(?:,\d{3})+)(?=\.\d|(?![\d,]))")
_SUFFIXED = re.compile(r"(?<![\w.])(?:(?P<symbol>[$€£¥₹])\s?)?(?P<figure>\d+(?:\.\d+)?)(?P<suffix>[kK]|bn|(?<=\d)m)\b")
_SUFFIX_SCALES = {"k": 10**3, "bn": 10**9, "m": 10**6}
_A_GRAND = re.compile(r"\b(?:a|one) grand\b", re.IGNORECASE)


def _suffixed(match: re.Match[str]) -> str:
    suffix = match["suffix"].lower()
    if suffix == "m" and not match["symbol"]:
        return match[0]
    return (match["symbol"] or "") + _scaled_value(float(match["figure"]) * _SUFFIX_SCALES[suffix])


# counted by the dozen or the gross: "a dozen boxes", "two dozen", "a baker's dozen"
_DOZENS = re.compile(r"\b(?:(?P<count>a|an|one|\d+)\s+)?(?P<word>baker'?s dozen|dozen|gross)\b(?!\s+(?:profit|margin|"
                     r"income|revenue|pay|salary|weight|amount|total|sales))", re.IGNORECASE)
_DOZEN_SIZES = {"dozen": 12, "gross": 144}


# an amount or a clock time said as two numbers: "twelve fifty" (12.50), "a hundred and twenty six forty"
# (126.40), "ten fifteen pm" (10:15 pm)
SMALL_NUMBER_WORDS = ("one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|"
          "seventeen|eighteen|nineteen")
TENS_WORDS = "twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety"
_NUMBER_WORD = rf"(?:{SMALL_NUMBER_WORDS}|{TENS_WORDS}|hundred)"
_SPOKEN_PAIR = re.compile(rf"\b(?:(?:a|an|one)\s+hundred\s+(?:and\s+)?)?{_NUMBER_WORD}(?:[\s-]+(?:and\s+)?{_NUMBER_WORD})+\b",
                          re.IGNORECASE)
_CLOCK_AFTER = re.compile(r"\s*(?:a\.?\s?m\b|p\.?\s?m\b|o'?\s?clock|in the (?:morning|afternoon|evening)|at night|tonight|"
                          r"this (?:morning|afternoon|evening))", re.IGNORECASE)
_CLOCK_BEFORE = re.compile(r"\b(?:at|by|from|until|till|before|after|around)\s+$", re.IGNORECASE)
_MONEY_AFTER = re.compile(r"\s*(?:a head|each|apiece|per|an? |dollars?|euros?|pounds?|bucks)\b", re.IGNORECASE)


def _spoken_pair(match: re.Match[str]) -> str:
    """Two numbers said together: a price ("nineteen ninety nine", 19.99) or, by a clock word or "at", a time."""
    numbers = alpha2digit(re.sub(r"^(?:a|an)\s+", "one ", match[0], flags=re.I), "en", threshold=0).split()
    if len(numbers) != 2 or not all(n.isdigit() for n in numbers):
        return match[0]
    whole, cents = int(numbers[0]), int(numbers[1])
    if not (1 <= whole <= 999 and 10 <= cents <= 99) or whole == 20:  # "twenty twenty five" is a year
        return match[0]
    before, after = match.string[:match.start()], match.string[match.end():]
    clock = cents < 60 and whole <= 12 and (_CLOCK_AFTER.match(after) is not None or (
        _CLOCK_BEFORE.search(before) is not None and _MONEY_AFTER.match(after) is None))
    return f"{whole}:{cents:02d}" if clock else f"{whole}.{cents:02d}"


def _scaled(match: re.Match[str]) -> str:
    return _scaled_value(float(match[1]) * _SCALES[match[2].lower()])


def _scaled_value(value: float) -> str:
    return str(int(value)) if value == int(value) else repr(value)


def _fraction(match: re.Match[str]) -> str:
    numerator = _NUMERATORS[(match["num"] or "one").lower()]
    return f"{numerator}/{_DENOMINATORS[match['den'].lower()]} {match['op'].lower()}"


def _half_of_scale(match: re.Match[str]) -> str:
    word = match[1].lower()
    size = 12 if word == "dozen" else _SCALES.get(word, 100)
    return str(size // 2)


def _dozens(match: re.Match[str]) -> str:
    word = match["word"].lower()
    if word.startswith("baker"):
        size = 13
    elif match["count"] is None:
        return match[0]  # "dozens of", "gross profit": not a count
    else:
        size = _DOZEN_SIZES[word]
    count = match["count"] or "1"
    count = 1 if count.lower() in ("a", "an", "one") else int(count)
    return str(count * size)


def as_digits(text: str) -> str:
    """``text`` with spelled numbers, fractions of something and multiples written in digits."""
    text = _GROUPED.sub(lambda m: m[1].replace(",", ""), text)
    text = _SUFFIXED.sub(_suffixed, text)
    text = _A_GRAND.sub("1000", text)
    text = _HALF_OF_SCALE.sub(_half_of_scale, text)
    text = _ARTICLE_SCALE.sub("one ", text)
    text = _FRACTION.sub(_fraction, text)
    text = _MULTIPLE.sub(lambda m: f"{_MULTIPLES[m['word'].lower()]} times ", text)
    text = _SCALED.sub(_scaled, text)
    text = _SPOKEN_PAIR.sub(_spoken_pair, text)
    text = alpha2digit(text, "en", threshold=2)  # "two adult tickets" counts; a lone "one" stays a word
    text = _SECOND_AS_UNIT.sub(r"\1 second", text)  # text2num reads "metres per second" as "per 2nd"
    text = _SCALED.sub(_scaled, text)  # "ten grand"
    text = _AND_A_PART.sub(lambda m: m[1] + _PARTS[m[2].lower()], text)
    text = _PART_OF_SCALE.sub(lambda m: _scaled_value(float(m[1]) * int(m[2])), text)
    text = _SCALED.sub(_scaled, text)  # "2.5 grand", once "two and a half" is 2.5
    text = _DOZENS.sub(_dozens, text)
    return _ORDINAL_POWER.sub(r"to the power of \1", text)
