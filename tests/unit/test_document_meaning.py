"""Routing by meaning: a question about the asker's own things goes to the server whose document line is clearly
nearest it, unless its first server already rests on data; a question about the world, or one two servers'
documents are near alike, moves nothing (the encoder is a fake)."""

from indexes.document_lines import LineMeanings
from indexes.document_meaning import DocumentMeanings, with_document_meanings
from indexes.ranking import ServerHit
from tests.fakes import TopicEncoder

DOCUMENTS = {"notes": {"/n/car.md": "Plate: 7KQM 294\n", "/n/garden.md": "tomatoes in the raised bed\n"},
             "files": {"/f/wifi.txt": "ISP: Cascade Fiber\n"}}


def hits():
    return [ServerHit(server="trains", score=0.61, matched="search: train number", matched_kind="synthetic_query",
                      best_for=[0], query_scores={0: 0.61}),
            ServerHit(server="notes", score=0.33, query_scores={0: 0.33})]


def meanings(documents=DOCUMENTS):
    return DocumentMeanings(documents, LineMeanings(TopicEncoder()))


def test_an_own_question_goes_to_the_server_whose_line_is_clearly_nearest():
    [first, *_] = with_document_meanings(hits(), ["whats my licence number"], meanings())
    assert (first.server, first.matched_kind, first.best_for) == ("notes", "document", [0])
    assert first.score >= 0.61 and "car.md" in first.matched


def test_a_question_about_the_world_or_a_data_backed_leader_moves_nothing():
    assert with_document_meanings(hits(), ["licence number format in France"], meanings())[0].server == "trains"
    backed = hits()
    backed[0].matched_kind = "entity"
    assert with_document_meanings(backed, ["whats my licence number"], meanings())[0].server == "trains"


def test_a_question_without_an_owner_needs_a_clearer_line_and_no_place_nor_record_name():
    # "licence number??" says nobody's: the nearest line still routes it, clearly ahead of the other server's
    [first, *_] = with_document_meanings(hits(), ["licence number for the form??"], meanings())
    assert first.server == "notes" and "car.md" in first.matched
    # a sub-query writing a record some server lists is for that record's owner
    assert with_document_meanings(hits(), ["licence number for the form??"], meanings(),
                                  naming_records=[0])[0].server == "trains"


def test_two_servers_near_alike_decide_nothing():
    both = {**DOCUMENTS, "files": {"/f/plates.txt": "plate renewal due in May\n"}}
    assert with_document_meanings(hits(), ["whats my licence number"], meanings(both))[0].server == "trains"


def test_a_name_no_document_holds_or_a_leader_matched_by_its_own_records_moves_nothing():
    assert with_document_meanings(hits(), ["whats my licence number, Wilhelmina?"], meanings())[0].server == "trains"
    rows = {"trains": {"search: train number"}}  # as if the row had come from the trains server's own records
    assert with_document_meanings(hits(), ["whats my licence number"], meanings(), rows)[0].server == "trains"


def test_a_typed_value_put_first_only_for_want_of_a_match_yields_to_the_document():
    loose = hits()
    loose[0].matched_kind = "typed_loose"  # a place with a zone, though no clock is asked
    assert with_document_meanings(loose, ["whats my licence number"], meanings())[0].server == "notes"
    decisive = hits()
    decisive[0].matched_kind = "typed"
    assert with_document_meanings(decisive, ["whats my licence number"], meanings())[0].server == "trains"


def test_of_the_places_a_question_writes_one_held_is_enough():
    from indexes.document_meaning import names_held

    assert names_held("how much is on my old Japan travel card, for a friend going to Tokyo?", "Tokyo: card has 2,300 yen")
    assert not names_held("what did I note about the Berlin trip?", "Lisbon trip: hotel Alfama")
    assert not names_held("what is on my card, Wilhelmina, for Tokyo?", "Tokyo: card has 2,300 yen")


def test_a_greeting_after_a_comma_is_no_name():
    from indexes.document_meaning import names_held

    assert names_held("sorry to bother you, Hi again, could you find my gym locker code", "locker code: 4471")
    assert not names_held("sorry to bother you, Wilhelmina needs my gym locker code", "locker code: 4471")
