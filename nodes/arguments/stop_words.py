"""Common English words that name nothing: a place, a currency code or a file is never one of them, however a
gazetteer or a code list spells it ("Of" is a town in Turkey, "ALL" is Albania's lek, "IT" is Italy)."""

STOP_WORDS = frozenset({
    "a", "all", "an", "and", "any", "are", "as", "at", "be", "but", "by", "can", "do", "for", "from", "get", "has",
    "have", "how", "i", "if", "in", "is", "it", "its", "me", "my", "no", "not", "of", "on", "or", "our", "so",
    "same", "some", "that", "the", "their", "there", "this", "to", "was", "what", "when", "where", "which", "who", "will",
    "with", "you", "your",
})
