"""Answering: how an answer is grounded in the tool outputs it cites. The facts are rendered from the outputs
(``fact_rendering``), the opening states the asked value from them (``answer_lead``), every figure and date of a
sentence is checked against the output it cites (``claims``, ``figures``), and tool text reaches a model only as
quoted data (``quoted_data``). The answer node (nodes/answer.py) puts them together.
"""
