"""Values an earlier call returned that a later call may take: paths a listing printed, URLs and ids.

Why: "what's the wifi password in my notes" names no path; the path is one a listing returned
("[FILE] wifi.txt" under /notes). A path, URL or id argument is decoded from these (ARCHITECTURE.md decision 11),
never written by the model. Listing formats are read as servers print them: "[FILE] x" / "[DIR] y" lines
(with or without sizes) joined to the folder that was listed, directory trees as JSON ({name, type, children}),
search results and "Allowed directories:" lines of absolute paths, and JSON fields that hold paths.
A folder is returned with a trailing "/" ("/notes/recipes/"), so a caller can tell it from a file.
"""

from __future__ import annotations

import json
import re
from pathlib import PurePosixPath, PureWindowsPath
from typing import Any

from indexes.bm25 import plural_stem
from indexes.spelling import english_words, nearest_words
from nodes.arguments.stop_words import STOP_WORDS

MIN_SLIP_LETTERS = 5  # a shorter slip is too often another word ("jon", "ana")
_ENTRY = re.compile(r"^\s*\[(?P<kind>FILE|DIR|DIRECTORY|F|D)\]\s+(?P<name>.+?)\s*$", re.IGNORECASE)
_ABSOLUTE = re.compile(r"^(?:/|~/|[A-Za-z]:[\\/])[^\n\r\t]*$")
_PATH_KEY = re.compile(r"path|file|dir|folder|location", re.IGNORECASE)
_URL = re.compile(r"https?://[^\s'\"<>`\])}]+")
_ID_KEY = re.compile(r"^(?:id|.*_id|.*Id|.*ID|uuid|slug|key)$")
_ID_LINE = re.compile(r"\b(?:id|ID|Id)\s*[:=#]\s*([\w.\-:/]+)")
_SPLIT = re.compile(r"[\s/\\\-_.]+")
_DIRECTORY_TYPES = ("dir", "directory", "folder")
_FOLDER_HEADING = re.compile(r"director|folder|roots", re.IGNORECASE)


def _join(base: str, name: str, directory: bool) -> str:
    if _ABSOLUTE.match(name):
        path = name
    elif base:
        path = str((PureWindowsPath if "\\" in base else PurePosixPath)(base) / name)
    else:
        path = name
    path = path.rstrip("/\\") or path
    return f"{path}/" if directory and not path.endswith("/") else path


def _base(arguments: dict[str, Any]) -> str:
    """The folder a call listed: its path-like argument."""
    for key, value in arguments.items():
        if isinstance(value, str) and value and (_PATH_KEY.search(key) or _ABSOLUTE.match(value)):
            return value
    return ""


def _tree(nodes: Any, base: str) -> list[str]:
    """Paths of a JSON directory tree: a list of {name, type, children}, relative to ``base``."""
    found: list[str] = []
    for node in nodes if isinstance(nodes, list) else [nodes]:
        if not isinstance(node, dict) or not isinstance(node.get("name"), str):
            continue
        is_directory = str(node.get("type", "")).lower() in _DIRECTORY_TYPES or "children" in node
        path = _join(base, node["name"], is_directory)
        found.append(path)
        found.extend(_tree(node.get("children") or [], path.rstrip("/")))
    return found


def _json_paths(value: Any, base: str) -> list[str]:
    """Paths inside arbitrary JSON: a tree's nodes, and strings under path-like keys or that are absolute."""
    if isinstance(value, list) and value and all(isinstance(v, dict) and "name" in v for v in value) and any(
            "type" in v or "children" in v for v in value):
        return _tree(value, base)
    found: list[str] = []
    if isinstance(value, dict):
        for key, item in value.items():
            if isinstance(item, str) and (_PATH_KEY.search(str(key)) and ("/" in item or "\\" in item or "." in item)
                                          or _ABSOLUTE.match(item)):
                found.append(_join(base, item, item.endswith("/")))
            else:
                found.extend(_json_paths(item, base))
    elif isinstance(value, list):
        for item in value:
            found.extend(_json_paths(item, base))
    elif isinstance(value, str) and _ABSOLUTE.match(value):
        found.append(value)
    return found


def _text_paths(text: str, base: str) -> list[str]:
    found: list[str] = []
    folders = False  # under a heading such as "Allowed directories:", every path is a folder
    for line in text.splitlines():
        if entry := _ENTRY.match(line):
            name = re.split(r"\s{2,}|\t", entry.group("name"))[0]  # "[FILE] a.txt      1.2 KB"
            found.append(_join(base, name, entry.group("kind").upper().startswith("D")))
        elif _ABSOLUTE.match(line.strip()):
            found.append(_join("", line.strip(), folders))
        elif line.strip().endswith(":"):
            folders = bool(_FOLDER_HEADING.search(line))
    return found


