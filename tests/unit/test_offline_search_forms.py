"""The offline web search finds a passage by the forms people type its name in: without the hyphen, without
accents, by the initials of its title or page name (tools/servers/web_search.py)."""

from tools.corpus.passages import Passage
from tools.servers.web_search import OfflineSearch

PASSAGES = (
    Passage("Shitenno-ji", "https://en.wikipedia.org/wiki/Shitenn%C5%8D-ji",
            "Shitennō-ji in Osaka, founded in 593 by Prince Shotoku, is one of the oldest temples in Japan."),
    Passage("Chhatrapati Shivaji Maharaj Terminus", "https://en.wikipedia.org/wiki/Chhatrapati_Shivaji_Terminus",
            "A historic railway station in Mumbai, formerly Victoria Terminus, completed in 1888."),
    Passage("Osaka: overview", "https://en.wikipedia.org/wiki/Osaka", "Osaka is a city in Japan's Kansai region."),
    Passage("Mumbai: transport", "https://en.wikipedia.org/wiki/Mumbai#Transport",
            "Mumbai's suburban railway carries millions of commuters each day."),
)


def _first(query: str) -> str:
    return OfflineSearch(PASSAGES).search(query, 2)[0]["title"]


def test_a_hyphenated_name_is_found_written_joined():
    assert _first("shitennoji founder") == "Shitenno-ji"


def test_an_accented_name_is_found_either_way():
    assert _first("Shitennō-ji") == "Shitenno-ji"
    assert _first("shitenno-ji osaka") == "Shitenno-ji"


def test_initials_of_the_page_name_find_the_passage():
    assert _first("mumbai CST station") == "Chhatrapati Shivaji Maharaj Terminus"


def test_plain_words_still_rank_as_before():
    assert _first("suburban railway commuters") == "Mumbai: transport"
