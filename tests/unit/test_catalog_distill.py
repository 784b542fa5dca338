"""Distillation for a user's catalogue: requests synthesised from the catalogue (banks that share no phrasing or
value), and a search teacher that runs only read-only or trusted tools and keeps only verified calls."""

from __future__ import annotations

import random
import re
from datetime import date

import pytest
from mcp.types import Tool, ToolAnnotations

from graphs.context import Context
from nodes.distill.catalog_mentions import expression_mentions, zone_mentions
from nodes.distill.catalog_facts import catalog_facts, catalogue_outputs, tool_fields
from nodes.distill.catalog_requests import LIST_JOINS, SynthRequest, synthesize_requests
from nodes.distill.mention import CatalogFacts, Mention, bank_of
from nodes.distill.output_values import own_records_key, record_names
from nodes.distill.phrase_families import FAMILIES, PLAIN_VERBS, ROUTE_JOINS, described_action, families, named_head
from nodes.distill.value_roles import role_of
from nodes.distill.call_verification import holds_evidence, intended_fit
from nodes.distill.call_space import candidate_calls, list_choices, ranked_calls
from nodes.distill.search_teacher import TeacherReport, UnsafeCall, _run, search_trajectory, teacher_may_run
from nodes.distill.output_fields import probe_arguments
from tests.fakes import BagOfWordsEmbedding, FakeTools

TODAY = date(2026, 11, 30)
READ = ToolAnnotations(readOnlyHint=True, destructiveHint=False)
WRITE = ToolAnnotations(readOnlyHint=False, destructiveHint=True)


def tool(name: str, description: str, properties: dict | None = None, annotations: ToolAnnotations | None = READ):
    return Tool(name=name, description=description, annotations=annotations,
                inputSchema={"type": "object", "properties": properties or {}, "required": list(properties or {})})


CLOCK = tool("get_current_time", "Get current time in a specific timezone",
             {"timezone": {"type": "string", "description": "IANA timezone name (e.g., 'America/New_York')"}})
CONVERT = tool("convert_time", "Convert time between timezones", {
    "source_timezone": {"type": "string", "description": "Source IANA timezone name"},
    "time": {"type": "string", "description": "Time to convert in 24-hour format (HH:MM)"},
    "target_timezone": {"type": "string", "description": "Target IANA timezone name"}})
CALCULATE = tool("calculate", "Calculates/evaluates the given mathematical expression.",
                 {"expression": {"type": "string"}}, annotations=None)
OPEN = tool("open_nodes", "Open specific nodes in the knowledge graph by their names",
            {"names": {"type": "array", "items": {"type": "string"}, "description": "An array of entity names"}})
FACTS = CatalogFacts(names=[f"Person {c}{c.lower()}rington" for c in "ABCDEFGHIJKLMNOPQRST"])


def skeleton(request: SynthRequest) -> str:
    """The request's words with its mentions taken out: its phrasing."""
    text = request.request.lower()
    for mention in request.mentions:
        text = text.replace(mention.words.lower(), " ")
    return " ".join(re.findall(r"[a-z']+", text))


def trigrams(text: str) -> set[tuple[str, ...]]:
    words = text.split()
    return {tuple(words[i:i + 3]) for i in range(len(words) - 2)}


def test_the_train_and_heldout_banks_share_no_phrasing_family_value_or_question_shape():
    assert not set(FAMILIES["train"]["value"]) & set(FAMILIES["heldout"]["value"])
    assert not set(FAMILIES["train"]["question"]) & set(FAMILIES["heldout"]["question"])
    assert not set(FAMILIES["train"]["none"]) & set(FAMILIES["heldout"]["none"])
    tools = [CLOCK, CONVERT, CALCULATE, OPEN]
    train = synthesize_requests("srv", tools, FACTS, "train", 60)
    heldout = synthesize_requests("srv", tools, FACTS, "heldout", 15)
    assert len(heldout) >= 40 and len(train) >= 150
    train_values = {m.words.lower() for r in train for m in r.mentions if not m.question}
    assert not {m.words.lower() for r in heldout for m in r.mentions if not m.question} & train_values
    train_skeletons = {skeleton(r) for r in train}
    train_trigrams = set().union(*(trigrams(s) for s in train_skeletons))
    for request in heldout:
        assert skeleton(request) not in train_skeletons, request.request
        grams = trigrams(skeleton(request))
        assert not grams or len(grams & train_trigrams) / len(grams) < 0.5, request.request
    assert {r.family.split(":")[0] for r in heldout} == {"heldout"}


def test_requests_name_their_values_where_the_parameters_say():
    requests = synthesize_requests("srv", [CONVERT], FACTS, "train", 20)
    assert requests
    for request in requests:
        source, _, target = request.mentions
        text = request.request.lower()
        said = [join.format(a=source.words, b=target.words).lower() for join in ROUTE_JOINS["train"]]
        assert any(s in text for s in said), request.request
    assert role_of("query", "SELECT SQL query to execute") == role_of("time", "Time to convert (HH:MM)") == ""


