"""Three cases of the fault suite run for real on every test run (the whole suite is benchmarks/faults.py): a
server that never answers, binary noise as the question, and the process killed mid-booking. Each must end
bounded, with an answer or a clear error, no process left behind, and consistent bookings."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]


def test_a_hung_server_binary_noise_and_a_kill_mid_booking_end_cleanly():
    done = subprocess.run([sys.executable, "benchmarks/faults.py", "--json", "--only", "never answers",
                           "--only", "binary noise", "--only", "killed mid-booking"],
                          capture_output=True, text=True, cwd=ROOT, timeout=900)
    summary = json.loads(done.stdout.strip().splitlines()[-1])
    failed = [r for r in summary["results"] if not r["passed"]]
    assert not failed, failed
    assert summary["cases"] == 7 and summary["hung"] == 0 and summary["orphans"] == 0
    assert summary["inconsistent"] == 0
