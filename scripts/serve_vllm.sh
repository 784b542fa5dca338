#!/usr/bin/env bash
# Serve tura's models with vLLM on a GPU box (docs/deploy.md, tier 2). Not used on the offline machine.
#
#   pip install ".[vllm]" && bash scripts/serve_vllm.sh
#   tura ask --backend openai --base-url http://127.0.0.1:8000/v1 --model "$TURA_VLLM_MODEL" "..."
#
# One OpenAI-compatible server for the planner, router, decomposer, answerer and augmenter roles:
#   - structured output: tura sends `response_format: {"type": "json_schema", ...}`, which vLLM decodes under
#     its guided-decoding backend (xgrammar by default; nothing to enable);
#   - tool calls: `--enable-auto-tool-choice --tool-call-parser` for clients that send OpenAI `tools`
#     (tura's executor itself decodes one JSON step under a schema and needs no parser);
#   - the distilled executor: when TURA_VLLM_EXECUTOR_LORA names a peft adapter directory (what
#     `tura distill train` writes under its work folder, `adapter/`), it is served as the model name
#     `executor` with `--enable-lora --lora-modules`; point the executor role at it with
#     TURA_EXECUTOR_MODEL=executor. That adapter was trained on SmolLM2-135M-Instruct, so it needs that base:
#     TURA_VLLM_MODEL=HuggingFaceTB/SmolLM2-135M-Instruct (a second vLLM on another port can then serve a
#     larger model for the other roles via TURA_<ROLE>_BASE_URL).
set -euo pipefail

MODEL="${TURA_VLLM_MODEL:-Qwen/Qwen2.5-7B-Instruct}"
HOST="${TURA_VLLM_HOST:-0.0.0.0}"
PORT="${TURA_VLLM_PORT:-8000}"
TOOL_PARSER="${TURA_VLLM_TOOL_PARSER:-hermes}"  # hermes fits Qwen2.5 and SmolLM2's chat template
LORA="${TURA_VLLM_EXECUTOR_LORA:-}"

command -v vllm >/dev/null || { echo "serve_vllm: vllm is not installed; run: pip install '.[vllm]'" >&2; exit 2; }

args=(serve "$MODEL" --host "$HOST" --port "$PORT" --served-model-name "$MODEL"
      --enable-auto-tool-choice --tool-call-parser "$TOOL_PARSER"
      --max-model-len "${TURA_VLLM_MAX_MODEL_LEN:-8192}" --enable-prefix-caching)
if [ -n "$LORA" ]; then
  [ -f "$LORA/adapter_config.json" ] || { echo "serve_vllm: $LORA has no adapter_config.json (a peft adapter directory)" >&2; exit 2; }
  args+=(--enable-lora --lora-modules "executor=$LORA" --max-lora-rank "${TURA_VLLM_MAX_LORA_RANK:-16}")
fi
echo "serve_vllm: vllm ${args[*]}"
exec vllm "${args[@]}"
