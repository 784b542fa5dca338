"""Retrieval: embeddings, the server/tool index on chromadb, BM25, augmentation and retrieval metrics.

Nothing here imports graphs/, nodes/ or tools/: a catalogue or an LLM is passed in, never imported.
"""
