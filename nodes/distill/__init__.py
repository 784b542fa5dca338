"""TURA's distilled agent executor (§4.4): synthesised sub-tasks, teacher trajectories run against the real MCP
servers, correctness and efficiency judges, mixed-rationale LoRA fine-tuning on CPU, GGUF export."""
