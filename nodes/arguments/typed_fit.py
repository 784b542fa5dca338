"""Whether a server can serve a question by what the question itself resolves to: a tool whose required
properties all take typed values the request gives, one of them a value nothing but such a tool takes (an
arithmetic expression, a time of day).

Why: "whats 17.5% of 2340" shares almost no words with a calculator's description ("Calculates/evaluates the
given expression"), so its fused score stays under the search fallback's floor and the question went to web
search. That the request holds a well-formed expression, and the server has a tool taking exactly one, is
stronger evidence than any word; so is a sum to convert into another currency. Only kinds no ordinary question carries count: a city resolves to a time zone
in every travel question, so a zone alone proves nothing, unless the question asks what the clock reads now
("what time is it there now"). Measured: none of the 155 questions of
benchmarks/answers.py holds an expression.
"""

from __future__ import annotations

import re
from datetime import date

from mcp.types import Tool

from nodes.arguments.candidates import gather_candidates
from nodes.arguments.money_amounts import asks_money_conversion
from nodes.arguments.schema import constrain_property
from nodes.arguments.timezones import zone_values
from nodes.arguments.value_kinds import ValueKind, infer_value_kind, without_enum

TELLING_KINDS = frozenset({ValueKind.EXPRESSION, ValueKind.TIME_OF_DAY})


def serves_by_type(tools: list[Tool], query: str, today: date) -> frozenset[ValueKind]:
    """The telling kinds of the tools of ``tools`` whose every required property is filled from ``query``
    alone (empty: no such tool). A time zone tells only when the question asks what the clock reads now, a
    currency only when it writes a sum to convert ("1 eur in usd")."""
    candidates = None
    found: set[ValueKind] = set()
    # what the question itself tells, read once for all the tools
    telling = (TELLING_KINDS | ({ValueKind.TIMEZONE} if asks_clock_now(query) else set())
               | ({ValueKind.CURRENCY} if asks_money_conversion(query) else set()))
    for tool in tools:
        schema = tool.inputSchema or {}
        properties = schema.get("properties") or {}
        required = [name for name in schema.get("required") or [] if name in properties]
        # a listed set of codes is still codes: the kind of the values an enum lists ("from_currency": [USD, EUR])
        kinds = {name: infer_value_kind(name, without_enum(properties[name]), tool.name, tool.description or "")
                 for name in required}
        if not required or not set(kinds.values()) & telling:
            continue
        candidates = candidates or gather_candidates([query], [], today)
        if all(constrain_property(name, properties[name], candidates, tool_name=tool.name,
                                  tool_description=tool.description or "") is not None for name in required):
            found |= set(kinds.values()) & telling
    return frozenset(found)


# The question asks for a clock reading elsewhere: "what time will it be in Warsaw", "what's that in Dubai", "when is
# that in toronto", "when do I log on in Paris".
_ASKS_CLOCK = re.compile(r"\bwhat time\b|\b(?:what|when)(?:'s|s| is| would| will)? (?:that|it be|be)\b.*\bin\b|\bconvert\b|"
                         # "when do I need to log on in Paris", "at what hour should we dial in from Oslo" (a person
                         # acts at the hour: "when does the 9am train from Lyon get in" asks no clock)
                         r"\b(?:when|what hour) (?:do|does|did|should|must|will|would|can|could|is|are|am) (?:i|we|you|they|he|she)\b.*\b(?:in|from)\b|"
                         # "so when does that fall for her", "what will my clock here say", "14:00 their time"
                         r"\b(?:when|(?:what|which) time)(?: does| do| will| would| is)? (?:that|it|this) (?:fall|land|come|"
                         r"work out|be)\b|\bclock\b|\b(?:their|my|your|our|his|her) time\b|"
                         # a terse conversion: "17:30 paris -> toronto", "9am lagos to lima?"
                         r"^\W*\d{1,2}(?::\d{2}\s*(?:[ap]\.?m\.?)?|\s*[ap]\.?m\.?)\s+[^\d\s]+(?: [^\d\s]+)?\s*(?:->|→|=>|to|in)\s*[^\d\s]+(?: [^\d\s]+)?\W*$|"
                         r"\bin \S+(?: \S+)? time\b|\btime\b.*\btime\b|=\s*\?|(?:->|→|=)\s*\S+(?: \S+)? time\b|"
                         # "what's the equivalent hour for a colleague in Dubai"
                         r"\b(?:equivalent|matching|same) (?:hour|time)\b|"
                         # said aloud or typed fast: "noon today in sao paulo is what in johannesburg", "it is how many
                         # o'clock", "when do i join"
                         r"\bis what (?:in|for|over in)\b|\bhow many o'?\s?clock\b|"
                         # "which hour is that for me in Chicago", "where does that land for the team in Lima", "what
                         # would somebody in London see on their watch"
                         r"\b(?:what|which) hour (?:is|would|will) (?:that|it|this)\b|"
                         r"\bwhere (?:does|would|will) (?:that|it|this) (?:land|fall)\b|"
                         r"\bsee on (?:their|his|her|my|your|the) (?:watch|clock|phone)\b|"
                         r"\bwhen (?:do|should|can|must|will) (?:i|we) (?:join|log on|log in|dial in|call in|hop on|connect)\b|"
                         # the place first, or a guess to check: "Seoul 22:15 -> Paris", "Istanbul 4pm. I keep thinking
                         # that's 9am in Mexico City"
                         r"^\W*[^\d\s]+(?: [^\d\s]+)?\s+\d{1,2}(?::\d{2})?\s*(?:[ap]\.?m\.?)?\s*(?:->|→|=>)\s*[^\d\s]+|"
                         r"\bthat(?:'s| is| would be| will be| makes it) \d{1,2}(?::\d{2})?\s*(?:[ap]\.?m\.?)? (?:in|for)\b|"
                         # a terse conversion with more after it: "10:00 istanbul -> mexico city, is that before 6am
                         # over there?"; a guess, then the reading asked: "would land at about midnight in Jakarta,
                         # yes or no? And what's the actual Jakarta time?"
                         r"^\W*\d{1,2}(?::\d{2})?\s*(?:[ap]\.?m\.?)?\s+[^\d\s]+(?: [^\d\s]+)?\s*(?:->|→|=>)|"
                         r"\bwhat(?:'s|s| is) the (?:actual|real|exact|correct) (?:\S+ ){0,2}time\b",
                         re.IGNORECASE)


