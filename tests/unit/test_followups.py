"""The follow-up oracle (nodes/distill/followups.py): conversations whose standalone rewrite is known, in two
banks that share no template, the held-out one on held-out entities; each written as a training example in the
distilled rewriter's own prompt, which the runtime then asks without few-shot examples."""

import json
from datetime import date

from langchain_core.messages import AIMessage, HumanMessage

from graphs.context import Context
from nodes.distill.followups import rewrite_example, synthesize_followups
from nodes.distill.oracle import HELDOUT_CITIES, HELDOUT_COMPANIES
from nodes.embedded_model import to_llama_messages
from nodes.models import RoleModel
from nodes.prompts.rewrite import REWRITE_EXAMPLES
from nodes.rewrite import rewrite_conversation, rewrite_standalone
from tests.fakes import ScriptedChat
from tools.sandbox.generate import ensure_sandbox

TODAY = date(2026, 11, 26)


def sandbox(tmp_path):
    return ensure_sandbox(tmp_path / "sandbox.db", today=TODAY)


def test_banks_share_no_template_and_the_held_out_one_uses_held_out_entities(tmp_path):
    db = sandbox(tmp_path)
    train, heldout = synthesize_followups(db, "train", 200), synthesize_followups(db, "heldout", 80)
    strip = lambda t: t.split(":", 1)[1]  # noqa: E731
    assert {f.first for f in train}.isdisjoint({f.first for f in heldout})
    assert {(strip(f.template), f.question) for f in train}.isdisjoint({(strip(f.template), f.question) for f in heldout})
    assert {f.question.split()[0] for f in heldout} - {f.question.split()[0] for f in train}  # phrasings apart
    held = {c.lower() for c in HELDOUT_CITIES + HELDOUT_COMPANIES}
    for item in train:
        assert not any(value.lower() in held for value in item.must), item
    assert all(any(value.lower() in held for value in item.must) or item.template.split(":")[1] == "conversion"
               for item in heldout)
    kinds = {f.template.split(":")[1] for f in heldout}
    assert kinds == {"place", "route", "arrival", "in_currency", "history", "conversion"}


def test_the_standalone_holds_what_the_conversation_fixes_and_is_seeded(tmp_path):
    db = sandbox(tmp_path)
    items = synthesize_followups(db, "train", 60, seed=5)
    assert items == synthesize_followups(db, "train", 60, seed=5)
    for item in items:
        for value in item.must:
            assert value.lower().rstrip("s") in item.standalone.lower(), item
        assert item.standalone.lower() not in item.first.lower()  # the follow-up asks something new


def test_an_example_is_the_distilled_rewriters_prompt_with_the_rewrite_as_target(tmp_path):
    item = synthesize_followups(sandbox(tmp_path), "train", 1)[0]
    example = rewrite_example(item, TODAY)
    turns = [HumanMessage(item.first), AIMessage(item.reply)]
    assert example["messages"] == to_llama_messages(rewrite_conversation(turns, item.question, TODAY,
                                                                         with_examples=False))
    assert json.loads(example["action"]) == {"query": item.standalone} and example["with_thought"] == example["action"]
    assert item.question in example["messages"][-1]["content"] and item.first in example["messages"][-1]["content"]


async def test_the_distilled_rewriter_is_asked_without_few_shot_examples():
    turns = [HumanMessage("weather in Lisbon tomorrow"), AIMessage("Sunny [T1.1].")]
    prompts = {}
    for distilled in (False, True):
        chat = ScriptedChat(['{"query": "hotels in Lisbon tomorrow"}'])
        model = RoleModel(role="rewriter", chat=chat, backend="fake", endpoint="fake", distilled=distilled)
        query, problem = await rewrite_standalone(model, turns, "any hotels?", Context(today=TODAY.isoformat()))
        assert query.startswith("hotels in Lisbon") and problem is None
        prompts[distilled] = " ".join(m.text for m in chat.prompts[0])
    example_reply = REWRITE_EXAMPLES[0][1]
    assert example_reply in prompts[False] and example_reply not in prompts[True]


def test_a_rewrite_may_name_what_is_asked_in_catalogue_words_but_not_an_invented_value():
    from nodes.rewrite import added_words

    from indexes.documents import ServerDoc, ToolDoc
    from indexes.route_cues import derive_cue_words

    # the kinds of thing a catalogue serves come from its own names, not from a list in the code
    kinds = derive_cue_words([ServerDoc("stays", "Rooms.", (ToolDoc("search_hotels", "Hotels in a city."),))]).kinds
    turns = [HumanMessage("any planes Berlin -> Rome tmr?")]
    assert added_words("hotels in Rome tmr", turns, "need a room at my destination too", TODAY, kinds) == []
    assert added_words("hotels in Paris tmr", turns, "need a room at my destination too", TODAY, kinds) == ["Paris"]
    assert added_words("hotels in Rome tmr", turns, "need a room at my destination too", TODAY) == ["hotels"]


async def test_a_follow_up_of_a_follow_up_changes_the_last_standalone_question_without_a_model():
    chat = ScriptedChat(["the model must not be asked"])
    model = RoleModel(role="rewriter", chat=chat, backend="fake", endpoint="fake")
    turns = [HumanMessage("price of nvidia"), AIMessage("NVIDIA: 180 USD [T1.1]"), HumanMessage("what about AMD"),
             AIMessage("AMD: 160 USD [T1.1]")]
    context = Context(today=TODAY.isoformat())
    query, _ = await rewrite_standalone(model, turns, "and that in euros?", context, last_standalone="price of AMD")
    assert query == "price of AMD in euros"
    swapped, _ = await rewrite_standalone(model, turns[:2], "ok and shenzhen?", context, ["nvidia"],
                                          last_standalone="How's the weather looking in nvidia on Sunday?")
    assert swapped == "How's the weather looking in shenzhen on Sunday?" and chat.calls_made == 0


