"""Shared fixtures: a free loopback port, and a private data directory so tests never touch ~/.local."""

import socket

import pytest


@pytest.fixture
def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("TURA_DATA_DIR", str(tmp_path_factory.getbasetemp() / "tura-data"))
