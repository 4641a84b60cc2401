"""Running `schreiber ARGS` as its own process, quickly: a server process
that has imported schreiber's third-party libraries once forks a fresh
child for each command, which runs the console script's `main()` with the
arguments, environment, working folder and standard streams of the call,
exits as the real program does (normal interpreter shutdown, its own exit
status) and is reaped. No schreiber module is imported before the fork, so
every command starts from a clean slate.

What a fork cannot show is left to real processes: a call whose locale or
Python settings (``LANG``, ``LC_*``, ``PYTHON*``) differ from the server's
runs `subprocess.run` (the standard streams' encoding is fixed when Python
starts), and so does every call when ``SCHREIBER_TEST_FORK=0``. The start-up
itself (Ctrl-C while importing, start-up time) is tested with real
processes (`tests/cli/test_trust.py`, `bench/`).
"""

from __future__ import annotations

import atexit
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

HERE = Path(__file__).resolve().parent
PRELOAD = (
    *("typer", "typer.main", "typer.core", "typer.completion", "click", "shellingham"),
    *("sqlite_utils", "sqlite_utils.db", "dateutil.parser", "tabulate", "pendulum"),
    *("sqlite3", "json", "fractions", "decimal", "uuid", "datetime", "unicodedata", "tomllib", "gettext", "locale"),
)
_SETTINGS = ("LANG", "LANGUAGE", "LC_", "PYTHON")
_lock = threading.Lock()
_server: dict[str, object] = {}


def enabled() -> bool:
    return os.environ.get("SCHREIBER_TEST_FORK", "1") != "0" and hasattr(os, "fork") and hasattr(socket, "send_fds")


def _settings(env: dict[str, str]) -> dict[str, str]:
    return {k: v for k, v in env.items() if k.startswith(_SETTINGS)}


def _address() -> str:
    """The server's socket, started on first use (one per test process)."""
    with _lock:
        if "path" not in _server:
            folder = tempfile.mkdtemp(prefix="schreiber-fork-")
            path = os.path.join(folder, "s")
            proc = subprocess.Popen([sys.executable, __file__, path], stdin=subprocess.DEVNULL, env=dict(os.environ))
            for _ in range(2000):
                if os.path.exists(path) or proc.poll() is not None:
                    break
                threading.Event().wait(0.005)
            _server.update(path=path, proc=proc, env=_settings(dict(os.environ)))
            atexit.register(proc.terminate)
        return str(_server["path"])


def run(
    argv: list[str], env: dict[str, str], input: str | None = None, cwd: str | Path | None = None, timeout: float = 60
) -> subprocess.CompletedProcess:
    """`argv` (the console script and its arguments) as a child process: its
    exit status (negative: killed by that signal), stdout and stderr as text."""
    if not enabled() or not argv[0].endswith("schreiber") or _settings(env) != _settings(dict(os.environ)):
        return subprocess.run(argv, env=env, input=input, cwd=cwd, capture_output=True, text=True, timeout=timeout)
    address = _address()
    if _settings(env) != _server["env"]:
        return subprocess.run(argv, env=env, input=input, cwd=cwd, capture_output=True, text=True, timeout=timeout)
    with tempfile.TemporaryFile() as fin, tempfile.TemporaryFile() as fout, tempfile.TemporaryFile() as ferr:
        fin.write((input or "").encode())
        fin.seek(0)
        request = {"argv": argv, "env": env, "cwd": str(cwd or os.getcwd())}
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            s.settimeout(timeout)
            s.connect(address)
            socket.send_fds(s, [json.dumps(request).encode()], [fin.fileno(), fout.fileno(), ferr.fileno()])
            reply = _read_reply(s, timeout)
        fout.seek(0)
        ferr.seek(0)
        out, err = fout.read().decode(errors="replace"), ferr.read().decode(errors="replace")
    return subprocess.CompletedProcess(argv, reply, out, err)


def _read_reply(s: socket.socket, timeout: float) -> int:
    """The child's pid, then its exit status; the child is killed at the timeout."""
    data = b""
    pid = None
    try:
        while not data.endswith(b"\n") or data.count(b"\n") < 2:
            chunk = s.recv(64)
            if not chunk:
                break
            data += chunk
            if pid is None and b"\n" in data:
                pid = int(data.split(b"\n")[0])
    except TimeoutError:
        if pid:
            os.kill(pid, signal.SIGKILL)
        raise subprocess.TimeoutExpired("schreiber", timeout) from None
    return int(data.split(b"\n")[1])


# The server ---------------------------------------------------------------------------------------


def _serve(path: str) -> None:
    import gc

    for name in PRELOAD:
        __import__(name)
    gc.freeze()  # what the server holds is never collected: the children do not copy its pages
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # the per-call workers are reaped by the system
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(64)
    while True:
        conn, _ = listener.accept()
        if os.fork() == 0:  # a worker for this call: forks the child, waits for it, reports
            listener.close()
            signal.signal(signal.SIGCHLD, signal.SIG_DFL)
            _work(conn)
            os._exit(0)
        conn.close()


def _work(conn: socket.socket) -> None:
    msg, fds, _, _ = socket.recv_fds(conn, 1 << 20, 3)
    request = json.loads(msg)
    pid = os.fork()
    if pid == 0:
        conn.close()
        _child(request, fds)  # never returns
    for fd in fds:
        os.close(fd)
    conn.sendall(f"{pid}\n".encode())
    _, status = os.waitpid(pid, 0)
    code = -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)
    conn.sendall(f"{code}\n".encode())
    conn.close()


def _child(request: dict, fds: list[int]) -> None:
    """The command, as the console script runs it; exits this process."""
    for target, fd in enumerate(fds):
        os.dup2(fd, target)
        os.close(fd)
    os.chdir(request["cwd"])
    os.environ.clear()
    os.environ.update(request["env"])
    sys.argv = list(request["argv"])
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    sys.path[:] = [p for p in sys.path if p != str(HERE)]
    code: object = 0
    try:
        from schreiber.cli.entry import main

        main()
    except SystemExit as done:
        code = done.code
    _exit(code)


def _exit(code: object) -> None:
    """What the interpreter's shutdown does that can be seen (exit handlers,
    flushed streams, SQLite connections closed, which removes the -wal and
    -shm files), without tearing down every module the server imported."""
    import atexit as _atexit
    import gc

    _atexit._run_exitfuncs()
    gc.collect()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:
            pass
    if code is not None and not isinstance(code, int):
        sys.stderr.write(f"{code}\n")
        sys.stderr.flush()
        code = 1
    os._exit(code or 0)


if __name__ == "__main__":
    _serve(sys.argv[1])
