"""All prompt text lives here, one module per role. Few-shot examples matter: the default model has 135M
parameters and copies the shape of what it is shown."""
