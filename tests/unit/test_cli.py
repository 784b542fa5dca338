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


def test_exit_1_only_when_no_source_answered_at_all():
    from graphs.run_output import could_not_work

    not_found = {"citations": [], "errors": ["execute: T1 (weather) failed: unknown city 'atlantis'"],
                 "task_results": {"T1": {"observations": [{"ok": False, "error": "unknown city 'atlantis'"}]}}}
    assert not could_not_work(not_found)  # the source answered "not found": a correct answer, exit 0
    nothing = {"citations": [], "errors": ["execute: T1 (weather) failed: the model could not form a valid tool call"],
               "task_results": {"T1": {"observations": []}}}
    assert could_not_work(nothing)
    halted = {"citations": [], "errors": [], "plan": {"source": "halt"}, "task_results": {}}
    assert not could_not_work(halted)
    answered = {"citations": [{"marker": "T1.1"}], "errors": ["answer: left out 1 statement"], "task_results": {}}
    assert not could_not_work(answered)


def test_no_builtin_servers_reaches_the_run_and_its_dependencies(monkeypatch):
    import graphs.cli as cli

    seen = {}

    async def fake_ask(question, context, catalog, **_):
        seen.update(context=context, catalog=catalog)
        return {"answer": "ok", "citations": [{"marker": "T1.1"}]}

    monkeypatch.setattr(cli, "_ask", fake_ask)
    monkeypatch.setattr(cli, "print_run", lambda console, out: None)
    assert runner.invoke(app, ["ask", "q", "--no-builtin-servers", "--catalog", "mine.json"]).exit_code == 0
    assert seen["context"].builtin_servers is False and [str(p) for p in seen["catalog"]] == ["mine.json"]
    assert runner.invoke(app, ["ask", "q"]).exit_code == 0 and seen["context"].builtin_servers is True
    assert cli.builtin_servers_choice(False) is False and cli.builtin_servers_choice(True) is None  # None: the env


def test_without_builtins_or_a_catalogue_ask_and_chat_name_both_settings(monkeypatch):
    monkeypatch.delenv("TURA_CATALOG", raising=False)
    monkeypatch.delenv("TURA_BUILTIN_SERVERS", raising=False)
    for args in (["ask", "--no-builtin-servers", "weather in Paris"], ["chat", "--no-builtin-servers"]):
        result = runner.invoke(app, args, input="")
        assert result.exit_code == 2, result.output
        assert "TURA_BUILTIN_SERVERS" in result.stderr and "TURA_CATALOG" in result.stderr
    monkeypatch.setenv("TURA_BUILTIN_SERVERS", "off")
    result = runner.invoke(app, ["ask", "weather in Paris"])
    assert result.exit_code == 2 and "TURA_CATALOG" in result.stderr
