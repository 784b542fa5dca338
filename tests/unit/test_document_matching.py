"""A question that names no file finds the listed document whose text holds its words, and goes to the server
whose documents hold it; a question about a note nobody wrote, or one a document only touches, finds none."""

from indexes.document_terms import DocumentTerms, with_document_matches
from indexes.ranking import ServerHit
from indexes.search_fallback import MATCH_FLOOR
from indexes.route_cues import CueWords
from nodes.arguments.document_match import files_for_request
from nodes.arguments.listed_values import paths_for_request

NOTES = {
    "/home/kai/notes/people.md": "# People\nPlumber: Ines Duarte, 0161 555 0188\nVet (for Biscuit): Dr. Osei, "
                                 "phone 0161 555 0123\nBank card PIN hint: first pet",
    "/home/kai/notes/bike.md": "# Bike\nFrame: steel, 56 cm\nTyre pressure: 65 psi front, 70 psi rear\n"
                               "Last chain wax: 2026-10-02",
    "/home/kai/notes/madrid-weekend.md": "# Madrid weekend\nHotel Sol y Luna, 2 nights, EUR 140/night\n"
                                         "Museum pass code: PRD-5521",
    "/home/kai/notes/garden.md": "Sow broad beans in November. Prune the roses every day in June.",
}


def test_the_document_holding_the_question_is_chosen():
    assert files_for_request([], NOTES, ["what's the vet's phone number"]) == ["/home/kai/notes/people.md"]
    assert files_for_request([], NOTES, ["rear tyre pressure?"]) == ["/home/kai/notes/bike.md"]


def test_no_document_for_a_note_nobody_wrote():
    assert files_for_request([], NOTES, ["what did I write about the ski lift pass price"]) == []
    assert files_for_request([], {}, ["rear tyre pressure?"]) == []


def test_file_names_match_whatever_punctuation_ends_the_word():
    assert paths_for_request(["/n/budget-march.md", "/n/car.md"], ["what did I spend in March?"]) == ["/n/budget-march.md"]


def _terms(cue_words: CueWords) -> DocumentTerms:
    return DocumentTerms({"notes": NOTES}, cue_words)


def test_a_question_goes_to_the_server_whose_documents_hold_its_own_words():
    terms = _terms(CueWords(servers_of={"hotel": frozenset({"stays"}), "night": frozenset({"stays"})}))
    match = terms.match("what pressure for the rear tyre?")
    assert match is not None and match.server == "notes" and match.document.endswith("bike.md")
    hits = with_document_matches([ServerHit(server="stays", score=0.7, best_for=[0])],
                                 ["what pressure for the rear tyre?"], terms)
    assert hits[0].server == "notes" and hits[0].best_for == [0] and hits[1].best_for == []


def test_words_other_servers_own_places_and_single_words_route_nowhere():
    terms = _terms(CueWords(servers_of={"hotel": frozenset({"stays"}), "night": frozenset({"stays"})}))
    assert terms.match("hotels in Madrid for 2 nights") is None  # another server's words and a place
    assert terms.match("how many seconds are in 17 days") is None  # one word in common ("day")
    hits = [ServerHit(server="stays", score=0.7, best_for=[0])]
    assert with_document_matches(hits, ["hotels in Madrid for 2 nights"], terms)[0].server == "stays"


def test_the_index_leader_needs_no_word_of_its_own():
    owned = CueWords(servers_of={"tyre": frozenset({"garage"}), "pressure": frozenset({"weather"}),
                                "rear": frozenset({"garage"})})
    terms = _terms(owned)
    assert terms.match("what pressure for the rear tyre?") is None  # both words are other servers' words
    hits = with_document_matches([ServerHit(server="notes", score=0.3, best_for=[0]),
                                  ServerHit(server="garage", score=0.25)], ["what pressure for the rear tyre?"], terms)
    assert hits[0].server == "notes" and hits[0].query_scores[0] >= MATCH_FLOOR  # lifted to the match floor


def test_a_file_chosen_by_its_name_must_hold_the_request_too():
    ski = ["what did I note about the ski weekend lift prices"]
    named = paths_for_request(list(NOTES), ski)
    assert named and named[0].endswith("madrid-weekend.md")  # "weekend" is in its name
    assert files_for_request(named, NOTES, ski) == []
    hotel = ["how much per night was the Madrid weekend hotel"]
    assert files_for_request(paths_for_request(list(NOTES), hotel), NOTES, hotel) == ["/home/kai/notes/madrid-weekend.md"]


