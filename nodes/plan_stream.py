"""The planner's plan, streamed and dispatched as it is written (nodes/streaming_dispatch.py).

The streamed wire format names each task's dependencies inline (``deps``), so a task is whole the moment its
object closes; the decoding schema allows only retrieved servers, as the non-streamed one does. A stream that
fails (endpoint, decoding) or a plan that turns out invalid comes back as a report with ``plan=None`` and the
reason: the plan node then plans again without streaming, with repair and fallback.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from typing import Any, Literal

from langchain_core.messages import BaseMessage
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from nodes.model_call import charge_model_time
from nodes.models import RoleModel
from nodes.streaming_dispatch import DispatchReport, StreamingDispatch, dispatch_streamed_plan
from nodes.structured import decoding_constraint


class StreamedTask(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str = Field(pattern=r"^T[0-9]{1,3}$")
    server: str
    query: str = Field(min_length=1)
    deps: list[str] = Field(default_factory=list)


class StreamedPlannerOutput(BaseModel):
    """The streamed wire format: EASP's diagnosis first, then tasks with inline dependencies. Nothing else:
    a planner that answers in the other format ("dependency": ["T1->T2"]) would lose its dependencies."""

    model_config = ConfigDict(extra="forbid")

    diagnosis: Literal["effective", "recall_noise", "recall_void", "precision"] = "effective"
    strategy: Literal["preserve", "sanitise", "concretise", "halt"] = "preserve"
    tasks: list[StreamedTask] = Field(default_factory=list)


def streamed_planner_schema(allowed_servers: list[str], max_tasks: int) -> dict[str, Any]:
    schema = StreamedPlannerOutput.model_json_schema()
    task = schema["$defs"]["StreamedTask"]
    task["properties"]["server"] = {"enum": list(allowed_servers)}
    task["properties"]["deps"]["items"] = {"type": "string", "pattern": r"^T[0-9]{1,3}$"}
    schema["properties"]["tasks"]["maxItems"] = max_tasks
    return schema


async def planner_text(model: RoleModel, conversation: list[BaseMessage], schema: dict[str, Any],
                       seen: list[str]) -> AsyncIterator[str]:
    """The planner's reply as it streams, decoding constrained to ``schema``; each piece is kept in ``seen``
    and the call's time charged to the stage."""
    runnable = model.chat.bind(**decoding_constraint(model.backend, StreamedPlannerOutput, schema,
                                                     endpoint=model.endpoint))
    started, message = time.perf_counter(), None
    async for chunk in runnable.astream(conversation):
        message = chunk if message is None else message + chunk
        if chunk.text:
            seen.append(chunk.text)
            yield chunk.text
    if message is not None:
        charge_model_time(message, time.perf_counter() - started)


async def plan_while_streaming(model: RoleModel, conversation: list[BaseMessage], dispatch: StreamingDispatch,
                               schema: dict[str, Any]) -> tuple[DispatchReport, str]:
    """Stream the plan into ``dispatch``; returns its report and the planner's whole text."""
    seen: list[str] = []

    def whole_reply_problem() -> str | None:
        try:
            StreamedPlannerOutput.model_validate_json("".join(seen))
        except ValidationError as exc:
            return f"the plan is not in the streamed format: {exc.errors()[0]['msg']} at {exc.errors()[0]['loc']}"
        return None

    try:
        report = await dispatch_streamed_plan(planner_text(model, conversation, schema, seen), dispatch,
                                              check_text=whole_reply_problem)
    except Exception as exc:  # the stream broke (endpoint, decoding): cancel what started, plan without streaming
        report = await dispatch.abandon(f"the planner's stream failed: {type(exc).__name__}: {exc}")
    return report, "".join(seen)
