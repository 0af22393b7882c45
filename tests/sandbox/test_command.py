"""`paiju sandbox` as a host runs it: it prints where the page is, serves
it, stops on Ctrl-C with status 0; a port in use or a wrong option is one
line and status 2; --host elsewhere than this machine warns."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request

import pytest

URL = re.compile(r"open (http://\S+) in a browser")


def start(*args: str, mark: str = "") -> subprocess.Popen[str]:
    """`paiju sandbox ARGS`; `mark`: an environment variable its processes
    inherit, to find them afterwards (`marked`)."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "PAIJU_TEST_MARK": mark}
    env.pop("LOG_LEVEL", None)
    return subprocess.Popen([sys.executable, "-m", "bot.cli.main", "sandbox", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


def read_line(proc: subprocess.Popen[str], timeout: float = 60.0) -> str:
    """The next line the command prints (stdout), within `timeout`."""
    import selectors

    sel = selectors.DefaultSelector()
    assert proc.stdout is not None
    sel.register(proc.stdout, selectors.EVENT_READ)
    if not sel.select(timeout):
        proc.kill()
        raise TimeoutError(f"no output within {timeout} s; stderr: {proc.stderr.read()}")
    return proc.stdout.readline()


def get_json(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=10) as r:
        return json.loads(r.read())


def test_it_prints_the_page_serves_it_and_stops_on_ctrl_c_with_status_0():
    proc = start("--port", "0", "--game", "dingniu", "--players", "1")
    try:
        line = read_line(proc)
        url = URL.search(line).group(1)
        assert url.startswith("http://127.0.0.1:")  # this machine only, by default
        with urllib.request.urlopen(url, timeout=10) as r:
            assert b"sandbox.js" in r.read()
        assert "the bot is ready" in read_line(proc)
        st = get_json(url + "api/state")
        assert st["bot"]["status"] == "running" and st["lobby"]  # --game: the lobby is open
        assert "顶牛" in st["group"]["messages"][-1]["text"]
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == 0, err
    assert "Traceback" not in err and "Error" not in err, err


def test_a_port_in_use_is_one_line_and_status_2():
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        proc = start("--port", str(port))
        out, err = proc.communicate(timeout=60)
    assert proc.returncode == 2
    assert out == ""
    assert err.strip().splitlines() == [
        f"paiju sandbox: port {port} on 127.0.0.1 is in use; choose another with --port"]


@pytest.mark.parametrize("args, says", [
    (["--game", "mahjong"], "invalid choice: 'mahjong'"),
    (["--game", "xianniu", "--players", "4"], "xianniu seats 3: --players 4 is too many"),
    (["--players", "0"], "--players must be 1 to 12"),
    (["--port", "70000"], "--port must be 0 to 65535"),
])
def test_wrong_options_are_one_line_and_status_2(args, says):
    mark = f"wrong-{os.getpid()}-{time.monotonic_ns()}"
    proc = start(*args, mark=mark)
    proc.wait(timeout=60)
    # the bot's process, begun before the options were read, is not left behind
    # (looked for before reading the output: one left behind would hold stderr open)
    left = marked(mark) if sys.platform.startswith("linux") else []
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and says in err, err
    assert left == []


def marked(mark: str) -> list[int]:
    """Live processes started with PAIJU_TEST_MARK=mark (Linux's /proc)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/environ", "rb") as f:
                if f"PAIJU_TEST_MARK={mark}".encode() in f.read().split(b"\0") and \
                        alive(int(entry)):
                    found.append(int(entry))
        except OSError:  # ended meanwhile, or not ours to read
            pass
    return found


def test_another_host_is_listened_on_only_when_asked_and_with_a_warning():
    proc = start("--port", "0", "--host", "0.0.0.0")
    try:
        line = read_line(proc)
        url = URL.search(line).group(1)  # every address: a browser here opens the loopback one
        assert url.startswith("http://127.0.0.1:") and "from another" in line
        assert get_json(url + "api/page")["lang"] == "zh_Hans"
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 0
    assert "warning: listening on 0.0.0.0: anyone who can reach this address can play as " \
           "anyone" in err


def test_ctrl_c_while_the_bot_starts_still_stops_cleanly():
    proc = start("--port", "0")
    try:
        read_line(proc)  # the page is up; the bot may still be starting
        time.sleep(0.2)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 0, err
    assert "Traceback" not in err, err


# -- the bot's process -----------------------------------------------------------------
def post_json(url: str, body: dict) -> dict:
    req = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())


def bot_pids(proc: subprocess.Popen[str]) -> list[int]:
    """The command's child processes: the bot's (Linux's /proc)."""
    with open(f"/proc/{proc.pid}/task/{proc.pid}/children") as f:
        return [int(p) for p in f.read().split()]


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def until(what, timeout: float = 60.0):
    end = time.monotonic() + timeout
    while not (found := what()):
        if time.monotonic() > end:
            raise TimeoutError(what)
        time.sleep(0.1)
    return found


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_the_bot_runs_in_a_process_of_its_own_and_restarting_it_is_a_real_restart():
    """Restart from the page: that process stopped, another started, the lobby
    goes on. A bot process that dies is shown stopped, and restarting starts
    another. Ctrl-C leaves no bot process behind."""
    proc = start("--port", "0", "--game", "xianniu", "--players", "2")
    try:
        url = URL.search(read_line(proc)).group(1)
        assert "the bot is ready" in read_line(proc)
        [first] = bot_pids(proc)
        assert post_json(url + "api/restart", {})["status"] == "restarting"
        until(lambda: get_json(url + "api/state")["bot"]["status"] == "running")
        assert get_json(url + "api/state")["bot"]["restartable"]
        [second] = bot_pids(proc)
        assert second != first and not alive(first)  # stopped, not left running
        os.kill(second, signal.SIGKILL)  # a crash
        until(lambda: get_json(url + "api/state")["bot"] == {
            "name": "Paiju", "username": "paiju_sandbox_bot", "status": "stopped",
            "restartable": True})  # the page's restart button works
        post_json(url + "api/restart", {})
        until(lambda: get_json(url + "api/state")["bot"]["status"] == "running")
        [third] = bot_pids(proc)
        lobby = get_json(url + "api/state")["group"]["messages"][-1]
        post_json(url + "api/computer", {"user": 101})  # the new bot answers in the same lobby

        def redrawn() -> bool:
            now = next(m for m in get_json(url + "api/state")["group"]["messages"]
                       if m["id"] == lobby["id"])
            return now["text"] != lobby["text"]

        until(redrawn)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 0, err
    assert not alive(third)
    assert "the bot's process ended (status -9)" in err  # the crash is told, once
    assert "Traceback" not in err, err


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_the_bot_process_ends_when_the_sandbox_is_killed():
    """Out of the terminal's reach (its own session), the bot's process still
    ends with the sandbox however that ends: its stdin closes."""
    proc = start("--port", "0")
    try:
        read_line(proc)
        assert "the bot is ready" in read_line(proc)
        [bot] = bot_pids(proc)
        proc.kill()
        proc.communicate(timeout=30)
        until(lambda: not alive(bot), timeout=30)
    finally:
        proc.kill()


def test_the_bot_starts_without_pillow():
    """Pictures, the weekly chart: Pillow is imported at the first one drawn,
    not in the seconds the bot takes to start (what `paiju sandbox` waits on)."""
    code = ("import sys, bot.app, bot.pictures.drawing; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'PIL'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout
