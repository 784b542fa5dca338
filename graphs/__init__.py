"""Contracts and wiring of the tura graph: state, context, plan, dependencies, the graphs and the CLI."""
