"""How a message asks: the patterns of a part that asks, of a request made without a question, and of a sentence's
end. Shared by the intent splitter (nodes/intent_split.py), the reading of
the asker's situation (nodes/situation_told.py) and the reading of a message's opening scope
(nodes/message_scope.py).
"""

from __future__ import annotations

import re

# A part that asks: it opens with a question word, holds a question phrase, or ends with "?" ("price is $240" asks
# nothing; "total?" does)
ASKS = re.compile(r"^\s*(?:what|what's|whats|which|who|when|where|how|is|are|does|do|can|could)\b|"
                  r"\b(?:what|what's|whats|which|who|when|where|how)\b|\?", re.I)
# A sentence that asks a service for something without a question: "I need a hotel in Paris.", "Book a table."
REQUESTS = re.compile(r"\b(?:need|want|wanna|like|find|book|get|show|give|tell|check|list|search|look up|convert|"
                      r"calculate|compare|send|add|remind|please|pls)\b", re.I)
# A question word anywhere in a part ("which restaurant in Tokyo has the best rating")
ASKS_WORD = re.compile(r"\b(?:what|what's|whats|which|who|when|where|how)\b", re.I)
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=\S)")
# a question without its mark: "also is it cold in beijing tomorrow"
ASKS_INVERTED = re.compile(r"^\W*(?:also|and|plus)\b|\b(?:is|are|was|were|do|does|did|can|could|will|would|should) "
                           r"(?:it|there|they|he|she|we|you|i)\b", re.I)
