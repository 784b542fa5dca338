"""A model endpoint that misbehaves on purpose, for benchmarks/faults.py: it answers ``GET /v1/models`` (so
it looks alive), then never answers a chat completion (``stall``), answers every one with a body that is not
JSON (``invalid``), or answers every one with a plan whose dependencies form a cycle (``cyclic``) or name a
task that does not exist (``dangling``), whatever the role asked. Listens on 127.0.0.1 only.

    python benchmarks/fault_endpoint.py --mode stall --port 8931
"""

from __future__ import annotations

import argparse
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


PLANS = {
    "cyclic": {"tasks": [{"id": "T1", "server": "weather", "query": "weather in Paris tomorrow"},
                         {"id": "T2", "server": "finance", "query": "apple stock price"}],
               "dependency": ["T1->T2", "T2->T1"]},
    "dangling": {"tasks": [{"id": "T1", "server": "weather", "query": "weather in Paris tomorrow"}],
                 "dependency": ["T7->T1"]},
}


def completion(content: str, stream: bool) -> bytes:
    """A chat completion carrying ``content``: one JSON object, or server-sent events when streamed."""
    if not stream:
        return json.dumps({"id": "c1", "object": "chat.completion", "created": 0, "model": "faulty",
                           "choices": [{"index": 0, "message": {"role": "assistant", "content": content},
                                        "finish_reason": "stop"}],
                           "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}}).encode()
    chunk = {"id": "c1", "object": "chat.completion.chunk", "created": 0, "model": "faulty",
             "choices": [{"index": 0, "delta": {"role": "assistant", "content": content}, "finish_reason": "stop"}]}
    return f"data: {json.dumps(chunk)}\n\ndata: [DONE]\n\n".encode()


def handler_for(mode: str) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args) -> None:  # quiet: the benchmark reads the client's view
            return

        def _send(self, body: bytes, status: int = 200, kind: str = "application/json") -> None:
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self) -> None:  # noqa: N802 (http.server's name)
            self._send(json.dumps({"object": "list", "data": [{"id": "faulty", "object": "model"}]}).encode())

        def do_POST(self) -> None:  # noqa: N802
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            if mode == "stall":
                threading.Event().wait()  # hold the connection open, never answer
            if mode == "invalid":
                self._send(b"{this is not json", 200)
                return
            stream = bool(json.loads(body or b"{}").get("stream"))
            self._send(completion(json.dumps(PLANS[mode]), stream), kind="text/event-stream" if stream
                       else "application/json")

    return Handler


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=["stall", "invalid", *PLANS], required=True)
    parser.add_argument("--port", type=int, required=True)
    args = parser.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", args.port), handler_for(args.mode))
    server.daemon_threads = True
    server.serve_forever()


if __name__ == "__main__":
    main()
