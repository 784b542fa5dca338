"""Index-augmentation prompts. TURA appendix A.1: diverse example user requests for a server or a tool, as
JSON (for a capable augmenter). Per-tool paraphrasing: one plain-text request per call (for a tiny one).

Small models cannot write 20 good requests for a whole server in one reply, so the augmenter is asked for a
few at a time: once about the server, then about each tool (name, description, parameters). The few-shot
examples come from domains that none of our catalogues serve (mail, parcels, calendars), so their wording
cannot become a lucky match for some real server.
"""

from __future__ import annotations

import json

AUGMENT_SYSTEM = (
    "As a tech expert, analyze a tool's document to generate diverse, practical example queries that showcase "
    "its core functions. Each query is one short request a user would type, in English, with concrete values. "
    'Answer with JSON: {"queries": [...]}.'
)

AUGMENT_SHOTS: list[tuple[str, list[str]]] = [
    (
        "Tool: send email\nServer: Mail Assistant: read and send e-mail from your inbox\n"
        "Description: Send an e-mail message.\nParameters: to (recipient address), subject, body",
        [
            "Email Sarah that the meeting moved to 3 pm",
            "Send a thank-you note to hr@acme.com with the subject 'Offer accepted'",
            "Write to my landlord about the broken heater",
        ],
    ),
    (
        "Tool: track package\nServer: Parcel Tracker: 物流查询服务\n"
        "Description: 查询快递包裹的物流状态。\nParameters: tracking_number (运单号), carrier",
        [
            "Where is my DHL parcel 1Z999AA10123456784?",
            "Has my package from Shenzhen been delivered yet?",
            "Track UPS shipment 4412 and tell me the delivery date",
        ],
    ),
    (
        "Server: Calendar Helper: manage events and meetings in your calendar\n"
        "Tools: create event, list events, delete event, find free time",
        [
            "Schedule a dentist appointment next Tuesday at 10 am",
            "What meetings do I have tomorrow afternoon?",
            "Find a free hour on Friday for a call with the design team",
        ],
    ),
]


def shot_messages() -> list[tuple[str, str]]:
    """The few-shot turns as (role, text) pairs: user document, assistant JSON."""
    turns: list[tuple[str, str]] = []
    for document, queries in AUGMENT_SHOTS:
        turns += [("user", document), ("assistant", json.dumps({"queries": queries}, ensure_ascii=False))]
    return turns


def server_document(name: str, description: str, tool_names: list[str]) -> str:
    """The user turn asking about a whole server."""
    return f"Server: {name}: {_clip(description, 400)}\nTools: {', '.join(tool_names[:12]) or 'none listed'}"


def tool_document(server: str, server_description: str, tool: str, description: str, parameters: list[str]) -> str:
    """The user turn asking about one tool."""
    return (
        f"Tool: {tool}\nServer: {server}: {_clip(server_description, 160)}\n"
        f"Description: {_clip(description, 400)}\nParameters: {', '.join(parameters[:6]) or 'none'}"
    )


def ask_for(count: int) -> str:
    """Appended to each document: how many queries this reply should hold."""
    return f"\nWrite {count} different queries."


def _clip(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


# Per-tool paraphrasing: one request per call, plain text. A 135M model cannot write a JSON list of 20 good
# requests, but it can turn one tool description into one request when shown three; the shots are again from
# domains no catalogue of ours serves, and one is in Chinese (the answer in English) because catalogues are.
PARAPHRASE_SYSTEM = (
    "You turn a tool description into one short request a user would type, in English. "
    "Answer with the request only."
)

PARAPHRASE_SHOTS: list[tuple[str, str, str]] = [
    ("send_email", "Send an e-mail message to a recipient.", "Email Sarah that the meeting moved to 3 pm"),
    ("track_package", "查询快递包裹的物流状态。", "Where is my DHL parcel 1Z999AA10123456784?"),
    ("find_free_time", "Find free slots in the user's calendar.", "Find a free hour on Friday for a call with the team"),
]


def paraphrase_document(tool: str, description: str) -> str:
    """The user turn for one tool: its name and the opening of its description."""
    return f"Tool: {tool}\nDescription: {_clip(description, 300) or tool}"


def paraphrase_shot_messages() -> list[tuple[str, str]]:
    """The few-shot turns as (role, text) pairs: tool document, then the request."""
    turns: list[tuple[str, str]] = []
    for tool, description, request in PARAPHRASE_SHOTS:
        turns += [("user", paraphrase_document(tool, description)), ("assistant", request)]
    return turns
