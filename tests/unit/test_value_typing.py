"""Value typing: concrete URLs, paths and e-mail addresses become their type before embedding; the rest stays."""

import uuid

import pytest

from indexes.documents import ServerDoc, ToolDoc
from indexes.ranking import QueryOptions
from indexes.chroma_store import ephemeral_client
from indexes.server_index import ServerIndex
from indexes.value_typing import type_values
from tests.fakes import BagOfWordsEmbedding


@pytest.mark.parametrize(
    ("text", "typed"),
    [
        ("save it to /root/markdown/cv.md", "save it to a file"),
        ("read ~/notes/todo.txt and docs/report.md", "read a file and a file"),
        ("write to C:\\Users\\me\\a.txt", "write to a file"),
        ("save /report.pdf", "save a file"),
        ("list the files in /root/pdf/papers/", "list the files in a folder"),
        ("fetch https://www.icip.org.cn/zh/zh_team/ now", "fetch a web page on icip.org.cn now"),
        ("see www.apple.com/iphone-16/.", "see a web page on apple.com."),
        ("open https://a.com/x?y=1, then stop", "open a web page on a.com, then stop"),
        ("mail bob@example.com the report", "mail an email address the report"),
    ],
)
def test_values_become_their_type(text, typed):
    assert type_values(text) == typed


@pytest.mark.parametrize(
    "text",
    ["Weather in Paris tomorrow", "and/or 24/7 TCP/IP 2024/01/05", "redirect to `/login`", "  spaced   words  "],
)
def test_text_without_values_is_untouched(text):
    assert type_values(text) == text


class RecordingEmbedding(BagOfWordsEmbedding):
    def __init__(self):
        self.seen: list[str] = []

    def embed_query(self, input):
        self.seen.extend(input)
        return self(input)


def _index() -> tuple[ServerIndex, RecordingEmbedding]:
    embed = RecordingEmbedding()
    collection = ephemeral_client().create_collection(
        f"t{uuid.uuid4().hex[:8]}", embedding_function=None, configuration={"hnsw": {"space": "cosine"}}
    )
    index = ServerIndex(collection, embed, query_cache_size=0)
    index.sync([
        ServerDoc("files", "read and write a file on disk", (ToolDoc("write_file", "save a file", ("path",)),)),
        ServerDoc("notes", "markdown notes about your cv", (ToolDoc("write_note", "write a markdown cv note"),)),
    ])
    return index, embed


def test_dense_side_embeds_the_typed_text_and_bm25_keeps_the_raw_one():
    index, embed = _index()
    typed = index.query(["save it to /root/markdown/cv.md"], top_k=2, options=QueryOptions(fusion="dense"))
    assert embed.seen == ["save it to a file"]
    assert typed[0].server == "files"
    index.query(["save it to /root/markdown/cv.md"], top_k=2, options=QueryOptions(fusion="dense", type_values=False))
    assert embed.seen[-1] == "save it to /root/markdown/cv.md"
    # BM25 reads the path's words ("markdown", "cv"): typed, the query would only match "save ... file".
    lexical = index.query(["save it to /root/markdown/cv.md"], top_k=1, options=QueryOptions(fusion="bm25"))
    assert lexical[0].server == "notes"
