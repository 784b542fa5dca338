"""The graph's nodes (one module each), their prompts, the model factory and the structured-output helper."""
