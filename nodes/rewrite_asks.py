"""What a follow-up asks that its rewrite must keep: a superlative ("cheapest", "top rated", "earliest") and a
stated bound on the rows ("4-star", "under $150").

Why: the model's rewrite of "my flight lands in new delhi friday evening" then "cheapest hotel for that night?"
was "hotels in new Delhi friday evening": the referents were bound, and the ask itself was lost, so the answer
listed hotels and named no cheapest one. Words the model made up are taken out (``added_words`` in
nodes/rewrite.py); words of the ask that it left out are put back here.
"""

from __future__ import annotations

from nodes.answering.row_constraints import stated_constraints
from nodes.field_vocabulary import superlative_order, superlative_words


def with_kept_asks(rewrite: str, question: str) -> str:
    """``rewrite`` opened by the follow-up ``question``'s superlative when it lost it, and closed by each of the
    question's stated bounds it lost."""
    order = superlative_order(question)
    if order is not None and superlative_order(rewrite) != order and (words := superlative_words(question)):
        rewrite = f"{words} {rewrite[:1].lower()}{rewrite[1:]}"
    kept = {c.words for c in stated_constraints(rewrite)}
    lost = [c.words.strip() for c in stated_constraints(question) if c.words not in kept]
    return f"{rewrite.rstrip(' ?.')}, {', '.join(lost)}?" if lost else rewrite