def test_a_tool_s_action_is_read_from_its_description():
    assert (described_action(CLOCK).verb, described_action(CLOCK).head) == ("get", "current time")
    recursive = tool("search_files", "Recursively search for files and directories matching a pattern.")
    assert described_action(recursive).verb == "search"
    prices = tool("get_history", "Daily open/high/low/close and volume for the most recent trading days.")
    assert (described_action(prices).verb, described_action(prices).head) == ("get", "daily open/high/low/close")
    assert described_action(CALCULATE).verb == "calculate"


def test_a_tool_s_name_gives_a_second_head_without_its_accessor_verb():
    assert named_head(tool("get_history", "Daily open/high/low/close.")) == "history"
    assert named_head(tool("cheapestDays", "")) == "cheapest days"
    assert named_head(tool("convert_currency", "")) == "convert currency"
    assert named_head(tool("get", "")) == "get"  # a name that is only an accessor keeps it
    assert described_action(tool("get_history", "Daily open/high/low/close.")).name == "history"


def test_a_search_that_requires_nothing_is_also_asked_for_a_record_its_own_output_lists():
    search = Tool(name="search_products", description="Search the catalogue.", annotations=READ,
                  inputSchema={"type": "object", "properties": {
                      "query": {"anyOf": [{"type": "string"}, {"type": "null"}], "description": "Words to look for"},
                      "limit": {"type": "integer"}}})
    listed = {"products": [{"product_id": 3, "brand": "Anker", "model": "PowerCore 10000"},
                           {"product_id": 4, "brand": "Kobo", "model": "Clara BW",
                            "summary": "6-inch e-reader with E Ink Carta screen"}]}
    # a sentence describing the record is no name: no request span holds it
    assert record_names(listed) == ["Anker", "PowerCore 10000", "Kobo", "Clara BW"]
    facts = CatalogFacts(outputs={own_records_key("search_products"): record_names(listed) * 3})
    train = synthesize_requests("srv", [search], facts, "train", 30)
    asked = [r for r in train if r.slots == ("query",)]
    assert asked and len(asked) < len(train)  # some still ask for everything
    assert all(r.mentions[0].words.lower() in r.request.lower() for r in asked)
    # a run offers a query two words or more: "Kobo" alone is asked of no query (its only holder was the request)
    assert {r.mentions[0].words for r in asked} == {"PowerCore 10000", "Clara BW"}
    calls = candidate_calls({"search_products": {"properties": {"query": {"enum": ["Kobo", "get Kobo"]}}}},
                            {"search_products": search}, ("query",))
    assert calls == [("search_products", {"query": "Kobo"}), ("search_products", {"query": "get Kobo"})]
    assert candidate_calls({"search_products": {"properties": {}}}, {"search_products": search}, ("query",)) == [
        ("search_products", {})]


def test_training_requests_with_a_plain_verb_also_say_what_they_ask_for():
    fares = tool("cheapest_days", "The lowest available fare for each day.", {
        "origin": {"type": "string", "description": "From city"},
        "destination": {"type": "string", "description": "To city"}})
    action = described_action(fares)
    assert action.verb in PLAIN_VERBS
    offered = families("train", "value", action)
    assert offered and all("{head}" in f or "{name}" in f for f in offered)
    assert "{verb} {values}" in families("train", "value", described_action(CONVERT))  # "convert" says it
    assert families("heldout", "value", action) == FAMILIES["heldout"]["value"]


def test_training_requests_say_the_tool_s_name_and_held_out_ones_never_do():
    prices = tool("get_history", "Daily open/high/low/close and volume for the most recent trading days.",
                  {"ticker": {"type": "string", "description": "Ticker or company name"}})
    facts = CatalogFacts(names=[f"Company {c}" for c in "ABCDEFGHIJKLMNOPQRST"])
    train = synthesize_requests("srv", [prices], facts, "train", 40)
    heldout = synthesize_requests("srv", [prices], facts, "heldout", 40)
    assert any("history" in r.request.lower() for r in train)
    assert not any("history" in r.request.lower() for r in heldout)


def test_mentions_carry_what_a_right_output_must_show():
    lima = next(m for m in zone_mentions() if m.words == "Lima")
    assert lima.evidence == ("America/Lima",)
    for mention in expression_mentions(random.Random(3), 40):
        numbers = [float(n) for n in re.findall(r"\d+", mention.words)]
        assert numbers and mention.question and mention.evidence
    assert holds_evidence('{"result": 40.8}', ["40.80"]) and not holds_evidence('{"result": 41}', ["40.8"])
    assert holds_evidence('{"timezone": "America/Lima"}', ["america/lima"])


def test_candidate_calls_enumerate_the_decoding_schemas_values():
    allowed = {"convert_time": {"properties": {"source_timezone": {"enum": ["Asia/Tokyo", "Europe/Paris"]},
                                               "time": {"enum": ["15:00"]},
                                               "target_timezone": {"enum": ["Asia/Tokyo", "Europe/Paris"]}}},
               "open_nodes": {"properties": {"names": {"type": "array", "items": {"enum": ["Ann", "Bo"]}}}}}
    calls = candidate_calls(allowed, {"convert_time": CONVERT, "open_nodes": OPEN})
    assert ("open_nodes", {"names": ["Bo"]}) in calls
    assert len([c for c in calls if c[0] == "convert_time"]) == 4



