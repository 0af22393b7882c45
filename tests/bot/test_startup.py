"""`paiju run` when Telegram cannot be reached: a closed port, a server that
answers 401, one that accepts and never answers. One clear line, retries
where the condition passes, a clean exit on SIGTERM, nothing left unclosed.

The three bots run at the same time (importing aiogram costs seconds on a
loaded machine); the 5-second stop limit is measured from SIGTERM."""

from __future__ import annotations

import datetime
import http.server
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time

import pytest

TOKEN = "123456:TEST-TOKEN"
START = 240.0  # seconds to wait for the first log line (imports under load)


class Bot:
    """`paiju run` in a subprocess; its stderr collected line by line."""

    def __init__(self, tmp_path, base: str, name: str, **env: str) -> None:
        full = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "BOT_TOKEN": TOKEN,
                "PAIJU_API_BASE": base, "PAIJU_DB": str(tmp_path / f"{name}.sqlite3"),
                "PAIJU_CONNECT_TIMEOUT": "1", "PAIJU_BACKOFF_MAX": "2", "PYTHONWARNINGS": "default",
                **env}
        self.proc = subprocess.Popen([sys.executable, "-m", "bot.cli.main", "run"],
                                     cwd=tmp_path, env=full, stderr=subprocess.PIPE, text=True)
        self.lines: list[str] = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self.lines.append(line.rstrip("\n"))

    def wait_for(self, needle: str, timeout: float, count: int = 1) -> None:
        deadline = time.monotonic() + timeout
        while sum(needle in line for line in self.lines) < count:
            if (
                time.monotonic() > deadline
                or self.proc.poll() is not None
                and not self.reader.is_alive()
            ):
                raise AssertionError(f"no {needle!r} (x{count}) in stderr:\n" + self.text)
            time.sleep(0.05)

    def terminate(self) -> float:
        """SIGTERM; seconds until the bot logged that it stopped (everything
        closed). The interpreter's own exit, slow on a loaded machine, is
        only bounded loosely."""
        t = time.time()
        self.proc.send_signal(signal.SIGTERM)
        self.proc.wait(timeout=60)
        self.reader.join(5)
        stopped = [line for line in self.lines if line.endswith("INFO bot.app: stopped")]
        assert len(stopped) == 1, self.text
        at = datetime.datetime.strptime(stopped[0][:23], "%Y-%m-%d %H:%M:%S,%f").timestamp()
        return at - t

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    def assert_clean(self) -> None:
        assert "Traceback" not in self.text, self.text
        assert "Unclosed" not in self.text, self.text
        assert "never awaited" not in self.text and "was destroyed" not in self.text, self.text


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]  # closed again when the block ends: refused


class Unauthorized(http.server.BaseHTTPRequestHandler):
    def do_POST(self) -> None:  # noqa: N802 (http.server's name)
        body = json.dumps({"ok": False, "error_code": 401, "description": "Unauthorized"}).encode()
        self.send_response(401)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_POST  # noqa: N815

    def log_message(self, *args) -> None:
        pass


@pytest.fixture
def unauthorized_server():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Unauthorized)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture
def silent_server():
    """Accepts connections (the kernel's backlog) and never says a word."""
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    s.listen(16)
    yield f"http://127.0.0.1:{s.getsockname()[1]}"
    s.close()


def test_unreachable_refusing_and_silent_servers(tmp_path, unauthorized_server, silent_server):
    refused = Bot(tmp_path, f"http://127.0.0.1:{closed_port()}", "refused")
    bad_token = Bot(tmp_path, unauthorized_server, "unauthorized")
    silent = Bot(tmp_path, silent_server, "silent")

    # A refused token: one line saying so, exit 2, nothing else wrong.
    bad_token.proc.wait(timeout=START)
    bad_token.reader.join(5)
    assert bad_token.proc.returncode == 2, bad_token.text
    assert "connecting to " + unauthorized_server in bad_token.text
    problems = [line for line in bad_token.lines if "WARNING" in line or "ERROR" in line]
    assert len(problems) == 1 and "refused the token" in problems[0] and "BOT_TOKEN" in problems[0]
    assert TOKEN.split(":")[1] not in bad_token.text  # the secret is never logged
    bad_token.assert_clean()

    # Connection refused and no answer: retried with backoff, a line a try.
    for bot, why in ((refused, "Cannot connect"), (silent, "timeout")):
        bot.wait_for("connecting to ", START)
        bot.wait_for("getMe failed (try 2)", 60)
        assert bot.proc.poll() is None, bot.text  # still trying, not dead
        tries = [line for line in bot.lines if "getMe failed" in line]
        assert why in tries[0] and "retrying in 1 s" in tries[0] and "retrying in 2 s" in tries[1]
        took = bot.terminate()
        assert took < 5, f"stopped {took:.1f} s after SIGTERM"
        assert bot.proc.returncode == 0, bot.text
        assert "logged in" not in bot.text
        bot.assert_clean()
