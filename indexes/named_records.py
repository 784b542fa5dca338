"""A question that writes a record only one server lists ("what's Aisha Bello's job title") goes to that server,
whatever its other words match: the record is of that server's own data.

Why: the words around a person's or a product's name ("job title", "in stock") match several servers' text, and
the encoder does not know whose data holds the name. The data servers' records are gathered once per sync
(graphs/catalog_records.py); bare listed names are indexes/entities.py's.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence

from indexes.asked_sentence import asked_sentence
from indexes.entities import GENERIC_NAME_WORDS, fold, is_place_name, is_place_word, put_first
from indexes.ranking import ServerHit
from indexes.search_fallback import MATCH_FLOOR

_WORD = re.compile(r"[^\W_]+")


class NamedRecords:
    """Multi-word names that exactly one server lists ("Aisha Bello", "Pinecrest Inn", "Merino Yarn Bundle"):
    a record of that server's own data. Place names are left out: they are listed by one server and asked of
    many. A two-word record's first word alone counts too when no other record uses that word and the question
    writes it as a name: capitalised mid-sentence ("email Marco") or possessive ("jess's cat")."""

    def __init__(self, names_by_server: dict[str, Iterable[str]]):
        owners: dict[str, set[str]] = {}
        for server, names in names_by_server.items():
            for name in names:
                words = [w for w in _WORD.findall(fold(name)) if w not in GENERIC_NAME_WORDS]
                if len(words) >= 2 and len(" ".join(words)) <= 60 and not is_place_name(name):
                    owners.setdefault(" ".join(words), set()).add(server)
        self.owner = {name: next(iter(servers)) for name, servers in owners.items() if len(servers) == 1}
        self._pattern = (re.compile(r"(?<![^\W_])(" + "|".join(
            re.escape(n).replace(r"\ ", r"[\W_]+") for n in sorted(self.owner, key=len, reverse=True))
            + r")(?:e?s)?(?![^\W_])") if self.owner else None)
        self.given = _given_names(owners)

    def owners_in(self, query: str) -> dict[str, list[str]]:
        """Server -> the names of its records the query writes whole (or by a first name of their own)."""
        found: dict[str, list[str]] = {}
        if self._pattern is not None:
            for match in self._pattern.finditer(fold(query)):
                name = " ".join(_WORD.findall(match.group(1)))
                if name in self.owner:
                    found.setdefault(self.owner[name], []).append(name)
        if found:
            return found
        for match in _WRITTEN_AS_NAME.finditer(query):
            word = fold(match.group(1) or match.group(2))
            if word not in self.given or (match.group(2) is not None and match.start() == 0
                                          and not _SUBJECT_VERB.match(query[match.end():])):
                continue  # a sentence's capital, unless a verb follows it as its subject ("Kwame is switching teams")
            server, name = self.given[word]
            following = re.match(r"\s+([A-Z]\w+)", query[match.end():])
            if following is None or fold(following.group(1)) in name.split():  # "Marco Polo" is someone else
                found.setdefault(server, []).append(name)
        return found


# "Kwame is ...", "Marco said ...": an opening word that is the sentence's subject
_SUBJECT_VERB = re.compile(r"\s+(?:is|was|has|had|will|would|does|did|says|said|wants|needs|told|asked|got|moved|"
                           r"works|lives|left|joined)\b")
# "Marco" mid-sentence, "jess's": a word written as a person's or a firm's name
_WRITTEN_AS_NAME = re.compile(r"(?<![\w'])([A-Za-z][a-z]{2,})'s\b|(?<![\w'])([A-Z][a-z]{2,})(?![\w'])")


def _given_names(owners: dict[str, set[str]]) -> dict[str, tuple[str, str]]:
    """First word -> (server, the whole name) for the two-word records ("Marco Silva", "Pinecrest Inn") whose first
    word no other record uses and is no place."""
    uses: dict[str, list[str]] = {}
    for name in owners:
        for word in set(name.split()):
            uses.setdefault(word, []).append(name)
    given = {}
    for name, servers in owners.items():
        words = name.split()
        first = words[0]
        if (len(words) == 2 and len(servers) == 1 and len(first) >= 3 and uses.get(first) == [name]
                and not is_place_word(first)):
            given[first] = (next(iter(servers)), name)
    return given


def with_named_records(hits: Sequence[ServerHit], sub_queries: Sequence[str], records: NamedRecords,
                       descriptions: Mapping[str, str] | None = None,
                       data_words: Callable[[str, str], Collection[str]] | None = None) -> list[ServerHit]:
    """``hits`` with, for every sub-query that writes a record only one server lists, that server first for it:
    "what's Aisha Bello's job title" is a question for the server whose data holds Aisha Bello, whatever the
    other words match. Two servers' records in one sub-query decide nothing.

    One exception: a leader whose own data holds the question's other words (a ``document`` match) and whose
    description, as the user wrote it in mcp.json, names the record too. "how many people work in marketing at
    northwind loom" is for the company database described as "at Northwind Loom", whose departments hold
    Marketing, though a knowledge graph also has a Northwind Loom node; "when was Northwind Loom founded" is
    not, as that database holds no word of it. ``data_words`` (server, question -> the question's words that
    server's documents hold) shows the same of a leader matched by its description: "who's the newest hire at
    northwind loom" is for the database whose employees table has a hire date."""
    hits = list(hits)
    for i, query in enumerate(sub_queries):
        owners = records.owners_in(query)
        if len(owners) != 1 or _named_only_in_context(query, records):
            continue
        server, names = next(iter(owners.items()))
        leader = next((h for h in hits if i in h.best_for), None)
        if (leader is not None and leader.server != server
                and any(name in fold((descriptions or {}).get(leader.server, "")) for name in names)
                and (leader.matched_kind == "document" or _holds_other_words(leader.server, query, names, data_words))):
            continue
        # at least the match floor: a record of the server's own data is a match, not a loose one for search
        best = max([MATCH_FLOOR, *(h.query_scores.get(i, h.score) for h in hits if i in h.best_for)])
        hits = put_first(hits, i, server, best, f"names {', '.join(names)}, which only {server} lists", "entity")
    return hits


_POINTS_BACK = re.compile(r"\b(?:he|she|him|her|his|hers|they|them|their|theirs|it|its)\b", re.IGNORECASE)


def _named_only_in_context(query: str, records: NamedRecords) -> bool:
    """Whether the records ``query`` names are written only in the sentences that tell its context, and the
    asking sentence does not point back at them: "Which room is the roadmap review in? I need to tell Ethan."
    asks about a meeting, not about Ethan ("I'm seeing Ethan today. What's his title?" does ask about him)."""
    asked = asked_sentence(query)
    return (asked is not None and not records.owners_in(asked) and not _POINTS_BACK.search(asked)
            and not _names_what_context_owns(asked, query.replace(asked, " ")))


def _names_what_context_owns(asked: str, context: str) -> bool:
    """Whether the asking sentence's "the <thing>" is a thing the context gives someone: "Jess asked me to feed her
    cat. What's the cat's name again?" asks about Jess's cat."""
    definite = set(re.findall(r"\bthe\s+([a-z]{3,})", asked.lower()))
    owned = set(re.findall(r"\b(?:her|his|their|its|[a-z]+'s)\s+([a-z]{3,})", context.lower()))
    return bool(definite & owned)


def _holds_other_words(server: str, query: str, names: Collection[str],
                       data_words: Callable[[str, str], Collection[str]] | None) -> bool:
    """Whether ``server``'s documents hold a word of ``query`` other than the records' names."""
    if data_words is None:
        return False
    named = {word for name in names for word in name.split()}
    return any(fold(word) not in named for word in data_words(server, query))
