"""The person a request asks about through someone else: "where does Dana's brother work" asks about the brother.

Why: a search over records with the named person ("Dana Okafor") returns Dana's record, which says nothing about
where her brother works; the brother's own record says "Dana's younger brother" and where he works. So a search
query is best made with the relation word when the request writes one after a possessive name. The words are
English words for how people relate to each other, not names of any server's data.
"""

from __future__ import annotations

import re

from indexes.bm25 import plural_stem

RELATION_WORDS = frozenset("""brother sister sibling mother mom mum father dad parent son daughter child kid wife
    husband partner spouse fiance fiancee girlfriend boyfriend grandmother grandma grandfather grandpa grandparent
    grandson granddaughter grandchild aunt uncle cousin niece nephew boss manager supervisor colleague coworker
    neighbour neighbor friend roommate flatmate assistant mentor stepmother stepfather stepson stepdaughter
    in-law""".split())
# a lookahead, so that "where's Dana's brother" is read at "Dana's" too
_POSSESSIVE = re.compile(r"\b(?=([A-Za-z][\w\-]*)['’]s\s+(?:(?:younger|older|little|big|elder|eldest|youngest|best|"
                         r"new|old|late|ex|step|twin|other)[\s\-])?([a-z][a-z\-]+))", re.IGNORECASE)


# "when's grandma ...", "it's my brother": a contraction of "is", not a possessive
_CONTRACTIONS = frozenset("""what when where who how why which it that there here he she let everyone someone
    one nobody""".split())


def relation_words(texts: list[str]) -> list[str]:
    """The relation words the texts write after a possessive ("Dana's brother" -> ["brother"]), in order."""
    found = [m.group(2).lower() for text in texts for m in _POSSESSIVE.finditer(text)
             if m.group(1).lower() not in _CONTRACTIONS and plural_stem(m.group(2).lower()) in RELATION_WORDS]
    return list(dict.fromkeys(found))


# "my little brother", "our neighbour's cat": the asker's own relation, whom a record of the asker's people names
_MINE = re.compile(r"\b(?:my|our)\s+(?:(?:younger|older|little|big|elder|eldest|youngest|best|new|old|late|ex|step|"
                   r"twin|other|kid|baby)[\s\-]+)?([a-z][a-z\-]+)", re.IGNORECASE)


def own_relation_words(texts: list[str]) -> list[str]:
    """The relation words the texts write after "my" or "our" ("when's my little brother's birthday" ->
    ["brother"]), in order: a search of the asker's records finds the person by how they relate."""
    found = [m.group(1).lower() for text in texts for m in _MINE.finditer(text)
             if plural_stem(m.group(1).lower()) in RELATION_WORDS]
    return list(dict.fromkeys(found))
