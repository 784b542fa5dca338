"""Value typing: a sub-query's concrete values (URLs, file paths, e-mail addresses) replaced by their type
before it is embedded.

Which server can act on a value depends on its type, not on its spelling, but MiniLM reads the spelling:
``/root/markdown/cv.md`` becomes the word pieces "root", "markdown", "cv", "md" and pulls servers about
Markdown notes or résumés instead of the file servers that can write it. So the dense side sees
"save it to a file", "list a folder" and "fetch a web page on luyaojie.github.io" (a URL keeps its host, which does say
something about the source). BM25 keeps the raw text: an exact token such as a domain still matches there.

On LiveMCPBench (step-wise, full configuration) this lifted Recall@5 from 0.838 to 0.847 (14 of 267 steps
carry such a value); benchmarks/retrieval.py reports it as the ``full-value_typing`` ablation.
"""

from __future__ import annotations

import re

_URL = re.compile(r"\b(?:https?://|www\.)[^\s<>\"'`)\]]+", re.IGNORECASE)
_EMAIL = re.compile(r"\b[\w.+\-]+@[\w\-]+(?:\.[\w\-]+)+\b")
_SEGMENT = r"[\w.\-]+"
_PATH = re.compile(
    r"(?<![\w/:.])"
    r"(?:"
    rf"(?:~|\.{{1,2}})?/(?:{_SEGMENT}/)+{_SEGMENT}/?"  # /root/a/b.md, ~/notes/x, ./out/y (two segments or more)
    rf"|(?:~|\.{{1,2}})?/{_SEGMENT}\.[A-Za-z0-9]{{1,5}}\b"  # /report.pdf (one segment with an extension)
    r"|[A-Za-z]:\\(?:[^\\\s]+\\)*[^\\\s]+"  # C:\Users\me\file.txt
    rf"|\b(?:{_SEGMENT}/)+{_SEGMENT}\.[A-Za-z0-9]{{1,5}}\b"  # docs/report.md (relative, with an extension)
    r")"
)
_HOST = re.compile(r"^(?:https?://)?(?:www\.)?", re.IGNORECASE)


_TRAILING = ".,;:!?"
_EXTENSION = re.compile(r"\.[A-Za-z0-9]{1,5}$")


def _url_type(match: re.Match[str]) -> str:
    url = match.group(0)
    tail = url[len(url.rstrip(_TRAILING)) :]  # sentence punctuation after a URL is not part of it
    host = _HOST.sub("", url.rstrip(_TRAILING)).split("/", 1)[0].split("?", 1)[0]
    return (f"a web page on {host}" if host else "a web page") + tail


def _path_type(match: re.Match[str]) -> str:
    path = match.group(0).rstrip("/\\")
    return "a file" if _EXTENSION.search(path) else "a folder"


def type_values(text: str) -> str:
    """``text`` with each URL, e-mail address and path replaced by a short phrase naming its type (a path with
    an extension is "a file", one without "a folder").

    Text without such values comes back exactly as given.
    """
    if "/" not in text and "@" not in text and "\\" not in text and "www." not in text.lower():
        return text
    typed = _URL.sub(_url_type, text)
    typed = _EMAIL.sub("an email address", typed)
    typed = _PATH.sub(_path_type, typed)
    return " ".join(typed.split()) if typed != text else text
