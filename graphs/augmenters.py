"""Who writes a build's synthetic queries (``tura index build --augmenter``, benchmarks/augment_livemcpbench.py).

- ``model``: the augmenter role's chat model with TURA's JSON prompt (nodes/augment_queries.py), for a capable
  model behind an OpenAI-compatible endpoint.
- ``paraphrase``: the same role asked for one request per tool and call, each request kept only if it leads
  back to its own server (indexes/consistency.py), the template texts filling up to N: what the embedded
  135M model can do well.
- ``template``: deterministic texts from the tools' own names and descriptions (indexes/template_queries.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from chromadb.api.types import EmbeddingFunction

from indexes.augment import Generate
from indexes.consistency import ConsistentGenerate, RoundTripFilter, base_index
from indexes.documents import ServerDoc
from indexes.template_queries import GENERATOR_NAME, template_generate
from nodes.augment_queries import ModelQueryGenerator, ToolParaphraseGenerator
from nodes.models import RoleModel

AUGMENTERS = ("model", "paraphrase", "template")


@dataclass
class Augmenter:
    """A build's ``Generate``, the label stored with its queries, and the model-call bookkeeping."""

    generate: Generate
    label: str
    model_generator: ModelQueryGenerator | ToolParaphraseGenerator | None = None
    round_trip: RoundTripFilter | None = None

    @property
    def failures(self) -> list[str]:
        return list(self.model_generator.failures) if self.model_generator is not None else []


def make_augmenter(
    kind: str, model: RoleModel | None, docs: Sequence[ServerDoc], embed: EmbeddingFunction | None
) -> Augmenter:
    """The augmenter ``kind`` names; ``model`` is needed for model and paraphrase, ``embed`` for paraphrase."""
    if kind == "template":
        return Augmenter(template_generate, GENERATOR_NAME)
    if model is None:
        raise ValueError(f"the {kind!r} augmenter needs the augmenter role's model")
    if kind == "model":
        generator = ModelQueryGenerator(model)
        return Augmenter(generator, f"{model.backend}: {model.endpoint}", generator)
    if kind == "paraphrase":
        if embed is None:
            raise ValueError("the paraphrase augmenter needs an embedding function for its round-trip check")
        paraphraser = ToolParaphraseGenerator(model)
        judge = RoundTripFilter(lambda: base_index(docs, embed))
        label = f"paraphrase ({model.backend}: {model.endpoint}), round-trip top-{judge.k}, {GENERATOR_NAME} fill"
        return Augmenter(ConsistentGenerate(paraphraser, judge, fill=template_generate), label, paraphraser, judge)
    raise ValueError(f"unknown augmenter {kind!r}; use one of {', '.join(AUGMENTERS)}")
