"""Standalone-rewrite prompt (SRSA's context and time handling): the latest question rewritten so it
needs no earlier turn, with references ("there", "that hotel", "the day after") resolved."""

REWRITE_SYSTEM = """Rewrite the user's LAST question so it can be understood without the conversation.
Replace words like "there", "that hotel", "it" and "that night" with what they refer to in earlier turns.
Keep dates as the user said them, or write them as YYYY-MM-DD. Today is {today}.
Reply with JSON {{"query": "..."}}."""

REWRITE_EXAMPLES = [
    ("Conversation:\nuser: Weather in Rome tomorrow?\nassistant: Sunny, 21 °C.\nLast question: And hotels there for that night?",
     '{"query": "hotels in Rome for tomorrow night"}'),
    ("Conversation:\nuser: Flights from Tokyo to Seoul on Friday\nassistant: JL93 at 09:10 for 310 USD.\n"
     "Last question: what about trains the day after?",
     '{"query": "trains from Tokyo to Seoul on Saturday"}'),
]

REWRITE_USER = "Conversation:\n{history}\nLast question: {question}"
