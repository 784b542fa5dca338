"""Whose data a question is about: the asker's own records go to the servers that describe themselves as the
user's own, not to a public service that shares the question's topic words."""

import pytest

from indexes.documents import ServerDoc, ToolDoc
from indexes.ownership import (OWN_DATA_BONUS, asks_about_own_data, asks_about_own_records, describes_own_data,
                               own_data_bonus)
from indexes.server_index import QueryOptions
from tests.unit.test_retrieval_fusion import index_with_similarities


@pytest.mark.parametrize(("description", "own"), [
    ("Our company database at Northwind Loom (departments, employees, orders), queried with SQL.", True),
    ("My personal and work notes folder (markdown and text files).", True),
    ("A knowledge graph of the people and projects in my life.", True),
    ("Shops: electronics and travel gear for sale, with shop prices; place an order and track it.", False),
    ("Stock market: share prices of listed companies and currency conversion.", False),
    ("", False),
])
def test_a_server_describing_the_users_own_records_is_told_by_its_first_person(description, own):
    assert describes_own_data(description) is own


@pytest.mark.parametrize(("question", "own"), [
    ("how many orders did we get in October 2026?", True),
    ("which customer has placed the largest number of orders with us", True),
    ("what's my licence plate?", True),
    ("Which of our products are out of stock?", True),
    ("book my flight to Lisbon", False),  # a command: the service that acts
    ("cheapest flights to the US?", False),  # "US" is a country
    ("I need the weather in Paris, what is it?", False),  # "I" asks about the world
    ("which shop sells the cheapest headphones?", False),
    ("which café did I write down for Thursday?", True),  # "I" with a verb of keeping a record
    ("what's the door code I saved?", True),
    # a recorded value asked for by its noun, not worded as a question
    ("Seat number on my Lisbon flights.", True),
    ("booking reference for our Oslo hotel", True),
    ("book a seat on my Lisbon flight", False),  # a command
])
def test_a_question_about_the_askers_own_things(question, own):
    assert asks_about_own_data(question) is own


def test_the_document_rule_counts_I_as_the_asker_too():
    assert asks_about_own_records("when do I renew the passport?")
    assert not asks_about_own_data("when do I renew the passport?")
    assert not asks_about_own_records("renew my passport")  # a command
    # a request to be told is a question, however it is typed
    assert asks_about_own_records("remind me my passport number")
    assert asks_about_own_records("look up our wifi password")
    # a need of one's own things, stated: asked too; a need of the world's, or a need to act, is not
    assert asks_about_own_records("the front desk wants the locker number from my gym note")
    assert asks_about_own_data("accounts needs the total on our october invoice")
    assert not asks_about_own_records("I need the cheapest train to Porto tomorrow")
    assert not asks_about_own_records("I need to book a table for my birthday")
    assert asks_about_own_records("I need the booking reference for my Lisbon flights")


def test_the_bonus_goes_to_own_data_servers_on_first_person_questions_only():
    own = frozenset({"sqlite", "notes"})
    bonus = own_data_bonus(["how many orders did we get?", "how many orders does the shop list?"], own)
    assert bonus == [{"sqlite": OWN_DATA_BONUS, "notes": OWN_DATA_BONUS}, {}]
    assert own_data_bonus(["how many orders did we get?"], own, bonus=0) == [{}]
    assert own_data_bonus(["how many orders did we get?"], frozenset()) == [{}]


SHOP = ServerDoc("shop", "Shops: gear for sale; place an order and track it.",
                 (ToolDoc("get_order", "An order by its reference: product, quantity, total.", ("reference",)),))
BOOKS = ServerDoc("books", "Our company database of sales orders, queried with SQL.",
                  (ToolDoc("read_query", "Run a SELECT query.", ("query",)),))


def test_a_public_service_ahead_by_its_topic_words_yields_to_the_users_own_server():
    question = "how many orders did we get in october?"
    shop_row = "get order: An order by its reference: product, quantity, total. Parameters: reference."
    books_row = "read query: Run a SELECT query. Parameters: query."
    index = index_with_similarities(question, {shop_row: 0.62, books_row: 0.55}, [SHOP, BOOKS], {})
    assert index.mirror().own_data_servers == frozenset({"books"})
    without = index.query([question], top_k=2, options=QueryOptions(own_data_bonus=0, shadow_margin=0))
    assert [h.server for h in without] == ["shop", "books"]
    hits = index.query([question], top_k=2)
    assert hits[0].server == "books"
    # a question about the world keeps the public service first
    world = "how many orders does a shop take in october?"
    index.embed.query = world
    assert index.query([world], top_k=2)[0].server == "shop"


def test_the_bonus_is_whole_for_the_servers_spoken_of_in_the_questions_own_person():
    from indexes.ownership import OTHER_PERSON_SHARE, persons
    spoken = {"company_db": persons("Our company database"), "notes": persons("My personal notes folder")}
    assert spoken == {"company_db": frozenset({"plural"}), "notes": frozenset({"singular"})}
    mine, ours = own_data_bonus(["what's the name of my neighbour's cat?", "what's the cheapest thing we sell?"], spoken)
    assert mine == {"notes": OWN_DATA_BONUS, "company_db": OWN_DATA_BONUS * OTHER_PERSON_SHARE}
    assert ours == {"company_db": OWN_DATA_BONUS, "notes": OWN_DATA_BONUS * OTHER_PERSON_SHARE}
    # both persons spoken: every own-data server in full
    assert own_data_bonus(["did we order the parts I noted?"], spoken) == [{"notes": OWN_DATA_BONUS,
                                                                           "company_db": OWN_DATA_BONUS}]