def test_the_values_a_request_mentions_are_called_first_and_in_every_property_that_offers_them():
    from nodes.distill.call_space import MAX_CALLS_PER_TOOL

    spans = [f"span {n}" for n in range(15)]
    route = tool("travel_time", "Travel time between two places.", {
        "origin": {"type": "string"}, "destination": {"type": "string"}})
    allowed = {"travel_time": {"properties": {"origin": {"enum": [*spans, "Osaka Castle"]},
                                              "destination": {"enum": [*spans, "Dotonbori"]}}}}
    unmarked = candidate_calls(allowed, {"travel_time": route})
    assert len(unmarked) == MAX_CALLS_PER_TOOL and all("span" in c[1]["origin"] for c in unmarked)
    marked = candidate_calls(allowed, {"travel_time": route}, (), frozenset({"osaka castle", "dotonbori"}))
    assert marked[0] == ("travel_time", {"origin": "Osaka Castle", "destination": "Dotonbori"})
    plan = tool("plan_route", "Order places.",
                {"places": {"type": "array", "minItems": 2, "items": {"type": "string"}}})
    listed = {"plan_route": {"properties": {"places": {"type": "array", "minItems": 2, "maxItems": 10,
                                                       "items": {"enum": [*spans[:8], "Dotonbori", "Osaka Castle"]}}}}}
    first = candidate_calls(listed, {"plan_route": plan}, (), frozenset({"osaka castle", "dotonbori"}))[0]
    assert first == ("plan_route", {"places": ["Dotonbori", "Osaka Castle"]})
    # "products for kobo": no free-text span is "kobo" alone, the brand filter offers it
    search = Tool(name="search_products", description="Search products.", annotations=READ, inputSchema={
        "type": "object", "properties": {"query": {"type": "string"}, "brand": {"type": "string"}}})
    offers = {"search_products": {"properties": {"query": {"enum": ["products for kobo"]},
                                                 "brand": {"enum": ["products", "Kobo"]}}}}
    assert candidate_calls(offers, {"search_products": search}, ("query",), frozenset({"kobo"})) == [
        ("search_products", {"query": "products for kobo"}), ("search_products", {"brand": "Kobo"})]
    assert ("search_products", {"brand": "Kobo"}) in candidate_calls(offers, {"search_products": search}, (),
                                                                      frozenset({"kobo"}))


COMPARE = Tool(name="compare_cities", description="One day's forecast for several cities side by side.",
               annotations=READ, inputSchema={"type": "object", "required": ["cities"], "properties": {
                   "cities": {"type": "array", "minItems": 2, "maxItems": 8, "items": {"type": "string"},
                              "description": "2-8 cities to compare"},
                   "date": {"type": "string", "description": "a day (ISO date YYYY-MM-DD, or 'today', 'tomorrow')"}}})


def test_a_list_that_takes_two_values_is_called_with_the_named_ones_and_a_named_day_is_passed():
    assert list_choices(["Oslo", "Lima", "Rome"], {"minItems": 2}) == [
        ["Oslo", "Lima", "Rome"], ["Oslo", "Lima"], ["Oslo", "Rome"], ["Lima", "Rome"]]
    assert list_choices(["Ann", "Bo"], {}) == [["Ann", "Bo"], ["Ann"], ["Bo"]]
    # one place named twice is no list of two ("new delhi", "delhi", "New Delhi")
    assert list_choices(["new delhi", "delhi", "bangkok", "New Delhi"], {"minItems": 2}) == [
        ["new delhi", "bangkok"], ["delhi", "bangkok"], ["bangkok", "New Delhi"]]
    # the decoding made the day required: the request named one (nodes/arguments/schema.py)
    allowed = {"compare_cities": {"required": ["cities", "date"], "properties": {
        "cities": {"type": "array", "minItems": 2, "items": {"enum": ["Oslo", "Lima"]}},
        "date": {"enum": ["2026-12-04"]}}}}
    assert candidate_calls(allowed, {"compare_cities": COMPARE}) == [
        ("compare_cities", {"cities": ["Oslo", "Lima"], "date": "2026-12-04"})]
    one_city = {"compare_cities": {"properties": {
        "cities": {"type": "array", "minItems": 2, "items": {"enum": ["delhi", "new delhi"]}}}}}
    assert candidate_calls(one_city, {"compare_cities": COMPARE}, (), frozenset({"delhi"})) == []


def test_requests_for_a_list_of_two_name_two_values_and_half_name_a_day_with_its_date():
    facts = CatalogFacts(names=["Oslo", "Lima", "Rome", "Cairo", "Quito", "Tokyo", "Dakar", "Perth", "Hanoi"])
    requests = synthesize_requests("srv", [COMPARE], facts, "train", 30, today=TODAY)
    assert len(requests) >= 20
    for request in requests:
        cities = [m for m, slot in zip(request.mentions, request.slots) if slot == "cities"]
        joined = [f"{cities[0].words}{join}{cities[1].words}".lower() for join in LIST_JOINS["train"]]
        assert len(cities) == 2 and any(j in request.request.lower() for j in joined), request.request
    dated = [r for r in requests if "date" in r.slots]
    assert 0.25 < len(dated) / len(requests) < 0.75
    tomorrow = next((r for r in dated if r.mentions[r.slots.index("date")].words == "tomorrow"), None)
    if tomorrow is not None:
        assert tomorrow.mentions[tomorrow.slots.index("date")].evidence == ("2026-12-01",)
    assert SynthRequest.from_json(requests[0].to_json()) == requests[0]


