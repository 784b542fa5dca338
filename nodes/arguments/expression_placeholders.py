"""The placeholders the word-problem rules match: nodes/arguments/expressions.py writes each number of a request
as N<i> and each percentage as P<i> before any rule reads it ("7% of 1,250" -> "P0 of N1"). One definition, so
every rule module (expression_rules.py and those it takes rules from) reads the same normalised text."""

N = r"(N\d+)"
P = r"(P\d+)"
NOT_NUMBER = r"(?![NP]\d)\S+"  # a word between an amount and its rate that is no other number
# "N0 , N1 and N2", or typed into a search box "N0 N1 N2": a list of figures
# a list of numbers, each maybe with its unit: "72, 85, 91 and 67", "1.250 kWh, 980 kWh and 1.475 kWh"
_ITEM = r"N\d+(?: [a-z]{1,8}(?= ,| and|$| [a-z]))?"
LIST = rf"(N\d+(?: [a-z]{{1,8}})?(?: , {_ITEM})*(?: ,)? and {_ITEM}|{_ITEM}(?: , {_ITEM})+|N\d+(?: N\d+){{2,}})"
# an operation in words or symbols between two figures: "17 squared plus 5", "40% of 250 minus 15% of 80"
STEP_WORDS = {"plus": "+", "+": "+", "minus": "-", "-": "-", "times": "*", "*": "*", "divided by": "/", "/": "/"}
