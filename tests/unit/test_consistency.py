"""Paraphrase augmentation: per-tool requests from the model, kept only if they lead back to their server."""

import pytest

from graphs.augmenters import make_augmenter
from indexes.consistency import ConsistentGenerate, RoundTripFilter, base_index
from indexes.documents import ServerDoc, ToolDoc
from indexes.template_queries import GENERATOR_NAME, template_generate
from nodes.augment_queries import ToolParaphraseGenerator
from nodes.models import RoleModel
from tests.fakes import BagOfWordsEmbedding, ScriptedChat

WEATHER = ServerDoc("weather", "forecasts rain wind for cities",
                    (ToolDoc("get_forecast", "daily forecast of rain and wind for a city. Use it often.", ("city",)),
                     ToolDoc("get_alerts", "storm alerts for a region")))
FINANCE = ServerDoc("finance", "stock quotes and prices", (ToolDoc("get_quote", "latest stock price for a ticker"),))
HOTELS = ServerDoc("hotels", "hotel rooms and booking", (ToolDoc("book_room", "book a hotel room in a city"),))
CATALOG = [WEATHER, FINANCE, HOTELS]


def model(chat: ScriptedChat) -> RoleModel:
    return RoleModel("augmenter", chat, "fake", "fake:augmenter")


async def test_paraphraser_asks_each_tool_greedy_first_and_keeps_the_first_line():
    chat = ScriptedChat(["Will it rain in Lyon?\nSure! Here is more text.", "Storms near Oslo tonight?", "",
                         "Is it windy in Nice?", "Any storm warnings for Bavaria?", "   "], repeat_last=False)
    generator = ToolParaphraseGenerator(model(chat), samples=3)
    raw = await generator(WEATHER, 20)
    # Column order: every tool's first (greedy) request, then the second samples.
    assert raw == ["Will it rain in Lyon?", "Is it windy in Nice?", "Storms near Oslo tonight?",
                   "Any storm warnings for Bavaria?"]
    assert generator.calls == 6 and len(generator.failures) == 2
    assert [kw["temperature"] for kw in chat.call_kwargs] == [0.0, 0.8, 0.8, 0.0, 0.8, 0.8]
    last_turn = chat.prompts[0][-1].content
    assert last_turn == "Tool: get_forecast\nDescription: daily forecast of rain and wind for a city."


def test_round_trip_keeps_requests_that_lead_back_to_their_server():
    built = []

    def judge():
        built.append(1)
        return base_index(CATALOG, BagOfWordsEmbedding())

    checker = RoundTripFilter(judge, k=1)
    assert built == []  # nothing is embedded until a request is checked
    kept = checker.keep("weather", ["rain forecast for my city", "latest stock price of apple", "storm alerts"])
    assert kept == ["rain forecast for my city", "storm alerts"]
    assert checker.keep("finance", ["stock price for a ticker"]) == ["stock price for a ticker"]
    assert built == [1] and (checker.kept, checker.checked) == (3, 4)


async def test_consistent_generate_filters_then_fills_with_templates():
    async def noisy(server, n):
        return ["rain forecast for my city", "book a hotel room tonight", "get_forecast", "rain forecast for my city"]

    generate = ConsistentGenerate(noisy, RoundTripFilter(lambda: base_index(CATALOG, BagOfWordsEmbedding()), k=1),
                                  fill=template_generate)
    got = await generate(WEATHER, 20)
    assert got[0] == "rain forecast for my city"
    assert "book a hotel room tonight" not in got and "get_forecast" not in got
    assert got[1:] == await template_generate(WEATHER, 20)
    assert generate.rejected["weather"] == ["book a hotel room tonight"]


def test_make_augmenter_names_its_parts_and_refuses_what_it_cannot_build():
    chat = ScriptedChat(["x"])
    chosen = make_augmenter("paraphrase", model(chat), CATALOG, BagOfWordsEmbedding())
    assert chosen.label.startswith("paraphrase (fake: fake:augmenter), round-trip top-3")
    assert chosen.round_trip is not None and chosen.model_generator is not None
    assert make_augmenter("template", None, CATALOG, None).label == GENERATOR_NAME
    with pytest.raises(ValueError, match="needs an embedding function"):
        make_augmenter("paraphrase", model(chat), CATALOG, None)
    with pytest.raises(ValueError, match="unknown augmenter"):
        make_augmenter("oracle", model(chat), CATALOG, None)