def test_the_call_a_request_was_written_for_outranks_a_swapped_or_sibling_call():
    request = SynthRequest("convert 15:00 from Tokyo to Paris", "clock", "convert_time", "train:value:0",
                           (Mention("Tokyo", ("Asia/Tokyo",)), Mention("15:00"), Mention("Paris", ("Europe/Paris",))),
                           ("source_timezone", "time", "target_timezone"))
    right = {"source_timezone": "Asia/Tokyo", "time": "15:00", "target_timezone": "Europe/Paris"}
    swapped = {**right, "source_timezone": "Europe/Paris", "target_timezone": "Asia/Tokyo"}
    assert intended_fit(request, "convert_time", right) == 1.0
    assert intended_fit(request, "convert_time", swapped) < 1.0
    assert intended_fit(request, "get_current_time", {"timezone": "Asia/Tokyo"}) == 0.0
    ranked = ranked_calls(request, [("convert_time", swapped), ("convert_time", right)],
                          {"convert_time": CONVERT}, BagOfWordsEmbedding())
    assert ranked[0][2] == right and ranked[0][0] - ranked[1][0] > 0.05


def clock_server() -> FakeTools:
    def now(arguments):
        if arguments["timezone"] == "Europe/Paris":
            raise ValueError("unknown zone")
        return {"timezone": arguments["timezone"], "datetime": "2026-11-30T10:00:00"}

    wipe = tool("reset_clock", "Get current time in a specific timezone and reset it",
                {"timezone": {"type": "string", "description": "IANA timezone name"}}, annotations=WRITE)
    unmarked = tool("set_time", "Get current time in a specific timezone, then set it",
                    {"timezone": {"type": "string", "description": "IANA timezone name"}}, annotations=None)
    return FakeTools({"clock": {"get_current_time": (CLOCK, now), "reset_clock": (wipe, now),
                                "set_time": (unmarked, now)}})


async def test_the_teacher_runs_only_read_only_or_trusted_tools_and_keeps_a_verified_call():
    tools = clock_server()
    listed = await tools.list_tools("clock")
    report = TeacherReport()
    found = []
    asked = [("what time is it in Lima", "Lima", "America/Lima"), ("time in Tokyo now", "Tokyo", "Asia/Tokyo"),
             ("current time Paris", "Paris", "Europe/Paris")]
    for words, place, zone in asked:
        request = SynthRequest(words, "clock", "get_current_time", "train:value:0", (Mention(place, (zone,)),))
        found.append(await search_trajectory(request, tools, listed, set(), TODAY, Context(), BagOfWordsEmbedding(),
                                             report))
    called = {name for _, name, _ in tools.calls}
    assert called == {"get_current_time"}  # the write tool and the unannotated one were never run
    assert found[0].expected == {"tool": "get_current_time", "arguments": {"timezone": "America/Lima"}}
    assert found[2] is None and report.dropped  # Paris's call failed: nothing verified, nothing kept
    assert report.calls_run == len(tools.calls)


async def test_a_tool_trusted_by_name_may_run_and_a_write_tool_never():
    tools = clock_server()
    by_name = {t.name: t for t in await tools.list_tools("clock")}
    assert teacher_may_run(by_name["set_time"], {"set_time"}) and not teacher_may_run(by_name["set_time"], set())
    with pytest.raises(UnsafeCall, match="may change data"):
        await _run(tools, "clock", by_name["reset_clock"], {"timezone": "Asia/Tokyo"}, set(), TeacherReport())
    assert tools.calls == []


def test_of_calls_ranked_alike_the_teacher_keeps_the_most_specific_answer():
    from nodes.distill.call_verification import named_value_fit
    from nodes.distill.label_choice import chosen_call

    verified = [(0.61, "search_nodes", {"query": "Ann"}, '{"entities": [{"name": "Ann"}, {"name": "Ann Lee"}]}'),
                (0.60, "open_nodes", {"names": ["Ann"]}, '{"entities": [{"name": "Ann"}]}'),
                (0.20, "read_graph", {}, "{}")]
    assert chosen_call(verified)[0] == "open_nodes"  # a near tie: the shorter answer, every time
    assert chosen_call([(0.9, "a", {}, "long output"), (0.5, "b", {}, "x")])[0] == "a"  # a clear preference stands
    mention = (Mention("orders", ("orders",)),)
    assert named_value_fit({"table_name": "orders"}, mention) > named_value_fit({"table_name": "re orders"}, mention)


