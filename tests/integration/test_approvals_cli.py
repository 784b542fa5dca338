"""`tura ask` without a terminal never books; with --approve-writes it books exactly once (issue 15).
Real embedded model, real hotels server, real sandbox."""

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]
BOOKING = "Book the cheapest 4-star hotel in Paris for tomorrow night"


def ask(data_dir: Path, *flags: str) -> tuple[int, dict]:
    env = {**os.environ, "TURA_DATA_DIR": str(data_dir), "HF_HUB_OFFLINE": "1"}
    done = subprocess.run([str(Path(sys.executable).with_name("tura")), "ask", "--json", "--user-name",
                           "Ada Lovelace", *flags, BOOKING], capture_output=True, text=True, env=env, cwd=ROOT,
                          timeout=400, stdin=subprocess.DEVNULL)
    assert done.stdout.strip(), done.stderr[-2000:]
    return done.returncode, json.loads(done.stdout)


def bookings(data_dir: Path) -> list[tuple]:
    with sqlite3.connect(data_dir / "sandbox.db") as conn:
        return conn.execute("SELECT hotel_id, guest_name, check_in FROM hotel_bookings").fetchall()


def test_without_a_terminal_nothing_is_booked_and_the_call_that_waited_is_named(tmp_path):
    code, out = ask(tmp_path)
    assert code == 0, out["errors"]
    assert bookings(tmp_path) == []
    assert [(a["action"], a["decision"]) for a in out["approvals"]] == [("hotels.book_room", "reject")]
    assert "--approve-writes" in out["approvals"][0]["message"]
    assert out["answer"].startswith("Not done: Book hotel rooms on hotels")


def test_with_approve_writes_it_books_exactly_once(tmp_path):
    code, out = ask(tmp_path, "--approve-writes")
    assert code == 0, out["errors"]
    made = bookings(tmp_path)
    assert len(made) == 1 and made[0][1] == "Ada Lovelace"
    assert [(a["action"], a["decision"]) for a in out["approvals"]] == [("hotels.book_room", "approve")]
    assert made[0][0] == out["approvals"][0]["args"]["hotel_id"]
    booked = [c for c in out["citations"] if c["tool"] == "book_room"]
    assert booked and f"[{booked[0]['marker']}]" in out["answer"] and out["answer"].startswith("Done:")
