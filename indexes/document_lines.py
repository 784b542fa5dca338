"""Documents as lines in MiniLM's sentence space: each line of a file, led by the file's name, embedded once per
process and line. Both the file choice (nodes/arguments/document_by_meaning.py) and routing
(indexes/document_meaning.py) find a question's nearest line here, for questions whose words no document holds.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import numpy as np

Encode = Callable[[Sequence[str]], Sequence[Sequence[float]]]

MAX_LINES_PER_FILE = 200
_MIN_LINE_CHARS = 4


def file_lines(path: str, text: str) -> list[str]:
    """The file's lines as sentences, each led by the file's name ("car: Plate: 7KQM 294"): a line alone often
    does not say what it is about."""
    title = re.sub(r"[-_.]+", " ", path.rsplit("/", 1)[-1].rsplit(".", 1)[0]).strip()
    lines = [line.strip(" \t-#*>|") for line in text.splitlines()]
    return [f"{title}: {line}" for line in lines if len(line) >= _MIN_LINE_CHARS][:MAX_LINES_PER_FILE]


class LineMeanings:
    """Line vectors, kept by line text for the life of the process: files are read afresh for every request (they
    may change), and only new lines are embedded."""

    def __init__(self, encode: Encode):
        self.encode = encode
        self._vectors: dict[str, np.ndarray] = {}

    def _embedded(self, lines: list[str]) -> np.ndarray:
        new = [line for line in dict.fromkeys(lines) if line not in self._vectors]
        if new:
            for line, vector in zip(new, self.encode(new)):
                self._vectors[line] = np.asarray(vector, dtype=np.float32)
        return np.stack([self._vectors[line] for line in lines])

    def nearest_files(self, contents: dict[str, str], request: str) -> list[tuple[str, float]]:
        """Each file with the score of its line nearest ``request``, best first."""
        lines_of = {path: file_lines(path, text) for path, text in contents.items()}
        lines_of = {path: lines for path, lines in lines_of.items() if lines}
        if not lines_of:
            return []
        query = np.asarray(self.encode([request])[0], dtype=np.float32)
        scored = [(path, float(np.max(self._embedded(lines) @ query))) for path, lines in lines_of.items()]
        return sorted(scored, key=lambda pair: -pair[1])