def test_of_one_tools_calls_that_answer_alike_the_label_holds_the_value_as_the_request_writes_it():
    from nodes.distill.label_choice import chosen_call, written_values

    same = '{"name": "Samsung Electronics Co., Ltd.", "last": 61.2}'
    request = "hi! Samsung quote???"
    for listed_first in (True, False):  # whichever the ranking put first
        calls = [(0.8, "get_quote", {"ticker": "Samsung Electronics Co., Ltd."}, same),
                 (0.7, "get_quote", {"ticker": "Samsung"}, same)]
        verified = calls if listed_first else calls[::-1]
        assert chosen_call(verified, request)[1] == {"ticker": "Samsung"}
    assert written_values({"cities": ["osaka", "Lima"], "n": 3}, "Osaka or lima?")
    assert not written_values({"cities": ["osaka", "Lima Peru"]}, "Osaka or lima?")
    assert chosen_call([(0.8, "a", {"x": "Samsung Electronics"}, "out")], request)[1] == {"x": "Samsung Electronics"}


def test_of_written_values_that_answer_alike_the_label_is_the_whole_name_without_filler():
    from nodes.distill.label_choice import chosen_call, label_fit

    same = '{"name": "Statue of Liberty", "city": "New York", "opens": "09:00"}'
    request = "get the one attraction for Statue of Liberty asap"
    spans = ["Statue", "Statue of Liberty asap", "Statue of Liberty", "Liberty"]
    for order in (spans, spans[::-1]):  # whichever the ranking put first
        verified = [(0.8 - n / 100, "get_details", {"attraction": span}, same) for n, span in enumerate(order)]
        assert chosen_call(verified, request)[1] == {"attraction": "Statue of Liberty"}
    assert label_fit({"attraction": "Statue of Liberty asap"}, same, request) == (True, -1, True, -1, 3)
    # a word counts only whole: "so" is no word of "person"
    people = '{"entities": [{"name": "Marco Silva", "entityType": "person"}]}'
    assert label_fit({"names": ["so", "Marco Silva"]}, people, "so Marco Silva, open it") == (True, -1, True, -1, 2)
    assert chosen_call([(0.8, "open_nodes", {"names": ["so", "Marco Silva"]}, people),
                        (0.7, "open_nodes", {"names": ["Marco Silva"]}, people)], "so Marco Silva, open it")[1] == {
        "names": ["Marco Silva"]}
    # a number has no words; a value the request does not write is not written, and its words weigh nothing
    assert label_fit({"n": 3}, same, request) == (True, 0, True, -1, 0)
    assert label_fit({"day": "2026-12-01"}, same, request) == (False, 0, False, -1, 0)
    # an argument that changes nothing is left out: the route starts at its first place anyway
    route = '{"order": ["Shamian Island", "Canton Tower"], "total_minutes": 31}'
    asked = "plan route for Shamian Island and Canton Tower"
    both = [(0.8, "plan_route", {"places": ["Shamian Island", "Canton Tower"], "start": "Shamian Island"}, route),
            (0.8, "plan_route", {"places": ["Shamian Island", "Canton Tower"]}, route)]
    for verified in (both, both[::-1]):
        assert chosen_call(verified, asked)[1] == {"places": ["Shamian Island", "Canton Tower"]}
    assert label_fit({"attraction": "Liberty Island"}, same, request)[0] is False
    # in the request's own letters: "samsung" as typed, not the listed "Samsung", whichever came first
    quote = '{"name": "Samsung Electronics Co., Ltd.", "last": 61200}'
    typed = [(0.8, "get_quote", {"ticker": "Samsung"}, quote), (0.8, "get_quote", {"ticker": "samsung"}, quote)]
    for verified in (typed, typed[::-1]):
        assert chosen_call(verified, "samsung quote pls")[1] == {"ticker": "samsung"}
    # but not at the price of filler: "statue of liberty asap" as typed is worse than the name
    lower = "get the one attraction for statue of liberty asap"
    assert label_fit({"attraction": "Statue of Liberty"}, same, lower) > label_fit(
        {"attraction": "statue of liberty asap"}, same, lower)


def test_calls_with_the_same_output_are_one_answer_and_an_error_text_answers_nothing():
    from nodes.distill.call_verification import bears_on_mentions, reads_as_an_error
    from nodes.distill.label_choice import chosen_call

    same = '{"entities": [{"name": "Ann"}]}'
    for first, second in ((0.7, 0.5), (0.5, 0.7)):  # whichever description the wording was nearer
        verified = [(first, "search_nodes", {"query": "Ann"}, same), (second, "open_nodes", {"names": ["Ann"]}, same)]
        assert chosen_call(verified)[0] == "open_nodes"
    assert reads_as_an_error('Database error: near "orders": syntax error') and not reads_as_an_error('[{"cid": 0}]')
    table = (Mention("orders", ("orders",)),)
    assert bears_on_mentions('[{"name": "id"}]', {"table_name": "orders"}, [["orders"]], table)
    assert not bears_on_mentions('[{"name": "id"}]', {"table_name": "re orders"}, [["orders"]], table)


