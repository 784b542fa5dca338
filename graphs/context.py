"""The run's configuration: a frozen dataclass used as the graph's ``context_schema``.

LangGraph Studio and the server API show these fields as assistant configuration, so a chat app can
pick models, top-K, the latency budget or a forced route per assistant.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Backend = Literal["embedded", "openai"]
ForcedRoute = Literal["auto", "fast", "parallel", "planning"]
Approvals = Literal["ask", "deny", "allow"]


@dataclass(frozen=True)
class Context:
    """Per-run settings. Secrets never live here: API keys come from the environment (graphs/deps.py)."""

    model_backend: Backend = field(
        default="embedded",
        metadata={"description": "'embedded' (llama.cpp in process) or 'openai' (any OpenAI-compatible endpoint)."},
    )
    openai_base_url: str = field(
        default="http://127.0.0.1:8000/v1",
        metadata={"description": "Base URL of the OpenAI-compatible endpoint (e.g. a local vLLM server)."},
    )
    openai_model: str = field(
        default="Qwen/Qwen2.5-7B-Instruct",
        metadata={"description": "Model name served at the endpoint; per-role overrides via TURA_<ROLE>_MODEL."},
    )
    request_timeout_s: float = field(
        default=20.0, metadata={"description": "Timeout of one model request to an endpoint, in seconds."}
    )
    structured_retries: int = field(
        default=2, metadata={"description": "How many times a model is re-asked after invalid structured output."}
    )
    top_k_servers: int = field(default=3, metadata={"description": "Servers kept per query after retrieval."})
    top_n_rows: int = field(default=40, metadata={"description": "Index rows fetched per sub-query before MaxSim."})
    max_sub_queries: int = field(default=4, metadata={"description": "Upper bound on decomposed sub-queries."})
    max_tasks: int = field(default=6, metadata={"description": "Upper bound on tasks in a plan."})
    max_executor_steps: int = field(default=2, metadata={"description": "Tool calls one task's executor may make."})
    tool_timeout_s: float = field(default=15.0, metadata={"description": "Timeout of one MCP tool call, in seconds."})
    task_timeout_s: float = field(default=60.0, metadata={"description": "Timeout of one plan task, in seconds."})
    latency_budget_s: float = field(
        default=180.0, metadata={"description": "Budget for the whole run, router to answer: tool calls still running "
                                                "when it nears its end are cancelled, and the answer is then written "
                                                "from what was found."}
    )
    probe_budget_s: float = field(
        default=3.0, metadata={"description": "Time bound of the read-only retrieval probe before planning (0: off)."}
    )
    max_search_steps: int = field(
        default=3, metadata={"description": "Steps of the planning route's serial search (search, compress, decide)."}
    )
    forced_route: ForcedRoute = field(
        default="auto", metadata={"description": "Force a route ('fast', 'parallel', 'planning') or 'auto'."}
    )
    constrain_arguments: bool = field(
        default=True, metadata={"description": "Decode tool arguments only from the request's spans, resolved "
                                               "dates, dependency outputs and named enum values."})
    bind_answers: bool = field(
        default=True, metadata={"description": "Check every figure of the answer against the cited output's "
                                               "field; fall back to a rendering of the cited facts."})
    search_fallback: bool = field(
        default=True, metadata={"description": "Send sub-queries no dynamic server matches to the catalogue's "
                                               "search server."})
    # On by default: the shipped adapter beats the base executor on held-out single requests
    # (benchmarks/distill.py: 0.905 vs 0.484) and end to end on benchmarks/answers.py's test split, within every
    # latency bar. Off compares with the base executor; the openai backend ignores it.
    executor_adapter: bool = field(
        default=True, metadata={"description": "Run the executor role on the distilled LoRA adapter when one is "
                                               "installed (embedded backend; other roles keep the base model)."})
    # On by default: held-out follow-ups rewritten right 0.850 vs 0.183, and end to end the second turn called the
    # right server with the carried-over value 0.767 vs 0.367 (benchmarks/distill_rewriter.py), at the same latency.
    rewriter_adapter: bool = field(
        default=True, metadata={"description": "Rewrite follow-ups on the distilled rewriter's LoRA adapter when "
                                              "one is installed (embedded backend)."})
    # Off by default: measured on benchmarks/streaming_dispatch.py (fixed-rate stream), not yet end to end on a real planner.
    stream_plan: bool = field(
        default=False, metadata={"description": "Start the planner's tasks while its plan streams, each once it is "
                                               "complete and its dependencies have started; off: after the whole "
                                               "plan."})
    today: str = field(
        default="", metadata={"description": "ISO date treated as today (empty: the machine's date)."}
    )
    approvals: Approvals = field(
        default="ask", metadata={"description": "Calls that change data (bookings, orders): 'ask' pauses the run "
                                                "for a person's approve / edit / reject, 'deny' never runs them, "
                                                "'allow' runs them. mcp.json may set 'approvals' per server or "
                                                "per tool."})
    builtin_servers: bool = field(
        default=True, metadata={"description": "Use the built-in sandbox servers beside the mcp.json servers (when "
                                              "the server has them on: TURA_BUILTIN_SERVERS); off: the servers of "
                                              "TURA_CATALOG alone, with their own index."})
    user_name: str = field(
        default="", metadata={"description": "The person the run acts for: bookings and orders are made under "
                                             "this name when the question names nobody."})
