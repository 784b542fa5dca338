"""CLI input handling: bad input exits with a one-line reason before anything heavy starts."""

import socket
import time

from typer.testing import CliRunner

from graphs.cli import app

runner = CliRunner()


def test_empty_question_exits_2_with_one_line_reason():
    for question in ("", "   \t "):
        result = runner.invoke(app, ["ask", question])
        assert result.exit_code == 2
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and "question is empty" in lines[0]


def test_unknown_route_and_backend_exit_2():
    assert runner.invoke(app, ["ask", "hi", "--route", "sideways"]).exit_code == 2
    result = runner.invoke(app, ["ask", "hi", "--backend", "cloud"])
    assert result.exit_code == 2 and "unknown backend 'cloud'" in result.stderr


def test_unreachable_openai_endpoint_fails_fast_naming_it(free_port):
    url = f"http://127.0.0.1:{free_port}/v1"  # nothing listens there
    started = time.perf_counter()
    result = runner.invoke(app, ["ask", "weather in Paris", "--backend", "openai", "--base-url", url])
    assert result.exit_code == 1
    assert url in result.stderr and "unreachable" in result.stderr
    assert time.perf_counter() - started < 30


def test_silent_openai_endpoint_times_out_within_30_s():
    with socket.socket() as silent:  # accepts connections, never answers
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)
        url = f"http://127.0.0.1:{silent.getsockname()[1]}/v1"
        started = time.perf_counter()
        result = runner.invoke(app, ["ask", "weather in Paris", "--backend", "openai", "--base-url", url])
        elapsed = time.perf_counter() - started
    assert result.exit_code == 1 and url in result.stderr
    assert elapsed < 30
