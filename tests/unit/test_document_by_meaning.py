"""A file chosen by meaning: the file whose line is near enough and clearly nearest, else none; only new lines are
embedded (the encoder is a fake here; MiniLM's choice runs in tests/integration/test_foreign_executor.py)."""

from indexes.document_lines import LineMeanings, file_lines
from nodes.arguments.document_by_meaning import file_for
from tests.fakes import TopicEncoder

NOTES = {"/n/wifi.txt": "home wifi\n---------\nISP: Cascade Fiber, account no. CF-8821\n",
         "/n/car.md": "# The car\nPlate: **7KQM 294**\n",
         "/n/garden.md": "tomatoes in the raised bed\n"}


def test_each_line_is_led_by_the_files_name():
    assert file_lines("/n/car.md", NOTES["/n/car.md"]) == ["car: The car", "car: Plate: **7KQM 294"]


def test_the_file_with_the_clearly_nearest_line_is_chosen_else_none():
    lines = LineMeanings(TopicEncoder())
    assert file_for(lines, NOTES, "what's my account number with my internet provider") == ["/n/wifi.txt"]
    assert file_for(lines, NOTES, "my licence number?") == ["/n/car.md"]
    assert file_for(lines, NOTES, "the lift pass price in my ski trip note") == []  # near no line


def test_only_new_lines_are_embedded():
    encoder = TopicEncoder()
    lines = LineMeanings(encoder)
    file_for(lines, NOTES, "my licence number?")
    before = len(encoder.seen)
    file_for(lines, {**NOTES, "/n/todo.txt": "renew the plate sticker"}, "my licence number?")
    assert encoder.seen[before:] == ["my licence number?", "todo: renew the plate sticker"]


def test_a_file_that_never_mentions_the_name_asked_about_is_not_chosen():
    assert file_for(LineMeanings(TopicEncoder()), NOTES, "my licence number, says Wilhelmina?") == []


class _Ranked:
    """Line meanings that rank files as given (the agreement rule reads only the ranking and the files' words)."""

    def __init__(self, ranked):
        self.ranked = ranked

    def nearest_files(self, contents, request):
        return self.ranked


def test_a_weaker_nearest_file_is_chosen_when_it_alone_holds_a_word_of_the_request():
    weak = _Ranked([("/n/wifi.txt", 0.36), ("/n/car.md", 0.30)])
    assert file_for(weak, NOTES, "calling the fibre company, they want the account number") == ["/n/wifi.txt"]
    # no word of the request is the nearest file's alone: a weak nearest line decides nothing
    assert file_for(weak, NOTES, "calling the fibre company, they want the number") == []
    # nor when the runner-up is about as near
    close = _Ranked([("/n/wifi.txt", 0.36), ("/n/car.md", 0.33)])
    assert file_for(close, NOTES, "calling the fibre company, they want the account number") == []