def test_a_file_whose_whole_name_the_request_writes_needs_a_lower_share():
    chatty = ["Accounts keep asking me for receipts and stuff, so what nightly price did the Madrid weekend "
              "place charge according to my notes from then?"]
    named = paths_for_request(list(NOTES), chatty)
    assert files_for_request(named, NOTES, chatty) == ["/home/kai/notes/madrid-weekend.md"]
    # the name only in part ("weekend"): the lower share does not apply
    partial = ["Accounts keep asking me for receipts and stuff, so what nightly price did the weekend place "
               "charge according to my notes from then?"]
    assert files_for_request(paths_for_request(list(NOTES), partial), NOTES, partial) == []


def test_a_question_about_ones_own_records_needs_no_word_of_its_own():
    owned = CueWords(servers_of={"hotel": frozenset({"stays"}), "night": frozenset({"stays"}),
                                 "madrid": frozenset({"stays"})})
    terms = _terms(owned)
    asked = terms.match("how much per night was my Madrid weekend hotel?")
    assert asked is not None and asked.document.endswith("madrid-weekend.md")
    assert terms.match("book a hotel in Madrid for the weekend, 2 nights") is None  # a command to a service


def test_words_a_users_server_shares_only_with_the_sandbox_are_its_own_in_a_question():
    owned = CueWords(servers_of={"tyre": frozenset({"garage"}), "pressure": frozenset({"garage"}),
                                "rear": frozenset({"garage"})})
    assert _terms(owned).match("what pressure for the rear tyre?") is None  # a user's garage server shares them
    beside_sandbox = DocumentTerms({"notes": NOTES}, owned, sandbox=frozenset({"garage"}))
    match = beside_sandbox.match("what pressure for the rear tyre?")
    assert match is not None and match.document.endswith("bike.md")
    assert beside_sandbox.match("rear tyre pressure check at a garage") is None  # a command: the sandbox serves it
    sandbox_notes = DocumentTerms({"notes": NOTES}, owned, sandbox=frozenset({"garage", "notes"}))
    assert sandbox_notes.match("what pressure for the rear tyre?") is None  # sandbox servers are not preferred


def test_several_own_words_route_a_long_casual_question():
    terms = _terms(CueWords())
    long = "ok quick one before I head out later today - remind me what psi the rear tyre on the bike needs again"
    assert terms.match(long) is not None and terms.match(long).document.endswith("bike.md")
    # a single word of its own routes only a short question about the asker's own records
    assert terms.match("who is my plumber?") is not None
    assert terms.match("find a plumber near the station tonight") is None


def test_a_long_casual_request_reads_the_one_file_holding_most_of_its_words():
    long = ["ok so before I forget again later - what psi did I say the rear tyre on the bike wants, roughly"]
    assert files_for_request([], NOTES, long) == ["/home/kai/notes/bike.md"]
    assert files_for_request([], NOTES, ["before I forget, that thing about the ski lift pass and the price"]) == []


def test_a_question_naming_a_thing_only_one_servers_documents_hold_goes_there():
    terms = _terms(CueWords())
    match = terms.match("remind me again, is Biscuit due a checkup soon or not?")
    assert match is not None and match.document.endswith("people.md")
    assert terms.match("remind me again, is biscuit due a checkup soon or not?") is None  # not written as a name
    owned = _terms(CueWords(servers_of={"biscuit": frozenset({"bakery"})}))
    assert owned.match("remind me again, is Biscuit due a checkup soon or not?") is None  # another server's word


def test_a_chatty_request_reads_the_file_holding_clearly_more_of_it():
    notes = {"/n/travel/lisbon-trip.md": "Lisbon trip. Flight out: TP 1352, flight back: TP 1359. Hotel Alfama.",
             "/n/contacts.md": "Dentist: Dr Marsh, phone 555-0101. Manager: Ines (Lisbon office).",
             "/n/garden.md": "Garlic: plant Music in October. Tomatoes in May."}
    chatty = ["Hey, my manager needs my outbound flight number for the Lisbon trip so she can track it"]
    assert files_for_request([], notes, chatty) == ["/n/travel/lisbon-trip.md"]
    # one telling word is no topic, however little the others hold
    assert files_for_request([], notes, ["hey so what did I write about the ski weekend lift prices trip"]) == []