async def test_of_equally_right_calls_the_label_is_the_base_executor_s_own():
    same = {"entities": [{"name": "Ann Lee"}]}
    search = tool("search_nodes", "Search for nodes in the knowledge graph based on a query",
                  {"query": {"type": "string", "description": "The search query to match against entity names"}})
    opener = tool("open_nodes", "Open specific nodes in the knowledge graph by their names",
                  {"names": {"type": "array", "items": {"type": "string"}, "description": "Entity names"}})
    tools = FakeTools({"graph": {"search_nodes": (search, lambda a: same), "open_nodes": (opener, lambda a: same)}})
    listed = await tools.list_tools("graph")
    request = SynthRequest("open the nodes for Ann Lee", "graph", "open_nodes", "train:value:0",
                           (Mention("Ann Lee", ("Ann Lee",)),))

    async def searches(*_):
        return "search_nodes", {"query": "Ann Lee"}

    async def forms_none(*_):
        return None

    kept = await search_trajectory(request, tools, listed, set(), TODAY, Context(), BagOfWordsEmbedding(),
                                   TeacherReport(), searches)
    assert kept.expected == {"tool": "search_nodes", "arguments": {"query": "Ann Lee"}}
    alone = await search_trajectory(request, tools, listed, set(), TODAY, Context(), BagOfWordsEmbedding(),
                                    TeacherReport(), forms_none)
    assert alone.expected["tool"] == "open_nodes"  # no habit: the teacher's own choice (the first of one answer)

    async def shortens(*_):  # the same answer, but from part of the name: not a label to copy
        return "search_nodes", {"query": "Ann"}

    whole = await search_trajectory(request, tools, listed, set(), TODAY, Context(), BagOfWordsEmbedding(),
                                    TeacherReport(), shortens)
    assert whole.expected == alone.expected


def test_a_listing_gives_the_pairs_it_connects_from_a_network_or_from_rows():
    from nodes.distill.listed_pairs import pairs_in

    network = {"network": {"Madrid": ["Lyon", "Paris"], "Lyon": ["Madrid"], "Paris": ["Madrid"]}}
    assert pairs_in(network) == [("Madrid", "Lyon"), ("Madrid", "Paris"), ("Lyon", "Madrid"), ("Paris", "Madrid")]
    rows = {"routes": [{"origin": "Oslo", "destination": "Bergen", "minutes": 400}, {"from": "Rome", "to": "Rome"}]}
    assert pairs_in(rows) == [("Oslo", "Bergen")]  # a place to itself is no pair
    assert pairs_in({"tags": ["red", "blue"], "sizes": ["s", "m"]}) == []  # lists of words, not a network


async def test_requests_for_a_source_and_a_target_name_a_pair_the_server_connects():
    network = {"Madrid": ["Lyon", "Paris", "Porto"], "Lyon": ["Madrid", "Paris"], "Paris": ["Madrid", "Lyon"],
               "Porto": ["Madrid"], "Oslo": ["Bergen"], "Bergen": ["Oslo"]}
    search = tool("search", "Direct trains from origin to destination on one day.", {
        "origin": {"type": "string", "description": "City name"},
        "destination": {"type": "string", "description": "City name"}})
    routes = tool("list_routes", "Which cities have direct trains.", {})
    routes.inputSchema["required"] = []
    server = FakeTools({"rail": {"search": (search, lambda a: {"trains": []}),
                                 "list_routes": (routes, lambda a: {"network": network})}})
    facts = await catalog_facts("rail", [search, routes], server, ["Madrid", "Oslo", "Quito", "Lima", "Hanoi"])
    assert ("Oslo", "Bergen") in facts.pairs and ("Madrid", "Oslo") not in facts.pairs
    requests = [r for r in synthesize_requests("rail", [search], facts, "train", 10) if r.tool == "search"]
    assert requests
    for request in requests:
        pair = tuple(m.words for m in request.mentions[:2])
        assert request.slots[:2] == ("origin", "destination") and pair in facts.pairs, request.request


async def test_values_only_outputs_give_are_named_by_requests_for_the_tool_that_takes_them():
    from nodes.distill.output_values import fields_in

    output = {"city": "Osaka", "attractions": [{"name": "Osaka Castle", "price": 6}, {"name": "Dotonbori"}],
              "flights": [{"flight_no": "NH123", "fare": 210.5}]}
    fields = fields_in(output)
    assert fields["attraction"] == ["Osaka Castle", "Dotonbori"] and fields["flight_no"] == ["NH123"]
    search = tool("search", "Attractions of a city.", {"city": {"type": "string", "description": "City name"}})
    details = tool("get_details", "One attraction by name.", {"attraction": {"type": "string"}})
    by_city = {"Osaka": ["Osaka Castle", "Dotonbori"], "Lima": ["Huaca Pucllana"], "Quito": ["Basilica del Voto"]}
    server = FakeTools({"sights": {
        "search": (search, lambda a: {"attractions": [{"name": n} for n in by_city.get(a["city"], [])]}),
        "get_details": (details, lambda a: {"name": a["attraction"]})}})
    facts = await catalog_facts("sights", [search, details], server, list(by_city))
    assert set(facts.outputs["attraction"]) <= {n for names in by_city.values() for n in names}
    # only the place tool is probed for values; the name tool is called (for its fields) with values it gave
    assert facts.outputs["attraction"] and all(c[1] == "search" or c[2]["attraction"] in facts.outputs["attraction"]
                                               for c in server.calls)
    requests = [r for bank in ("train", "heldout") for r in synthesize_requests("sights", [details], facts, bank, 5)]
    assert requests and all(r.mentions[0].evidence[0] in facts.outputs["attraction"] for r in requests)


