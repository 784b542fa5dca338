"""Words a chat message wraps a request in, which name and ask for nothing ("hey", "pls", "thx", "rn"). One list
read by the question splitter (a part made of them asks nothing) and by the argument spans (none ends a name:
"Barcelona pls")."""

COURTESY_WORDS = frozenset("hey hi hello hiya yo thanks thx ty please pls plz rn asap".split())
