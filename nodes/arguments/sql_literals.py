"""The stored values a request writes: "how many Bamboo Bath Mats are in stock" names the products row
'Bamboo Bath Mat', "everyone except Finance" a department, negated; and the names it writes that no stored
value holds ("how many Velvet Cushion Covers do we have"), for which no statement is offered.

Why apart from sql_request.py: reading the answer's shape (count, rank, group) needs no data; matching
literals needs every sampled value of the schema, with plurals, first names and misspellings
(nodes/arguments/sql_slips.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bm25s.stopwords import STOPWORDS_EN_PLUS

from nodes.arguments.sql_names import identifier_words, same_word
from nodes.arguments.sql_schema import Column, TableSchema
from nodes.arguments.sql_abbreviations import stored_values_abbreviated
from nodes.arguments.sql_slips import stored_values_misspelt

# a negation just before a stored value: "shipped but aren't delivered", "everyone except Finance", "ignore
# cancelled orders", "leave out anything that got cancelled"
_NEGATION = re.compile(r"(?:\bnot|n't|\bexcept|\bexcluding|\bother than|\bbesides|\boutside|\bnon-?|\bignor(?:e|ing)|"
                       r"\bwithout|\bleav(?:e|ing) (?:out|aside)|\b(?:set|setting|putting|put) aside|\bapart from|"
                       r"\bskip(?:ping)?|\bdisregard(?:ing)?)\s+"
                       r"(?:(?:yet|been|in|the|from|at|of|based|located|living|working|counting|marked|set|as|any|"
                       r"they|we|you|he|she|it|i|had|have|has|"
                       r"anything|anyone|anybody|everything|everyone|all|that|which|who|got|get|were|was|are|is|"
                       r"ones?|those|orders?|items?|count|include|including)\s+)*$",
                       re.IGNORECASE)
NEGATION_REACH = 40  # characters before a value a negation may stand: "leave out anything that got cancelled"
# a stored value the request counts in beside the rest, not as a condition: "how many orders in total, cancelled
# ones included", "all of them, also cancelled", "including the cancelled ones"
_INCLUDED_BEFORE = re.compile(r"(?:\binclud(?:e|es|ing)|\bincl\.?|\balso|\beven|\balong with|\bas well as)\s+"
                              r"(?:(?:the|any|all|ones?|those)\s+)*$", re.IGNORECASE)
_INCLUDED_AFTER = re.compile(r"^(?:\s+(?:ones?|orders?|items?|rows?|too))?\s+(?:included|inclusive|as well|too)\b",
                             re.IGNORECASE)

@dataclass(frozen=True)
class RequestLiteral:
    """A stored value the request writes, with the column that stores it."""

    table: TableSchema
    column: Column
    value: str
    negated: bool = False  # "aren't delivered", "not in Bath", "except Finance"


def literals_written(tables: list[TableSchema], text: str,
                     written: list[tuple[int, int, RequestLiteral]] | None = None) -> list[RequestLiteral]:
    """Sample values the request writes (case-insensitive, whole words), longest first, without overlaps;
    ``written`` is ``stored_values_written`` of the same request where the caller has it already (its slip scan
    is the costly part)."""
    found = list(written) if written is not None else stored_values_written(tables, text)
    found.sort(key=lambda f: f[0] - f[1])
    kept: list[tuple[int, int, RequestLiteral]] = []
    for start, end, literal in found:
        if not any(s < end and start < e for s, e, _ in kept):
            kept.append((start, end, literal))
    # "how many people work in Marketing", "how many of our people work out of Charlotte": "people" is what is
    # counted, though a department is called People (another department is named, or the word is written in lower
    # case where the stored name is capitalised)
    counted = [k for k in kept if re.search(r"\b(?:how many|number of)\s+(?:of\s+(?:our|the|your|their|my)\s+)?$",
                                            text[:k[0]], re.IGNORECASE)
               and (any(o is not k and o[2].column == k[2].column for o in kept)
                    # (a name of several words is what is asked about, in any case: "how many down alternative
                    # pillows are left")
                    or (text[k[0]:k[1]].islower() and not k[2].value.islower() and " " not in k[2].value.strip()))
               # "Operations must have around 10 people": a count's noun, written in lower case, after its number
               or (re.search(r"\b\d[\d,.]*\s+$", text[:k[0]]) and text[k[0]:k[1]].islower()
                   and not k[2].value.islower() and " " not in k[2].value.strip())]
    return [literal for start, end, literal in sorted(kept, key=lambda k: k[0]) if (start, end, literal) not in counted]


def stored_values_written(tables: list[TableSchema], text: str) -> list[tuple[int, int, RequestLiteral]]:
    """(start, end, literal) of every stored value the request writes, overlaps and all."""
    found: list[tuple[int, int, RequestLiteral]] = []
    for table in tables:
        for name, values in table.samples.items():
            column = table.column(name)
            if column is None:
                continue
            for value in values:
                if not isinstance(value, str) or not value.strip():
                    continue
                # a stored "Bamboo Bath Mat" is written "bamboo bath mats" too
                # and a stored plural "Blankets" as "blanket orders"
                stem = value.strip()[:-1] if re.search(r"[^s]s$", value.strip()) and len(value.strip()) > 4 else value.strip()
                match = re.search(rf"(?<!\w){re.escape(stem)}(?:e?s)?(?!\w)", text, re.IGNORECASE)
                if match:
                    negated = bool(_NEGATION.search(text[max(0, match.start() - NEGATION_REACH):match.start()]))
                    if not negated and _counted_in(text, match.start(), match.end()):
                        continue
                    found.append((match.start(), match.end(), RequestLiteral(table, column, value, negated)))
            found += _first_words_written(table, column, values, text)
    taken = [(start, end) for start, end, _ in found]
    for start, end, table, name, value in [*stored_values_misspelt(tables, text, taken),
                                           *stored_values_abbreviated(tables, text, taken)]:
        if (column := table.column(name)) is not None:
            found.append((start, end, RequestLiteral(table, column, value, False)))
    return found


def _counted_in(text: str, start: int, end: int) -> bool:
    """Whether the value at text[start:end] is counted in beside the rest ("cancelled ones included")."""
    return bool(_INCLUDED_BEFORE.search(text[max(0, start - NEGATION_REACH):start]) or _INCLUDED_AFTER.match(text[end:]))


def _first_words_written(table: TableSchema, column: Column, values: list, text: str
                         ) -> list[tuple[int, int, RequestLiteral]]:
    """A stored value of several words that the request names by its first word alone, written as a name
    (capitalised inside the sentence, or possessive): "what's Chiara's job title" names "Chiara Bellini". Only a
    first word that one stored value of the column starts with counts: "Head" of "Head of Sales" and "Head of
    People" names neither."""
    firsts: dict[str, list[str]] = {}
    for value in values:
        if isinstance(value, str) and len(value.split()) > 1:
            firsts.setdefault(value.split()[0].lower(), []).append(value)
    found = []
    for word, owners in firsts.items():
        if len(owners) != 1 or len(word) < 3 or not word.isalpha():
            continue
        for match in re.finditer(rf"\b{re.escape(word)}\b", text, re.IGNORECASE):
            possessive = text[match.end():match.end() + 2] in ("'s", "’s")
            opens_sentence = not text[:match.start()].strip() or text[:match.start()].rstrip()[-1] in ".!?"
            if possessive or (text[match.start()].isupper() and not opens_sentence):
                found.append((match.start(), match.end(), RequestLiteral(table, column, owners[0])))
                break
    return found


