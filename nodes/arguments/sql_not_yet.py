"""Rows still waiting, in the database's own word: "how many orders are still waiting to go out", "not shipped
yet", "awaiting dispatch" ask for the rows whose status says they are not done yet ('pending'), not every row whose
status is something other than the verb ('shipped'), which counts the cancelled and the delivered too.

Why: the request names the step that has not happened, never the stored word for waiting. That word is one of a
small English vocabulary of states not yet done ("pending", "queued", "awaiting ...", "on hold"); when exactly one
stored value of a text column is such a word, the request's phrase is read as it. The vocabulary is of states,
not of any catalogue's domain, and the value is the schema's own.
"""

from __future__ import annotations

import re

from nodes.arguments.sql_schema import TableSchema

# a step not taken yet: "still waiting to go out", "awaiting dispatch", "not shipped yet", "haven't even been sent
# yet", "yet to be processed", "still outstanding"
_NOT_YET = re.compile(r"\b(?:still\s+)?(?:waiting|awaiting)\b(?:\s+(?:to\s+(?:be\s+)?)?(?:for\s+)?[a-z]+(?:\s+(?:out|off|up))?\b)?|"
                      r"\byet\s+to\s+(?:be\s+)?[a-z]+(?:\s+(?:out|off|up))?\b|"
                      r"\b(?:[a-z]*n't|not|never)\s+(?:(?:even|been|yet|actually)\s+)*[a-z]+(?:ed|ne|nt|ft)(?:\s+(?:out|off|up))?"
                      r"(?:\s+(?:at all|out the door))?\s+yet\b|"
                      r"\bstill\s+(?:outstanding|open|in (?:the )?queue)\b", re.IGNORECASE)
# stored states that mean "not done yet", whatever the rows are
_WAITING_STATES = re.compile(r"^(?:pending|queued|waiting|awaiting(?:\s+\w+)*|on hold|in progress|not started|"
                             r"backordered|back-ordered|unfulfilled|unshipped|outstanding|scheduled|open)$", re.IGNORECASE)


def with_waiting_state(tables: list[TableSchema], request: str) -> str:
    """``request`` with its not-yet phrase written as the one stored waiting state, when exactly one text column
    of the schema holds exactly one and the request names no other state of that column outside its not-yet
    phrases ("shipped but aren't delivered yet" asks for the shipped); unchanged otherwise."""
    phrases = list(_NOT_YET.finditer(request))
    if not phrases:
        return request
    held = [(value, values) for table in tables for values in table.samples.values()
            for waiting in [[v for v in values if isinstance(v, str) and _WAITING_STATES.match(v.strip())]]
            if len(waiting) == 1 for value in waiting]
    if len({value for value, _ in held}) != 1:
        return request
    value, states = held[0]
    for other in states:
        for written in re.finditer(rf"\b{re.escape(str(other))}\b", request, re.IGNORECASE):
            if other != value and not any(p.start() <= written.start() < p.end() for p in phrases):
                return request
    first = phrases[0]
    return request[:first.start()] + value + request[first.end():]