def test_a_free_text_query_the_request_was_written_for_is_the_request_itself():
    from nodes.arguments.value_kinds import ValueKind

    request = SynthRequest("can you search Mumbai?", "web", "search_web", "train:value:0",
                           (Mention("Mumbai", ("Mumbai",)),), ("query",))
    kinds = {"query": ValueKind.QUERY}
    assert intended_fit(request, "search_web", {"query": "can you search Mumbai"}, kinds) == 1.0
    assert intended_fit(request, "search_web", {"query": "Mumbai"}, kinds) == 0.5


def test_the_teacher_reads_which_query_names_a_record_as_the_run_does():
    from nodes.arguments.schema import names_a_record
    from nodes.arguments.value_kinds import ValueKind

    request = SynthRequest("shopping for a PlayStation 5 Slim", "shop", "search_products", "train:value:0",
                           (Mention("PlayStation 5 Slim", ("PlayStation 5 Slim",)),), ("query",))
    kinds = {"query": ValueKind.QUERY}
    beside_filters = {"properties": {"query": {"type": "string"}, "in_stock": {"type": "boolean"}}}
    alone = {"properties": {"query": {"type": "string"}}}
    whole_of = {name: {p for p in schema["properties"] if not names_a_record(p, schema)}
                for name, schema in (("beside", beside_filters), ("alone", alone))}
    assert whole_of == {"beside": set(), "alone": {"query"}}
    record = {"query": "PlayStation 5 Slim"}
    assert intended_fit(request, "search_products", record, kinds, whole_of["beside"]) == 1.0
    assert intended_fit(request, "search_products", record, kinds, whole_of["alone"]) == 0.5


def test_an_id_is_said_with_its_noun_and_taken_from_what_the_outputs_gave():
    from nodes.arguments.value_kinds import ValueKind
    from nodes.distill.catalog_mentions import mentions_for
    from nodes.distill.output_values import fields_in

    facts = CatalogFacts(outputs=fields_in({"hotels": [{"hotel_id": 149, "open": True}, {"hotel_id": 73}]}))
    assert facts.outputs["hotel_id"] == ["149", "73"] and "open" not in facts.outputs
    mentions = mentions_for(ValueKind.ID, {"type": "integer"}, facts, random.Random(1), "hotel_id")
    assert [(m.words, m.evidence) for m in mentions] == [("hotel 149", ("149",)), ("hotel 73", ("73",))]
    fallback = mentions_for(ValueKind.ID, {"type": "integer"}, CatalogFacts(), random.Random(1), "product_id")
    assert fallback[0].words == "product 1" and len(fallback) == 12


def test_a_name_property_takes_the_records_its_description_names_from_the_whole_catalogues_outputs():
    """A route server lists nothing; its "Name of an attraction, hotel or restaurant" takes the attractions and
    hotels other servers' outputs gave, not the catalogue's companies."""
    from nodes.arguments.value_kinds import ValueKind
    from nodes.distill.catalog_mentions import described_values, mentions_for
    from nodes.distill.output_values import fields_in

    sights = CatalogFacts(outputs=fields_in({"attractions": [{"name": "Osaka Castle", "city": "Osaka"}]}))
    stays = CatalogFacts(outputs=fields_in({"hotels": [{"name": "Harbour Inn", "hotel_id": 4}], "note": "Osaka"}))
    elsewhere = catalogue_outputs([sights, stays, CatalogFacts(outputs={"attraction": ["Osaka Castle", "Dotonbori"]})])
    assert elsewhere["attraction"] == ["Osaka Castle", "Dotonbori"] and elsewhere["hotel"] == ["Harbour Inn"]
    place = {"type": "string", "description": "Name of an attraction, hotel or restaurant"}
    assert described_values(place, elsewhere) == ["Osaka Castle", "Dotonbori", "Harbour Inn"]
    routes = CatalogFacts(names=["Acme Corp", "Globex Inc."], elsewhere=elsewhere)
    said = [m.words for m in mentions_for(ValueKind.NAME, place, routes, random.Random(1), "origin")]
    assert said[:3] == ["Osaka Castle", "Dotonbori", "Harbour Inn"] and not {"Acme Corp", "Globex Inc."} & set(said)
    # "Name of ..." names no kind of record, and a description naming none keeps the catalogue's names
    assert described_values({"description": "Name of a thing"}, {"name": ["Osaka Castle"]}) == []
    plain = [m.words for m in mentions_for(ValueKind.NAME, {"description": "Company"}, routes, random.Random(1), "x")]
    assert "Acme Corp" in plain and "Osaka Castle" not in plain


def test_long_names_are_also_said_by_their_first_word_and_amounts_come_in_every_size():
    from nodes.distill.catalog_mentions import name_mentions, number_choices

    said = {m.words: m for m in name_mentions(["Samsung Electronics Co., Ltd.", "Hong Kong", "Mexico City",
                                               "Visa Inc.", "Visa Europe Ltd."])}
    assert said["Samsung"].evidence == ("Samsung Electronics Co., Ltd.",)
    assert said["Samsung"].bank == bank_of("Samsung Electronics Co., Ltd.")  # no value crosses the banks
    assert not {"Hong", "Mexico", "Visa"} & set(said)  # a place's word, a place, a word two names share
    assert max(number_choices({"type": "number", "minimum": 0})) >= 1000
    assert number_choices({"type": "integer", "minimum": 1, "maximum": 30}) == list(range(1, 13))
    assert 1500 in number_choices({"type": "number", "minimum": 0, "maximum": 1e12})  # an amount's loose ceiling


