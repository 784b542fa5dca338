"""Typo repair against the catalogue's own words (indexes/spelling.py)."""

from indexes.spelling import CatalogueSpelling, nearest_words

ROWS = ["Restaurants in a city: cuisine, rating, opening hours", "Daily weather forecast: sunrise and sunset",
        "search restaurants by city", "Latest stock quote of a company", "weather forecast for a city"]
KNOWN = {"tesla", "paris", "rated", "trading", "best"}


def test_a_typo_one_edit_from_a_catalogue_word_is_repaired():
    spelling = CatalogueSpelling(ROWS, KNOWN)
    assert spelling.repair("best rated restauarnt in Shanghai") == "best rated restaurants in Shanghai"
    assert spelling.repair("Chicago weaather tomorrow") == "Chicago weather tomorrow"


def test_names_and_words_the_encoder_knows_stay_as_typed():
    spelling = CatalogueSpelling(ROWS, KNOWN)
    assert spelling.repair("tesla trading at") == "tesla trading at"  # "tesla" is a known word, not a typo
    assert spelling.repair("Guangzhou") == "Guangzhou"  # far from every catalogue word
    assert spelling.repair("a cat") == "a cat"  # short words are never touched


def test_an_ambiguous_typo_is_left_alone():
    spelling = CatalogueSpelling(["north side", "forth side"], set())
    assert spelling.repair("morth") == "morth"  # one edit from both, equally frequent


def test_the_most_frequent_of_the_nearest_words_wins():
    spelling = CatalogueSpelling(["quote", "quote", "quota"], set())
    assert spelling.repair("quotx") == "quote"


def test_nearest_words_keeps_only_the_closest_within_the_slip_limit():
    vocabulary = ["harriet", "harriot", "harbour", "margaret", "priya"]
    assert nearest_words("pryia", vocabulary) == ["priya"]  # a swap of two letters is one edit
    assert sorted(nearest_words("harriett", vocabulary)) == ["harriet"]  # one edit beats two
    assert nearest_words("harbr", vocabulary) == []  # a short word may slip by one edit only, not two
    assert nearest_words("margarat", vocabulary) == ["margaret"]
    assert nearest_words("priya", vocabulary) == []  # the word itself is no slip


def test_shorthand_becomes_the_word_the_catalogue_uses():
    spelling = CatalogueSpelling(["departments: name, floor, budget", "the average quantity of orders"], set())
    assert spelling.repair("headcount ops dept?") == "headcount ops department?"
    assert spelling.repair("avg qty per orders") == "average quantity per orders"
    assert spelling.repair("# orders last week") == "number of orders last week"  # a count sign before a word
    assert spelling.repair("budget #74") == "budget #74"  # a number sign stays


def test_shorthand_the_catalogue_does_not_use_stays_as_typed():
    spelling = CatalogueSpelling(ROWS, KNOWN)
    assert spelling.repair("dept budget") == "dept budget"  # no row writes "department"