def test_a_question_naming_a_document_by_a_word_no_other_server_uses_goes_to_it():
    notes = {**NOTES, "/home/kai/notes/recipes/shakshuka.md": "# Shakshuka for two\n4 eggs, feta, cumin. Cook 6-7 "
                                                              "minutes.",
             "/home/kai/notes/recipes/banana-bread.md": "Bake 60 minutes at 175 C."}
    terms = DocumentTerms({"notes": notes}, CueWords(servers_of={"long": frozenset({"routes"}),
                                                                 "garden": frozenset({"sights"})}))
    match = terms.match("how long do I bake the shakshuka?")
    assert match is not None and match.document.endswith("shakshuka.md")
    assert terms.match("what's the nicest garden in Lisbon?") is None  # another server uses the note's name


def test_a_word_two_servers_documents_hold_is_neither_servers_own():
    notes = {"/home/kai/notes/budget-november.md": "# Budget - November\nTotal planned: $4,066. Groceries 600."}
    tables = {"tables": "departments: name floor budget usd\ndepartments name: Engineering, Marketing"}
    terms = DocumentTerms({"notes": notes, "db": tables}, CueWords(servers_of={"budget": frozenset({"notes"})}))
    assert terms.match("what's the total budget across all departments?") is None  # both documents cover it
    match = terms.match("what's the budget of the Marketing department?")
    assert match is not None and match.server == "db"
    assert terms.match("how much did I plan for groceries in my november budget?").server == "notes"


def test_a_leader_matched_by_a_row_of_its_own_records_keeps_its_place():
    terms = _terms(CueWords(servers_of={"hotel": frozenset({"stays"}), "night": frozenset({"stays"})}))
    row = "how many tyre pressure readings are there"

    def hits(score=0.7):
        return [ServerHit(server="db", score=score, matched=row, best_for=[0])]

    assert with_document_matches(hits(), ["what pressure for the rear tyre?"], terms)[0].server == "notes"
    assert with_document_matches(hits(), ["what pressure for the rear tyre?"], terms, {"db": {row}})[0].server == "db"
    # a loose match of the same row holds nothing
    assert with_document_matches(hits(0.45), ["what pressure for the rear tyre?"], terms,
                                 {"db": {row}})[0].server == "notes"


def test_abbreviated_months_and_past_forms_meet_the_question_written_plainly():
    from indexes.document_coverage import written_plainly

    assert written_plainly("Watched: Dune, 3 Sept; Waxed chain Mar. 2") == "Watch: Dune, 3 september; Waxed chain march 2"
    log = {**NOTES, "/home/kai/notes/films.md": "# Films\n| Title | Watched |\n| Past Lives | Feb 9 |\n| Dune | Mar 2 |"}
    assert files_for_request([], log, ["what film did I watch in march"]) == ["/home/kai/notes/films.md"]


def test_a_leader_holding_a_word_of_its_own_the_document_lacks_keeps_the_question():
    tables = {"tables": "staff: id name team joined_on\nstaff name: Rhea Okoye, Tomas Berg"}
    graph = {"read_graph: Rhea Okoye": "Rhea Okoye person Started as a welder; moved to the Quay Street depot"}
    terms = DocumentTerms({"db": tables, "graph": graph}, CueWords())
    question = "which person moved to the Quay Street depot most recently and joined the team last?"
    # the graph record holds most of the question, but the database, first in the index, holds "joined" and "team"
    assert terms.match(question) is not None and terms.match(question).server == "graph"
    assert terms.match(question, leader="db") is None
    assert terms.held_by("db", question) >= {"joined", "team"}


def test_a_folder_the_request_names_confirms_no_file():
    hotel = ["Accounts keep asking me for receipts and stuff, so what nightly price did the Madrid weekend place "
             "charge according to my notes from then?"]
    named = ["/home/kai/notes/", *paths_for_request(list(NOTES), hotel)]
    assert files_for_request(named, NOTES, hotel) == ["/home/kai/notes/madrid-weekend.md"]


def test_a_word_too_many_servers_use_is_no_servers_own():
    # "pressure" of the bike note: when most servers use the word it is no cue, and so no word the notes own
    # either ("what's the pressure in Madrid?" is the weather's, though the note holds "pressure")
    common = CueWords(common={"pressure": frozenset({"weather", "garage", "stays"})})
    assert not _terms(common)._is_own("pressure", "notes")
    assert _terms(CueWords())._is_own("pressure", "notes")
    assert _terms(common).match("rear tyre pressure?") is not None  # its other words are still its own