# "what time is it in St. John's", "local time in Reykjavik", "arizona time now?", "time in anchorage?", "what day
# is it in Auckland": the clock now, whatever else the question says
_ASKS_NOW = re.compile(r"\b(?:what|which) time is it\b|\b(?:which|what) time it is\b|\btime is it (?:now|there)\b|"
                       r"\b(?:current|local|present) time (?:(?:up|over|out|down|back) )?(?:in|at|for|there)\b|"
                       r"\bwhat(?:'s|s| is)? the (?:current |local |present )?time\b|"
                       r"\b(?:time|hour)\b(?: \S+){0,2}? (?:now|rn|right now|atm|at the moment|currently|at present)\b|"
                       # "time check for Johannesburg", "what o'clock is it there"
                       r"\btime check\b|\bwhat o'?\s?clock is it\b|"
                       r"^\W*(?:the )?(?:current |local )?time (?:in|at) |"
                       # a short message, the place first: "hey quick one, reykjavik local time?" (not "trains from
                       # Hobart arriving 10am local time")
                       r"^\W*(?:[\w']+\W+){0,4}(?:current|local) time\W*$|"
                       # the clock itself, or the hour: "whats the clock say in lagos", "what hour is it in Lima"
                       r"\bclocks? (?:say|says|saying|read|reads|reading|show|shows|showing|at|in|over in|out in)\b|\bhow late is it (?:in|there)\b|"
                       # a search box: "clock nairobi rn", "now @ auckland", "current time lisbon?"
                       r"\bclocks?\b(?: \S+){0,3}? (?:now|rn|right now|atm|at the moment|currently)\b|"
                       r"^\W*(?:right )?now\s*(?:@|in|at)\s+\S+|^\W*(?:current|local) time \S+(?: \S+)?\W*$|"
                       # "what hour is it in Lima", "what hour is by her right now"
                       r"\b(?:what|which) hour is (?:it|by|for|with|there)\b|"
                       # the day or the part of the day there: "what day is it in Auckland", "is it daytime in Honolulu"
                       r"\bwhat (?:day|date) is it\b|\bwhat(?:'s|s| is) the date (?:in|at|there)\b|"
                       r"\bis it (?:still |already )?(?:day|daytime|night|nighttime|morning|afternoon|evening|dark|light|"
                       r"late|early|midnight|today|tomorrow|yesterday|the weekend)(?: yet)? (?:in|at|there|over)\b|"
                       # "is it morning or night for her right now"
                       r"\bis it (?:morning|day|daytime|night|nighttime|afternoon|evening) or (?:morning|day|daytime|night|"
                       r"nighttime|afternoon|evening)\b|"
                       # a check against the clock: "is it already past 6pm in nairobi", "is it lunchtime in sao paulo
                       # yet", "seoul - after midnight rn or nah", "... time there pls"
                       r"\bis it (?:still |already |nearly |almost )?(?:past|after|gone|before) (?:\d{1,2}(?::\d{2})?\s*"
                       r"(?:[ap]\.?m\.?|o'?\s?clock)?|noon|midnight)\b|"
                       r"\bis it (?:still |already )?(?:lunch|dinner|bed|tea|breakfast|brunch|supper)\s?time\b|"
                       r"\b(?:past|after) (?:midnight|noon|\d{1,2}\s*[ap]\.?m\.?) (?:rn|now|right now|yet|already)\b|"
                       r"\btime there\W*(?:pls|please|thx|thanks|now|rn)?\W*$|"
                       # a reading of the clock to check: "I make it roughly 3 in the afternoon in Tokyo right now"
                       r"\b\d{1,2}(?::\d{2})?\s*(?:[ap]\.?m\.?|o'?\s?clock|in the (?:morning|afternoon|evening)|at night)\b"
                       r"[^.?!]*\b(?:right now|rn|at the moment|currently)\b", re.IGNORECASE)


def asks_clock_now(query: str) -> bool:
    """Whether the question asks what the clock reads now somewhere."""
    return bool(_ASKS_NOW.search(query))


def is_decisive(kinds: frozenset[ValueKind], query: str = "") -> bool:
    """An arithmetic expression is decisive even where words matched another server: no everyday question for
    another tool holds one ("17.5% of 2340", "186.40 split 7 ways"). A time of day alone is not ("a meeting at
    3pm"); it is when the question names two zones and asks what the clock reads in one ("lands in Istanbul
    at 17:20, what time will it be in Warsaw"). A zone is decisive when the question asks what the clock reads
    there now ("what time is it in St. John's"), and a currency when it writes a sum in one currency and names
    another ("1 eur in usd": a shop's "list price in USD" matched its words better than the converter's)."""
    if ValueKind.EXPRESSION in kinds or (ValueKind.TIMEZONE in kinds and asks_clock_now(query)):
        return True
    if ValueKind.CURRENCY in kinds and asks_money_conversion(query):
        return True
    return (ValueKind.TIME_OF_DAY in kinds and bool(_ASKS_CLOCK.search(query))
            and len(zone_values([query])) >= 2)
