"""Mixed-rationale LoRA fine-tuning of the embedded model on CPU (peft + transformers).

transformers reads the very GGUF that llama.cpp serves (dequantised to fp32), so the adapter is trained on the
weights it will run on. The loss covers only the assistant's reply: thought + action on a ``rationale_share``
of the examples, the action alone on the rest (TURA: train with thought, infer without). Seeded and
reproducible; stops early at ``max_seconds``, saving what it has. torch, transformers and peft are imported
inside the functions: they are the ``distill`` extra's, and nothing at serving time needs them.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

LORA_TARGETS = ["q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"]


@dataclass(frozen=True)
class TrainConfig:
    rationale_share: float = 0.5
    epochs: float = 2.0
    learning_rate: float = 6e-4
    rank: int = 16
    alpha: int = 32
    dropout: float = 0.05
    batch_size: int = 8
    max_tokens: int = 512
    max_seconds: float = 0.0  # 0: no time budget
    seed: int = 13
    threads: int = 0  # 0: torch's default
    # The JSON skeleton (braces, keys) is forced by the step grammar at inference; the first token of the tool's
    # name or of a value is where the choice is made. Weighed like every other token, the tool choice stayed at
    # p ~0.7 on training examples while the mean loss read 0.02.
    skeleton_weight: float = 0.2
    first_token_weight: float = 8.0


@dataclass
class TrainReport:
    examples: int
    steps: int
    seconds: float
    examples_per_s: float
    first_loss: float
    last_loss: float
    stopped_by_budget: bool
    config: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def load_base(gguf: Path):
    """(model, tokenizer) from the GGUF, dequantised; its config without the quantisation entry, so that
    the adapter and the base config can be saved."""
    from transformers import AutoModelForCausalLM, AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(str(gguf.parent), gguf_file=gguf.name)
    model = AutoModelForCausalLM.from_pretrained(str(gguf.parent), gguf_file=gguf.name)
    if getattr(model.config, "quantization_config", None) is not None:
        del model.config.quantization_config
    # llama.cpp's converter reads the architecture from the saved config; a GGUF-loaded config has none.
    model.config.architectures = [type(model).__name__]
    if tokenizer.pad_token is None:
        tokenizer.pad_token = tokenizer.eos_token
    return model, tokenizer


Span = tuple[int, int, str]  # start, end, kind: "tool" (every token decides), "value" (its first token), "text"


def decision_spans(reply: str) -> list[Span]:
    """Character ranges of ``reply`` (a step as nodes/distill/dataset.py writes it) that the model decides, with
    their kind: the tool's name ("tool": every token of it, since siblings share a prefix: 'get' opens both
    get_quote and get_history, '_quote' decides), each argument value without its quotes, each item of a list
    ("value"), the thought ("text"), and the tool's name where the thought names it ("tool"). The rest (braces,
    keys, quotes) is the JSON skeleton that the step grammar forces at inference anyway."""
    body = json.loads(reply)
    spans: list[Span] = []
    text = "{"

    def value(item: Any, kind: str = "value") -> None:
        nonlocal text
        if isinstance(item, list):
            text += "["
            for n, element in enumerate(item):
                text += ", " if n else ""
                value(element)
            text += "]"
            return
        written = json.dumps(item, ensure_ascii=False)
        quoted = isinstance(item, str)
        spans.append((len(text) + quoted, len(text) + len(written) - quoted, kind))
        text += written

    for n, (key, item) in enumerate(body.items()):
        text += (", " if n else "") + json.dumps(key) + ": "
        if key == "params" and isinstance(item, dict):
            text += "{"
            for m, (name, argument) in enumerate(item.items()):
                text += (", " if m else "") + json.dumps(name, ensure_ascii=False) + ": "
                value(argument)
            text += "}"
        else:
            value(item, {"tool": "tool", "thought": "text"}.get(key, "value"))
    text += "}"
    if text != reply:  # not the shape the dataset writes: weigh every token alike
        return [(0, len(reply), "text")]
    thought = next((s for s in spans if s[2] == "text"), None)
    tool = body.get("tool")
    if thought and isinstance(tool, str) and tool:
        mention = reply.find(tool, thought[0], thought[1])
        if mention >= 0:
            spans.append((mention, mention + len(tool), "tool"))
    return spans


def token_weights(offsets: list[tuple[int, int]], spans: list[Span], *, skeleton: float,
                  first: float) -> list[float]:
    """A loss weight per token: ``first`` where the choice is made (every token of a tool's name, the token
    that opens a value: which city), 1 on the rest of a span and on the token that closes it (where the span
    stops), ``skeleton`` elsewhere."""
    weights = [skeleton] * len(offsets)
    for a, b, kind in spans:
        inside = [i for i, (start, end) in enumerate(offsets) if start < b and a < end]
        if not inside:
            continue
        heavy = inside if kind == "tool" else inside[:1] if kind == "value" else []
        for i in inside:
            weights[i] = max(weights[i], first if i in heavy else 1.0)
        if inside[-1] + 1 < len(weights):
            weights[inside[-1] + 1] = max(weights[inside[-1] + 1], 1.0)
    return weights


def encode(example: dict[str, Any], tokenizer, *, with_thought: bool, max_tokens: int,
           skeleton_weight: float = 1.0, first_weight: float = 1.0) -> tuple[list[int], list[int], list[float]]:
    """Token ids of prompt + reply, labels that mask the prompt (-100): loss on the reply only, and a weight per
    token (``token_weights``). The prompt is rendered with the model's chat template, as llama.cpp renders it at
    inference."""
    prompt = tokenizer.apply_chat_template(example["messages"], tokenize=False, add_generation_prompt=True)
    step = example["with_thought"] if with_thought else example["action"]
    reply = step + "<|im_end|>"
    prompt_ids = tokenizer(prompt, add_special_tokens=False)["input_ids"]
    encoded = tokenizer(reply, add_special_tokens=False, return_offsets_mapping=True)
    reply_ids = encoded["input_ids"]
    weights = token_weights(encoded["offset_mapping"], decision_spans(step), skeleton=skeleton_weight,
                            first=first_weight)
    ids = (prompt_ids + reply_ids)[-max_tokens:]
    labels = ([-100] * len(prompt_ids) + reply_ids)[-max_tokens:]
    weights = ([0.0] * len(prompt_ids) + weights)[-max_tokens:]
    return ids, labels, weights


def length_bucketed_batches(lengths: list[int], batch_size: int, rng: random.Random) -> list[list[int]]:
    """One epoch of batches: shuffled, then sorted by length within windows of 8 batches, so a batch pads to
    a similar length (less wasted compute on CPU) while the order of batches stays random."""
    order = list(range(len(lengths)))
    rng.shuffle(order)
    window = batch_size * 8
    batches: list[list[int]] = []
    for start in range(0, len(order), window):
        chunk = sorted(order[start:start + window], key=lambda i: lengths[i])
        batches += [chunk[i:i + batch_size] for i in range(0, len(chunk), batch_size)]
    rng.shuffle(batches)
    return batches


def reply_loss(model, input_ids, attention, labels, weights):
    """Weighted cross-entropy on the reply tokens only, with the output layer applied only where a label is:
    the 49k-word output layer over every prompt position was a fifth of each step's compute, all of it
    masked."""
    import torch

    causal_lm = model.get_base_model()
    hidden = causal_lm.model(input_ids=input_ids, attention_mask=attention).last_hidden_state
    targets = labels[:, 1:]
    mask = targets != -100
    logits = causal_lm.lm_head(hidden[:, :-1][mask])
    losses = torch.nn.functional.cross_entropy(logits.float(), targets[mask], reduction="none")
    weight = weights[:, 1:][mask]
    return (losses * weight).sum() / weight.sum().clamp(min=1e-6)


def train_lora(examples: list[dict[str, Any]], gguf: Path, out_dir: Path, config: TrainConfig,
               progress: Callable[[int, int, float, float], None] | None = None) -> TrainReport:
    """Train a LoRA adapter on ``examples``; writes it (peft format) and the base config to ``out_dir``.
    ``progress(step, total_steps, loss, examples_per_s)`` is called after every step."""
    import torch
    from peft import LoraConfig, get_peft_model

    random.seed(config.seed)
    torch.manual_seed(config.seed)
    if config.threads:
        torch.set_num_threads(config.threads)
    model, tokenizer = load_base(gguf)
    model = get_peft_model(model, LoraConfig(r=config.rank, lora_alpha=config.alpha, lora_dropout=config.dropout,
                                             target_modules=LORA_TARGETS, task_type="CAUSAL_LM"))
    rng = random.Random(config.seed)
    encoded = [encode(e, tokenizer, with_thought=rng.random() < config.rationale_share, max_tokens=config.max_tokens,
                      skeleton_weight=config.skeleton_weight, first_weight=config.first_token_weight) for e in examples]
    total_steps = max(1, int(len(encoded) * config.epochs / config.batch_size))
    optimizer = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=config.learning_rate)
    scheduler = torch.optim.lr_scheduler.LambdaLR(
        optimizer, lambda step: min(1.0, (step + 1) / 10) * max(0.05, 1 - step / total_steps))
    model.train()
    batches: list[list[int]] = []
    started = time.perf_counter()
    losses: list[float] = []
    stopped = False
    step = 0
    for step in range(total_steps):
        if not batches:
            batches = length_bucketed_batches([len(ids) for ids, _, _ in encoded], config.batch_size, rng)
        batch = [encoded[i] for i in batches.pop()]
        width = max(len(ids) for ids, _, _ in batch)
        input_ids = torch.tensor([ids + [tokenizer.pad_token_id] * (width - len(ids)) for ids, _, _ in batch])
        labels = torch.tensor([lab + [-100] * (width - len(lab)) for _, lab, _ in batch])
        weights = torch.tensor([w + [0.0] * (width - len(w)) for _, _, w in batch])
        attention = torch.tensor([[1] * len(ids) + [0] * (width - len(ids)) for ids, _, _ in batch])
        loss = reply_loss(model, input_ids, attention, labels, weights)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        scheduler.step()
        optimizer.zero_grad()
        losses.append(float(loss.detach()))
        elapsed = time.perf_counter() - started
        if progress:
            progress(step + 1, total_steps, losses[-1], (step + 1) * config.batch_size / elapsed)
        if config.max_seconds and elapsed > config.max_seconds:
            stopped = True
            break
    seconds = time.perf_counter() - started
    out_dir.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(str(out_dir))
    model.base_model.model.config.save_pretrained(str(out_dir / "base"))
    tokenizer.save_pretrained(str(out_dir / "base"))
    steps_done = step + 1
    report = TrainReport(len(examples), steps_done, round(seconds, 1), round(steps_done * config.batch_size / seconds, 2),
                         round(losses[0], 4), round(sum(losses[-5:]) / len(losses[-5:]), 4), stopped, asdict(config))
    (out_dir / "train_report.json").write_text(json.dumps(report.to_json(), indent=1))
    return report