def test_training_requests_also_take_the_descriptions_own_examples_and_held_out_ones_never_do():
    from nodes.distill.phrase_families import usage_examples

    stock = tool("check_stock", "Which shops in a city sell a product. Use for 'is X in stock in Y', 'which shops "
                 "in Y sell X'.", {"product": {"type": "string"}, "city": {"type": "string", "description": "City"}})
    assert usage_examples(stock, 2) == ["is {0} in stock in {1}", "which shops in {1} sell {0}"]
    assert usage_examples(stock, 1) == []  # one placeholder per value, or none
    fares = tool("cheapest_days", "That flight's number. Use for 'when is it cheapest to fly from X to Y'.")
    assert usage_examples(fares, 2) == ["when is it cheapest to fly from {0} to {1}"]  # an apostrophe opens no quote
    facts = CatalogFacts(names=["Oslo", "Lima", "Rome", "Cairo", "Quito", "Tokyo", "Dakar", "Perth", "Hanoi"])
    train = synthesize_requests("srv", [stock], facts, "train", 30)
    usage = [r for r in train if ":usage:" in r.family]
    assert 0.15 < len(usage) / len(train) < 0.6
    assert all(r.mentions[1].words.lower() in r.request.lower() for r in usage)
    assert not [r for r in synthesize_requests("srv", [stock], facts, "heldout", 10) if ":usage:" in r.family]


def test_an_outcome_s_data_is_its_json_or_none():
    from tools.tool_outcome import ToolOutcome

    def outcome(text: str, ok: bool = True) -> ToolOutcome:
        return ToolOutcome(call_id="c", server="s", tool="t", ok=ok, text=text)

    assert outcome(' {"a": [1]} ').data() == {"a": [1]}
    assert outcome("[not json").data() is None and outcome("plain words").data() is None
    assert outcome('{"a": 1}', ok=False).data() is None


async def test_a_tools_own_output_fields_phrase_some_of_its_training_requests_never_held_out_ones():
    """What only a tool's output holds ("sessions" of a history) is how people ask for it; a field that every
    sibling returns, an id, an argument, a word requests name days by ("last") or a key that is a value names
    no tool."""
    from nodes.distill.output_fields import answer_fields, distinctive_fields, field_phrase

    quote = tool("get_quote", "Latest price of a stock.", {"ticker": {"type": "string", "description": "Ticker"}})
    history = tool("get_history", "Daily prices.", {"ticker": {"type": "string", "description": "Ticker"}})
    names = [f"Company {c}" for c in "ABCDEFGHIJKLMNOPQRST"]
    server = FakeTools({"market": {
        "get_quote": (quote, lambda a: {"name": a["ticker"], "last": 10.5, "prev_close": 10.1, "ticker": "X"}),
        "get_history": (history, lambda a: {"name": a["ticker"], "sessions": [{"date": "2026-11-27", "close": 9}],
                                            "period_high": 11, "trade_id": 4, "note": "sandbox"})}})
    facts = await catalog_facts("market", [quote, history], server, names)
    assert facts.fields == {}  # asked once the whole catalogue's outputs are known
    found = await tool_fields("market", [quote, history], server, facts)
    facts.fields, facts.contents = found.fields, found.contents
    assert facts.fields == {"get_quote": ["prev close"], "get_history": ["sessions", "date", "close", "period high"]}
    assert facts.contents == {"get_history": ["sessions"]}  # the records a history answers with
    assert answer_fields({"city": {"Lima": 1}, "rooms": [{"price": 3}]}) == ["city", "Lima", "rooms", "price"]
    assert field_phrase("Lima", {"lima"}) == "" and field_phrase("periodHigh") == "period high"
    assert field_phrase("hangzhou") == "" and field_phrase("date") == "date"  # a city's key; "date" is a word
    assert distinctive_fields({"a": ["name", "x_total"], "b": ["name"]}) == {"a": ["x total"]}
    trained = [r.request for r in synthesize_requests("market", [history], facts, "train", 40)]
    held = [r.request for r in synthesize_requests("market", [history], facts, "heldout", 40)]
    said = re.compile(r"\b(sessions|period high|close|date)\b", re.IGNORECASE)
    assert any(said.search(text) for text in trained)
    assert not any(said.search(text) for text in held)
    # asked by field, a history is asked by its sessions about as often as by all its other fields together
    by_field = [m.group(1).lower() for text in trained if (m := said.search(text))]
    assert by_field.count("sessions") >= len(by_field) / 3
    unprobed = tool("get_time", "Current time.", {"zone": {"type": "string", "description": "IANA timezone"}})
    assert probe_arguments(unprobed, {"zone": [Mention("Europe/Oslo", ("Europe/Oslo",))]}) == []
