"""`tura chat` holds a three-turn conversation on one thread: driven in tmux (send-keys / capture-pane)
like a person at a terminal, or through stdin where tmux is missing. Real embedded model and servers."""

import os
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from graphs.chat_cli import ANSWER_PREFIX, PROMPT

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]
QUESTIONS = ["Weather in Paris tomorrow?", "And hotels there for that night?", "What about the weather in Rome?"]
TURN_TIMEOUT_S = 240


def chat_command() -> list[str]:
    """`tura chat` once the CLI registers it, else the module it runs."""
    from graphs.cli import app

    names = {c.name or (c.callback.__name__ if c.callback else "") for c in app.registered_commands}
    if "chat" in names:
        return [str(Path(sys.executable).with_name("tura")), "chat"]
    return [sys.executable, "-m", "graphs.chat_cli"]


def answers_in(transcript: str) -> list[str]:
    return [line for line in transcript.splitlines() if line.startswith(ANSWER_PREFIX)]


def chat_env() -> dict[str, str]:
    return {"TURA_DATA_DIR": os.environ["TURA_DATA_DIR"], "HF_HUB_OFFLINE": "1", "PYTHONPATH": str(ROOT)}


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed (see the stdin test)")
def test_three_turns_in_tmux(tmp_path):
    socket = f"tura-chat-test-{os.getpid()}"  # a private tmux server: nothing else is touched
    tmux = ["tmux", "-L", socket]
    env = " ".join(f"{k}={shlex.quote(v)}" for k, v in chat_env().items())
    script = f"cd {shlex.quote(str(ROOT))} && env {env} {shlex.join(chat_command())}; echo CHAT-EXITED $?; sleep 600"
    subprocess.run([*tmux, "new-session", "-d", "-s", "chat", "-x", "200", "-y", "50", script], check=True)

    def screen() -> str:
        return subprocess.run([*tmux, "capture-pane", "-p", "-J", "-S", "-5000", "-t", "chat"],
                              capture_output=True, text=True, check=True).stdout

    def wait_for(predicate, what: str, timeout_s: float = TURN_TIMEOUT_S) -> str:
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            text = screen()
            if predicate(text):
                return text
            time.sleep(1)
        raise AssertionError(f"timed out waiting for {what}:\n{screen()[-4000:]}")

    try:
        wait_for(lambda s: s.count(PROMPT) >= 1, "the first prompt", 120)
        for n, question in enumerate(QUESTIONS, start=1):
            subprocess.run([*tmux, "send-keys", "-t", "chat", question, "Enter"], check=True)
            wait_for(lambda s, n=n: s.count(PROMPT) >= n + 1, f"the answer to turn {n}")
        subprocess.run([*tmux, "send-keys", "-t", "chat", "exit", "Enter"], check=True)
        transcript = wait_for(lambda s: "CHAT-EXITED" in s, "the chat to exit", 60)
    finally:
        (tmp_path / "transcript.txt").write_text(screen())
        subprocess.run([*tmux, "kill-server"], check=False)
    assert "CHAT-EXITED 0" in transcript, transcript[-3000:]
    assert len(answers_in(transcript)) == 3, transcript[-4000:]
    assert "· route" in transcript and "· plan" in transcript  # progress printed while each turn ran
    assert "paris" in transcript.split(QUESTIONS[1])[1].split("\n")[1].lower()  # the rewrite kept Paris


@pytest.mark.skipif(shutil.which("tmux") is not None, reason="tmux is installed: the tmux test covers this")
def test_three_turns_through_stdin():
    done = subprocess.run(chat_command(), input="\n".join([*QUESTIONS, "exit"]) + "\n", capture_output=True,
                          text=True, cwd=ROOT, env={**os.environ, **chat_env()}, timeout=3 * TURN_TIMEOUT_S)
    assert done.returncode == 0, done.stderr[-3000:]
    assert len(answers_in(done.stdout.replace(PROMPT, "\n"))) == 3, done.stdout[-4000:]
