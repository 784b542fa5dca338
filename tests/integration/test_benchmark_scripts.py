"""Every benchmark runs as the README shows it, `python benchmarks/NAME.py`, from the repo root."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = sorted(p.name for p in (ROOT / "benchmarks").glob("*.py")
                 if '__name__ == "__main__"' in p.read_text(encoding="utf-8"))  # helpers are imported, not run


@pytest.mark.parametrize("script", SCRIPTS)
def test_benchmark_script_starts_from_the_repo_root(script):
    done = subprocess.run([sys.executable, f"benchmarks/{script}", "--help"], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "ModuleNotFoundError" not in done.stderr
