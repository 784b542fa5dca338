"""How people type a request, as a small grammar: politeness, case, short forms and typos.

The oracle teacher (nodes/distill/oracle.py) fills request templates with entities, then passes each through
``roughen``: a seeded mix of the habits seen in real queries ("pls", "rn", lower case, a dropped question
mark, a letter swapped in a word that is not a value). Values (cities, tickers, ids) are never misspelled
here: the executor copies values as written, and a misspelled value is the server's fuzzy lookup's job.
"""

from __future__ import annotations

import random
import re

PREFIXES = ["", "", "", "pls ", "hey, ", "can you tell me ", "quick q: ", "i need ", "could you check ",
            "do you know ", "hi! "]
SUFFIXES = ["", "", "", "?", "??", " pls", " please", " thanks", " asap", " rn"]
_WORD = re.compile(r"[a-z]{5,}")


def typo(word: str, rng: random.Random) -> str:
    """One slip of the finger: two letters swapped, one doubled or one dropped."""
    i = rng.randrange(1, len(word) - 2)
    kind = rng.choice(("swap", "double", "drop"))
    if kind == "swap":
        return word[:i] + word[i + 1] + word[i] + word[i + 2:]
    if kind == "double":
        return word[:i] + word[i] + word[i:]
    return word[:i] + word[i + 1:]


def roughen(text: str, values: list[str], rng: random.Random, *, typo_rate: float = 0.25) -> str:
    """``text`` as a person might type it; the substrings in ``values`` are kept exactly."""
    protected = {v.lower() for v in values if v}
    if rng.random() < typo_rate:
        words = [m for m in _WORD.finditer(text)
                 if not any(m.group().lower() in v or v in m.group().lower() for v in protected)]
        if words:
            pick = rng.choice(words)
            text = text[: pick.start()] + typo(pick.group(), rng) + text[pick.end():]
    text = rng.choice(PREFIXES) + text + rng.choice(SUFFIXES)
    if rng.random() < 0.5:
        text = text.lower()  # "zurich": argument matching ignores case, so the value is still the span
    return " ".join(text.split())