def listed_paths(outputs: list[tuple[dict[str, Any], str]]) -> list[str]:
    """The paths in listing outputs, each given with the arguments of the call that printed it (so a
    relative name joins the folder that was listed), in output order, each once."""
    found: list[str] = []
    for arguments, text in outputs:
        base = _base(arguments)
        stripped = text.strip()
        try:
            data = json.loads(stripped) if stripped.startswith(("[", "{")) else None
        except json.JSONDecodeError:
            data = None
        found.extend(_json_paths(data, base) if data is not None else _text_paths(text, base))
    return list(dict.fromkeys(p for p in found if p and p.isprintable()))


def _stems(words: list[str]) -> set[str]:
    return {plural_stem(w) for w in words if len(w) > 1 and w not in STOP_WORDS}


def paths_for_request(paths: list[str], request_texts: list[str]) -> list[str]:
    """The paths whose file or folder names share words with the request ("wifi password" ->
    /notes/wifi.txt; "banana bread recipe" -> /notes/recipes/banana-bread.md), best first: words of the last
    name count twice those of the folders above it. Paths sharing no word are left out."""
    asked = _stems([w for text in request_texts for w in re.findall(r"[^\W_]+", text.lower())])  # "november?"
    scored = []
    for order, path in enumerate(paths):
        *folders, last = [p for p in re.split(r"[/\\]", path.lower()) if p] or [""]
        own = _stems([w for w in _SPLIT.split(last) if w]) & asked
        above = _stems([w for f in folders for w in _SPLIT.split(f) if w]) & asked - own
        score = 2 * len(own) + len(above)
        if score:
            scored.append((-score, path.endswith("/"), order, path))
    return [path for *_, path in sorted(scored)]


_WRITTEN_PATH = re.compile(r"(?<![\w/.:])(?:~?/[\w.\-]+(?:/[\w.\-]*)*|[A-Za-z]:\\[^\s'\"]+"
                           r"|[\w\-]+(?:/[\w\-]+)*\.[A-Za-z][A-Za-z0-9]{1,4})(?![\w/])")


def paths_written(texts: list[str]) -> list[str]:
    """Paths a text writes as such: absolute ("/tmp/a.txt", "~/notes"), or a file name with an extension
    ("report.pdf", "notes/wifi.txt"). Web addresses are not paths."""
    found = []
    for text in texts:
        without_urls = _URL.sub(" ", text)
        found.extend(m.group().rstrip(".") for m in _WRITTEN_PATH.finditer(without_urls))
    return list(dict.fromkeys(p for p in found if p))


def listed_urls(texts: list[str]) -> list[str]:
    """URLs the outputs hold, each once, without trailing punctuation."""
    return list(dict.fromkeys(u.rstrip(".,;:!?'\"") for text in texts for u in _URL.findall(text)))


def listed_ids(texts: list[str]) -> list[str]:
    """Ids the outputs hold: values of JSON fields named ``id``, ``*_id``, ``*Id`` (strings and whole
    numbers), or "id: X" in plain text."""
    found: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                if _ID_KEY.match(str(key)) and isinstance(item, (str, int)) and not isinstance(item, bool):
                    found.append(str(item))
                else:
                    walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    for text in texts:
        stripped = text.strip()
        try:
            walk(json.loads(stripped) if stripped.startswith(("[", "{")) else None)
        except json.JSONDecodeError:
            found.extend(_ID_LINE.findall(text))
        else:
            if not stripped.startswith(("[", "{")):
                found.extend(_ID_LINE.findall(text))
    return list(dict.fromkeys(v for v in found if v.strip()))


def names_in_request(known_names: list[str], request_texts: list[str]) -> list[str]:
    """Listed names the request writes: whole ("Jess Kim"), or by a word of the name that no other listed name
    has ("priya" for "Priya Raghunathan" when no other Priya is listed). A search for a record is best made
    with the record's listed name, not with the whole question."""
    text = " ".join(request_texts).lower()
    words = set(re.findall(r"[^\W_]+", text))
    whole = [n for n in known_names if len(n) > 2 and re.search(rf"(?<!\w){re.escape(n.lower())}(?!\w)", text)]
    by_word: dict[str, set[str]] = {}
    for name in known_names:
        for word in re.findall(r"[^\W_]+", name.lower()):
            if len(word) >= 3 and not word.isdigit():
                by_word.setdefault(word, set()).add(name)
    partial = [next(iter(names)) for word, names in by_word.items() if word in words and len(names) == 1]
    slipped = [name for word in words - set(by_word) if (name := _slip_of_a_name(word, by_word)) is not None]
    return list(dict.fromkeys([*whole, *partial, *slipped]))


def _slip_of_a_name(word: str, by_word: dict[str, set[str]]) -> str | None:
    """The one listed name holding a word that ``word`` misspells ("pryia" for Priya, "harriett" for Harriet):
    one edit away (two from eight letters), no English word, and no other listed name's word as close."""
    if len(word) < MIN_SLIP_LETTERS or not word.isalpha() or word in english_words():
        return None
    names = {name for found in nearest_words(word, list(by_word)) for name in by_word[found]}
    return next(iter(names)) if len(names) == 1 else None
