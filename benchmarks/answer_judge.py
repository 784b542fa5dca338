"""TURA's 3-point LLM judge for benchmarks/answers.py: 2 correct, 1 partial, 0 incorrect, given the
question, the facts read from the sandbox and the answer. Optional: only with ``--judge-base-url``."""

from __future__ import annotations

import json
import re
from typing import Any

import httpx

from benchmarks.answer_facts import Expected

JUDGE_PROMPT = """You grade an AI search assistant's answer.
Question: {question}
Facts that a correct answer states (from the database): {facts}
Answer: {answer}
Score 2 if the answer states the facts correctly, 1 if partly, 0 if wrong or missing. For a question about
something that does not exist, score 2 only if the answer says it was not found. Reply with the digit only."""


async def judge_item(base_url: str, model: str, item: dict[str, Any], expected: list[Expected],
                     answer: str) -> float | None:
    """The judge's score scaled to 0..1, or None when it gave no digit."""
    facts = "; ".join(f"{e.label} = {e.value}" for e in expected) or "(the thing does not exist)"
    prompt = JUDGE_PROMPT.format(question=" / ".join(item["turns"])[:2000], facts=facts, answer=answer[:3000])
    async with httpx.AsyncClient(timeout=60.0) as client:
        response = await client.post(f"{base_url.rstrip('/')}/chat/completions", json={
            "model": model, "temperature": 0, "max_tokens": 4,
            "messages": [{"role": "user", "content": prompt}]})
        response.raise_for_status()
    text = json.loads(response.text)["choices"][0]["message"]["content"] or ""
    digit = re.search(r"[012]", text)
    return int(digit.group()) / 2 if digit else None
