"""A file chosen by meaning: the file whose line is near enough and clearly nearest, else none; only new lines are
embedded (the encoder is a fake here; MiniLM's choice runs in tests/integration/test_foreign_executor.py)."""

import numpy as np

from nodes.arguments.document_by_meaning import LineMeanings, file_lines

NOTES = {"/n/wifi.txt": "home wifi\n---------\nISP: Cascade Fiber, account no. CF-8821\n",
         "/n/car.md": "# The car\nPlate: **7KQM 294**\n",
         "/n/garden.md": "tomatoes in the raised bed\n"}


class TopicEncoder:
    """A text's vector points along the first topic it mentions (a request word may stand for a topic)."""

    TOPICS = ["isp", "plate", "tomatoes"]
    SAME = {"internet": "isp", "licence": "plate"}

    def __init__(self):
        self.seen: list[str] = []

    def __call__(self, texts):
        self.seen += list(texts)
        vectors = []
        for text in texts:
            words = [self.SAME.get(w, w) for w in text.lower().replace(":", " ").replace("'", " ").split()]
            vector = np.zeros(len(self.TOPICS) + 1)
            hit = next((i for i, topic in enumerate(self.TOPICS) if topic in words), None)
            vector[hit if hit is not None else -1] = 1.0
            vectors.append(vector)
        return vectors


def test_each_line_is_led_by_the_files_name():
    assert file_lines("/n/car.md", NOTES["/n/car.md"]) == ["car: The car", "car: Plate: **7KQM 294"]


def test_the_file_with_the_clearly_nearest_line_is_chosen_else_none():
    lines = LineMeanings(TopicEncoder())
    assert lines.file_for(NOTES, "what's my account number with my internet provider") == ["/n/wifi.txt"]
    assert lines.file_for(NOTES, "my licence number?") == ["/n/car.md"]
    assert lines.file_for(NOTES, "the lift pass price in my ski trip note") == []  # near no line


def test_only_new_lines_are_embedded():
    encoder = TopicEncoder()
    lines = LineMeanings(encoder)
    lines.file_for(NOTES, "my licence number?")
    before = len(encoder.seen)
    lines.file_for({**NOTES, "/n/todo.txt": "renew the plate sticker"}, "my licence number?")
    assert encoder.seen[before:] == ["my licence number?", "todo: renew the plate sticker"]
