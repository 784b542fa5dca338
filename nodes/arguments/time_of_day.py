"""Times of day a request names, as 24-hour "HH:MM" strings: "3pm" -> "15:00", "9:30 am" -> "09:30",
"noon" -> "12:00", "17:45" -> "17:45", "7.30pm" -> "19:30", "3 in the afternoon" -> "15:00", "0900 Singapore time" -> "09:00", "9.15 Berlin time" -> "09:15", "half past 2" -> "14:30" and "02:30".

Why: a time converter takes "HH:MM", which "3pm" is not a span of; the 135M executor asked to write one writes
"3:00" or "15". So the values are read by code and offered as a closed set (ARCHITECTURE.md decision 8).
An hour of 1 to 11 written without am/pm or a part of the day ("at 7", "half past 2") is ambiguous: both
readings are offered, the afternoon one first for 1 to 6 (people meet at "2", meaning 14:00) and the morning
one first for 7 to 11.
"""

from __future__ import annotations

import re

from nodes.arguments.number_words import as_digits

_MERIDIEM = r"(?P<mer>a\.?\s?m\.?|p\.?\s?m\.?)(?!\w)"
_DAY_PART = r"(?:\s+(?:in\s+the\s+|at\s+)?(?P<part>morning|afternoon|evening|night))?"
_CLOCK = re.compile(
    rf"(?<![\w:.])(?P<h>\d{{1,2}})(?:[:.](?P<m>\d{{2}}))?\s?{_MERIDIEM}"  # 3pm, 9:30 a.m., 7.30pm
    rf"|(?<![\w:.])(?P<h24>\d{{1,2}})(?::|h)(?P<m24>\d{{2}})(?![\d:])(?:\s?(?:hrs|h)\b)?"  # 17:45, 14h30
    rf"{_DAY_PART.replace('part', 'part24')}"
    rf"|(?<![\w:.])(?P<hoc>\d{{1,2}})\s?o'?\s?clock{_DAY_PART.replace('part', 'partoc')}"  # 7 o'clock
    # "0900 Singapore time", "1730 hrs": four digits of a 24-hour clock, only before "hrs" or "<place> time"
    r"|(?<![\w:.])(?<!\bin )(?<!\bof )(?<!\bsince )(?P<mil>[01]\d|2[0-3])(?P<milm>[0-5]\d)(?=\s*(?:hrs?\b|hours\b|h\b)|\s+(?:[A-Z][\w'.-]*\s+){1,3}time\b)"
    # "9.15 Berlin time", "17.30 local time": a dot between hour and minutes, only before a word of time (else a price)
    r"|(?<![\w:.])(?P<hdot>[01]?\d|2[0-3])\.(?P<mdot>[0-5]\d)(?=\s+(?:[A-Z][\w'.-]*\s+){1,3}time\b|"
    r"\s+(?:local|their|our|my|his|her|your)\s+time\b|\s*(?:hrs?|h)\b)"
    r"|\b(?P<named>noon|midday|midnight)\b"
    # "3 in the afternoon", "7 30 in the evening" (number words read as digits): an hour and its part of the day
    r"|(?<![\w:.])(?P<hp>\d{1,2})(?:[:. ](?P<mp>[0-5]\d))?\s+in\s+the\s+(?P<partp>morning|afternoon|evening)\b"
    rf"|\b(?P<rel>half|quarter|[1-5]?\d(?=\s+(?:minutes\s+)?(?:past|after)\b|\s+minutes\s+to\b))\s+(?:minutes\s+)?(?P<dir>past|to|after)\s+(?P<hrel>\d{{1,2}}){_DAY_PART.replace('part', 'partrel')}",
    re.IGNORECASE,
)
_AT_HOUR = re.compile(rf"\b(?:at|by|around|before|after|until|from)\s+(?P<h>\d{{1,2}}){_DAY_PART}(?![\w:.,/-])",
                      re.IGNORECASE)


def _format(hour: int, minute: int) -> str | None:
    return f"{hour:02d}:{minute:02d}" if 0 <= hour <= 23 and 0 <= minute <= 59 else None


def _twelve_hour(hour: int, minute: int, afternoon: bool) -> str | None:
    if not 1 <= hour <= 12:
        return None
    return _format(hour % 12 + (12 if afternoon else 0), minute)


def _readings(hour: int, minute: int, part: str | None) -> list[str]:
    """An hour of a 12-hour clock without am/pm: the part of the day decides, else both readings."""
    if part:
        return [v for v in [_twelve_hour(hour, minute, part.lower() != "morning")] if v]
    if hour == 0 or hour > 12:
        return [v for v in [_format(hour, minute)] if v]
    if hour == 12:
        return [f"12:{minute:02d}"]
    morning, afternoon = _twelve_hour(hour, minute, False), _twelve_hour(hour, minute, True)
    return [v for v in ([afternoon, morning] if hour <= 6 else [morning, afternoon]) if v]


def times_of_day(texts: list[str]) -> list[str]:
    """Every time of day the texts name, as "HH:MM", in text order, each once."""
    found: list[tuple[int, int, str]] = []
    for order, text in enumerate(as_digits(t) for t in texts):  # "half past three" is "half past 3"
        taken: list[tuple[int, int]] = []
        for match in _CLOCK.finditer(text):
            groups = match.groupdict()
            values: list[str] = []
            if groups["h"]:
                meridiem = groups["mer"].lower().replace(".", "").replace(" ", "")
                value = _twelve_hour(int(groups["h"]), int(groups["m"] or 0), meridiem == "pm")
                values = [value] if value else []
            elif groups["h24"]:
                hour, minute = int(groups["h24"]), int(groups["m24"])
                values = (_readings(hour, minute, groups["part24"]) if groups["part24"]
                          else [v for v in [_format(hour, minute)] if v])
            elif groups["hdot"]:
                values = [v for v in [_format(int(groups["hdot"]), int(groups["mdot"]))] if v]
            elif groups["mil"]:
                values = [v for v in [_format(int(groups["mil"]), int(groups["milm"]))] if v]
            elif groups["hoc"]:
                values = _readings(int(groups["hoc"]), 0, groups["partoc"])
            elif groups["hp"]:
                values = _readings(int(groups["hp"]), int(groups["mp"] or 0), groups["partp"])
            elif groups["named"]:
                values = ["00:00" if groups["named"].lower() == "midnight" else "12:00"]
            elif groups["rel"]:
                hour = int(groups["hrel"])
                rel = groups["rel"].lower()
                minutes = 30 if rel == "half" else 15 if rel == "quarter" else int(rel)  # "20 past 6"
                if groups["dir"].lower() == "to":  # "quarter to 3" is 2:45; "quarter to 1", 12:45
                    hour, minutes = (hour - 1) or 12, 60 - minutes
                values = _readings(hour, minutes, groups["partrel"])
            taken.append(match.span())
            found.extend((order, match.start(), v) for v in values)
        for match in _AT_HOUR.finditer(text):
            if not any(a < match.end() and match.start() < b for a, b in taken):
                found.extend((order, match.start(), v) for v in _readings(int(match.group("h")), 0,
                                                                            match.group("part")))
    return list(dict.fromkeys(v for _, _, v in sorted(found, key=lambda f: (f[0], f[1]))))