def test_a_month_or_weekday_is_no_name_a_document_must_hold():
    from indexes.document_terms import written_names
    assert written_names("the rear tyre pressure I set in March?") == set()
    assert written_names("what did the Operations team say on Monday?") == {"operation"}  # search tokens, stemmed


def test_a_name_no_file_holds_means_no_file_is_read():
    from nodes.arguments.document_match import names_no_file_holds
    assert names_no_file_holds(NOTES, ["which hotel did I book for the Porto weekend?"]) == ["porto"]
    assert names_no_file_holds(NOTES, ["the museum code from my trip to Porto?"]) == ["porto"]
    # a city that only says where the asker is names no note: the vet's number is the vet's number anywhere
    assert names_no_file_holds(NOTES, ["I'm stuck in Porto with the dog, what's the vet's phone number?"]) == []
    assert names_no_file_holds(NOTES, ["which hotel did I book for the Madrid weekend?"]) == []
    # a name in the sentence that only tells the context, and a message's opening word, are no such names
    assert names_no_file_holds(NOTES, ["vet phone number", "What's the vet's number? I need to tell Omar."]) == []
    assert names_no_file_holds({}, ["the Porto weekend?"]) == []
    # a capitalised word that is no place names no note ("what tyre pressure in Bar does my bike note say")
    assert names_no_file_holds(NOTES, ["what rear tyre pressure in Bar does my bike note say?"]) == []
    # nor a country: the note of a trip names its city ("the Spain weekend" of madrid-weekend.md)
    assert names_no_file_holds(NOTES, ["the museum pass code from the Spain weekend?"]) == []
    # typed in lower case: a city's trip, a dish's recipe
    assert names_no_file_holds(NOTES, ["notes porto trip museum code"]) == ["porto"]
    assert names_no_file_holds(NOTES, ["get my risotto recipe, how long does it simmer"]) == ["risotto"]
    assert names_no_file_holds(NOTES, ["madrid trip hotel?", "whats in my usual recipe"]) == []


def test_a_record_row_holds_its_place_only_by_a_word_the_question_shares():
    terms = _terms(CueWords(servers_of={}))
    question = "how many psi did I note for the rear tyre?"
    rows = {"shop": ["how many tyres are in stock", "how many items are there"]}
    loose = [ServerHit(server="shop", score=0.7, best_for=[0], matched="how many items are there")]
    assert with_document_matches(loose, [question], terms, rows)[0].server == "notes"  # shares only "how many"
    close = [ServerHit(server="shop", score=0.7, best_for=[0], matched="how many tyres are in stock")]
    assert with_document_matches(close, [question], terms, rows)[0].server == "shop"  # "tyre" is the question's own


def test_a_folder_word_naming_every_file_reads_only_the_ones_near_the_best():
    question = "how much a night was Hotel Sol y Luna? should be in my notes"
    named = paths_for_request(list(NOTES), [question])
    assert len(named) > 2  # "notes" is in every path
    assert files_for_request(named, NOTES, [question]) == ["/home/kai/notes/madrid-weekend.md"]


def test_shorthand_a_question_types_reads_as_the_documents_word():
    # "conf" is no word of any document; the note writes "code" and "confirmation" in full
    notes = {**NOTES, "/home/kai/notes/porto.md": "# Porto\nHotel Ribeira, 2 nights\nConfirmation code: RBR-1180"}
    terms = DocumentTerms({"notes": notes}, CueWords(servers_of={"hotel": frozenset({"stays"}),
                                                                 "code": frozenset({"stays"})}))
    match = terms.match("what's the hotel conf code for Porto?")
    assert match is not None and match.document.endswith("porto.md") and "confirmation" in match.own_words
    assert terms.match("what's the hotel code for Porto?") is None  # no word of the notes' own


def test_a_message_that_tells_its_context_first_is_matched_by_its_asking_sentence():
    terms = _terms(CueWords(servers_of={w: frozenset({"stays"}) for w in ("hotel", "night", "cycling", "holiday",
                                                                          "mountain", "huts")}))
    message = "Cycling holiday in the mountains, huts every night, friends coming too - what pressure for the rear tyre?"
    assert terms.match(message) is None  # the whole message holds its weight in the holiday it tells
    hits = with_document_matches([ServerHit(server="stays", score=0.7, best_for=[0])], [message], terms)
    assert hits[0].server == "notes"