# a name written mid-sentence in two or more capitalised words: "Velvet Cushion Covers", "New York"
# (a word ending a sentence ends the name: "... in Lisbon. What do we ..." names no "Lisbon What")
WRITTEN_NAME = re.compile(r"(?<=[\w,;:)] )(?:[A-Z](?:[\w'&.-]*[\w'&-])?\s+)+[A-Z][\w'&.-]*")


def names_unheld(tables: list[TableSchema], request: str,
                 written: list[tuple[int, int, RequestLiteral]] | None = None) -> bool:
    """The request names a thing no stored value holds ("how many Velvet Cushion Covers do we have"): a statement
    without it would answer about everything (all products), so none is offered, and the answer says it was not
    found."""
    held = [(start, end) for start, end, _ in (written if written is not None
                                               else stored_values_written(tables, request))]
    held_texts = {request[start:end].lower() for start, end in held}  # a name written again is held again
    for name in WRITTEN_NAME.finditer(request):
        if not any(start < name.end() and name.start() < end for start, end in held) \
                and name.group().lower() not in held_texts:
            return True
    schema_words = {w for t in tables for n in (t.name, *(c.name for c in t.columns)) for w in identifier_words(n)}
    for name in _POSSESSOR.finditer(request):  # "whats bartholomew quince's salary", typed in lower case
        words = name.group(1).lower().split()
        if (not any(w in STOPWORDS_EN_PLUS or any(same_word(w, s) for s in schema_words) for w in words)
                and not any(start < name.end(1) and name.start(1) < end for start, end in held)):
            return True
    return False


# a person or thing named by two words before a possessive "'s"
_POSSESSOR = re.compile(r"(?<![\w'])([a-z]+ [a-z]+)['’]s\b")
