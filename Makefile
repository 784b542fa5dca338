# The README's two commands: `make demo` and `make test`. Both set everything up first (idempotent).
.PHONY: setup demo test unit integration

setup:
	bash scripts/setup.sh

demo: setup
	.venv/bin/tura ask "What is the weather in Beijing tomorrow?"

test: setup
	bash scripts/test.sh

unit: setup
	.venv/bin/python -m pytest -q tests/unit