async def test_same_for_swaps_the_value_and_there_keeps_the_last_day_without_a_model():
    chat = ScriptedChat(["the model must not be asked"])
    model = RoleModel(role="rewriter", chat=chat, backend="fake", endpoint="fake")
    context = Context(today=TODAY.isoformat())
    turns = [HumanMessage("what's amazon trading at"), AIMessage("AMZN: 210 USD [T1.1]")]
    swapped, _ = await rewrite_standalone(model, turns, "same for google", context, ["amazon"])
    assert swapped == "what's google trading at"
    flight = [HumanMessage("cheapest Sydney to Tokyo on Dec 9?"), AIMessage("QF25: 512 USD [T1.1]")]
    there, _ = await rewrite_standalone(model, flight, "need somewhere to sleep there too, cheapest?", context,
                                        ["Sydney", "Tokyo"])
    assert there == "need somewhere to sleep in Tokyo too, cheapest on 2026-12-09" and chat.calls_made == 0


def test_there_after_a_route_is_where_it_ends_and_a_things_city_is_left_to_locate():
    from nodes.reference_followups import resolve_there, thing_in_place_of_place

    assert resolve_there("weather there that day?", "Any flights Sydney to Singapore on Thursday? cheapest one",
                         ["Sydney", "Singapore", "2026-12-03"]) == "weather in Singapore that day?"
    assert resolve_there("hotels there", "flights Paris or Rome", ["Paris", "Rome"]) is None  # no route: no guess
    # where the last route ends, however it is pointed at
    route = ("cheapest flight seoul to guangzhou on the 12th?", ["seoul", "guangzhou"])
    assert resolve_there("how warm will it be when I land? just the high", *route) == \
        "how warm will it be in guangzhou? just the high"
    assert resolve_there("what's the forecast at my destination that day?", *route) == \
        "what's the forecast at guangzhou that day?"
    assert resolve_there("what's the best restaurant in that place?", "any cheap flights Cairo to Istanbul on Saturday?",
                         ["Cairo", "Istanbul"]) == "what's the best restaurant in Istanbul?"
    assert resolve_there("and the cheapest hotel at the other end that night", "Chengdu to Xi'an on Monday — cheapest?",
                         ["Chengdu", "Xi'an"]) == "the cheapest hotel in Xi'an that night"
    assert resolve_there("actually there'll be 4 of us", "Need 2 seats Madrid→Paris on Wednesday", ["Madrid", "Paris"]) is None
    # the last turn also searched the web with the whole question: a query, not a value
    assert resolve_there("what's the high there that day?", "Flying Amsterdam to Istanbul on Dec 10 — cheapest option?",
                         ["Amsterdam", "Istanbul", "Flying Amsterdam to Istanbul on Dec 10 — cheapest option"]) == (
        "what's the high in Istanbul that day?")
    assert thing_in_place_of_place("what's the weather in that city on Wednesday",
                                   "Tell me about the Forbidden City") == (
        "what's the weather in that city on Wednesday (Forbidden City)")  # the last question is not asked again
    assert thing_in_place_of_place("and hotels there?", "weather in Paris") is None  # a place, said before
    # a small town inside the thing's name is no place said; the last question's day goes with the follow-up
    assert thing_in_place_of_place("is there a chance of rain in that city then?",
                                   "Going up to the Marina Bay Sands SkyPark on Saturday!!", date(2026, 11, 29)) == (
        "is there a chance of rain in that city on 2026-12-05 then (Marina Bay Sands)")
    from nodes.thing_places import reference_end

    text = "is there a chance of rain in that city"  # "is there" points at no place
    assert reference_end(text) == len(text)


def test_there_as_a_subject_is_no_place_and_a_new_day_takes_the_old_days_place():
    from nodes.reference_followups import resolve_there
    from nodes.rewrite import bind_dates

    last = "Cheapest hotel in Singapore for Saturday night, 2 adults"
    assert resolve_there("and if there are 4 of us?", last, ["Singapore"]) is None
    assert resolve_there("is there a museum there?", "weather in Oslo", ["Oslo"]) == "is there a museum in Oslo?"
    turns = [HumanMessage("Barcelona to Rome on Tuesday, what's the cheapest flight?"), AIMessage("AZ159 [T1.1]")]
    assert bind_dates("Barcelona to Rome on Tuesday, what's the cheapest flight?", turns, "and on wednesday?",
                      TODAY) == "Barcelona to Rome on 2026-12-02, what's the cheapest flight"


def test_that_day_in_a_located_follow_up_is_the_day_asked_before():
    from datetime import date

    from nodes.reference_followups import with_last_date

    last = "Flying Amsterdam to Istanbul on Dec 10 — cheapest option?"
    assert with_last_date("what's the high in Istanbul that day?", last, "what's the high there that day?",
                          date(2026, 11, 29)) == "what's the high in Istanbul on 2026-12-10?"
    assert with_last_date("hotels in Istanbul", last, "hotels there", date(2026, 11, 29)) == (
        "hotels in Istanbul on 2026-12-10")


def test_a_name_said_alone_or_with_too_swaps_the_last_calls_value():
    from nodes.reference_followups import swap_argument

    assert swap_argument("boeing too", "apple stock price", ["apple"]) == "boeing stock price"
    assert swap_argument("disney?", "apple stock price", ["apple"]) == "disney stock price"
    assert swap_argument("why?", "apple stock price", ["apple"]) is None  # asks, names nothing
