"""Find the listing a loosely written ticker or company name means: 'AAPL', '0700', 'coca cola' (the
Coca-Cola Company), 'nestle' (Nestlé), 'google' (Alphabet), 'microsoft stock price'.

Tried in order: the symbol or its prefix, the name as written, the name with accents, case and punctuation
folded away, a brand the company is known by, then the same with words about stocks left out, and last a
spelling one typo away from a company's name ('micrsoft').
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from typing import Any

# Brands people use for companies listed under another name.
BRANDS = {"google": "GOOGL", "alphabet": "GOOGL", "youtube": "GOOGL", "facebook": "META", "instagram": "META",
          "coke": "KO", "jpmorgan": "JPM", "chase": "JPM", "berkshire": "BRK.B", "samsung": "005930.KS",
          "moutai": "600519.SS", "louis vuitton": "MC.PA", "lvmh": "MC.PA", "tsmc": "TSM", "s&p 500": "SPY",
          "s&p": "SPY", "dbs": "D05.SI", "reliance": "RELIANCE.NS", "shell": "SHEL.L", "bhp": "BHP.AX"}
_MARKET_WORDS = frozenset("""stock stocks share shares price prices quote quotes ticker trading trades trade at of
    the company inc corp corporation today now current rn value worth how much is whats what's""".split())


def fold(text: str) -> str:
    """Lower case, accents and everything but letters and digits removed: 'Nestlé S.A.' -> 'nestlesa'."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9&]", "", plain)


def find_listing(text: str, listings: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The listing ``text`` names, or None."""
    by_symbol = {row["symbol"].upper(): row for row in listings}
    candidates = [text]
    words = [w for w in re.findall(r"[\w&.'-]+", text.lower()) if w not in _MARKET_WORDS]
    if words and " ".join(words) != text.lower():
        candidates.append(" ".join(words))
    for candidate in candidates:
        key = candidate.strip().upper()
        if key in by_symbol:
            return by_symbol[key]
        prefixed = [row for symbol, row in by_symbol.items() if symbol.startswith(f"{key}.")]
        if prefixed:
            return prefixed[0]
        folded = fold(candidate)
        if not folded:
            continue
        brand = BRANDS.get(candidate.strip().lower()) or BRANDS.get(folded)
        if brand and brand in by_symbol:
            return by_symbol[brand]
        named = sorted((row for row in listings if len(folded) >= 3 and folded in fold(row["name"])),
                       key=lambda row: len(row["name"]))
        if named:
            return named[0]
    return _close_spelling(words, listings)


def _close_spelling(words: list[str], listings: list[dict[str, Any]]) -> dict[str, Any] | None:
    """'micrsoft' for Microsoft: a word of at least five letters one typo from a company's first word."""
    first_words = {fold(row["name"].split()[0]): row for row in listings if len(fold(row["name"].split()[0])) >= 5}
    for word in words:
        if len(word) >= 5:
            close = difflib.get_close_matches(fold(word), list(first_words), n=1, cutoff=0.85)
            if close:
                return first_words[close[0]]
    return None
