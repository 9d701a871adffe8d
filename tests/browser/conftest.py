"""Serve notebooks with Voilà on 127.0.0.1 and drive them in headless Debian Chromium (Playwright, system browser).

Never ``playwright install``: the browser is Debian's ``/usr/bin/chromium`` (``.ci/run`` installs it with apt-get).
Jupyter, IPython and Chromium write into $HOME, so every server here gets its own temporary config, data, runtime
and cache folders. Servers are started so that the PID we hold is the server's own, and stopped by that PID.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("LEYTE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ROOT = Path(__file__).resolve().parents[2]
OUTPUT = ROOT / "test-output"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def isolated_env(tmp: Path) -> dict[str, str]:
    """Environment variables that keep Jupyter, IPython and Chromium out of the real home folder."""
    env = dict(os.environ)
    for key, sub in (
        ("JUPYTER_CONFIG_DIR", "jupyter-config"),
        ("JUPYTER_DATA_DIR", "jupyter-data"),
        ("JUPYTER_RUNTIME_DIR", "jupyter-runtime"),
        ("IPYTHONDIR", "ipython"),
        ("XDG_CONFIG_HOME", "xdg-config"),
        ("XDG_CACHE_HOME", "xdg-cache"),
        ("XDG_DATA_HOME", "xdg-data"),
        ("MPLCONFIGDIR", "mpl"),
    ):
        d = tmp / sub
        d.mkdir(parents=True, exist_ok=True)
        env[key] = str(d)
    env["JUPYTER_PLATFORM_DIRS"] = "1"
    env["BOKEH_RESOURCES"] = "inline"
    return env


class VoilaServer:
    def __init__(self, notebook: Path, tmp: Path) -> None:
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.log = tmp / f"voila-{notebook.stem}.log"
        cmd = [
            sys.executable,
            "-m",
            "voila",
            str(notebook),
            "--no-browser",
            f"--port={self.port}",
            "--Voila.ip=127.0.0.1",
        ]
        self._log_fh = open(self.log, "wb")  # noqa: SIM115 - closed in stop()
        # Popen without a shell: the PID we keep is Voilà's own.
        self.proc = subprocess.Popen(
            cmd, cwd=str(notebook.parent), env=isolated_env(tmp), stdout=self._log_fh, stderr=subprocess.STDOUT
        )

    def wait(self, timeout: float = 180.0) -> None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.proc.poll() is not None:
                raise RuntimeError(f"voila exited early:\n{self.log.read_text(errors='replace')[-3000:]}")
            try:
                with urllib.request.urlopen(self.url + "voila/static/", timeout=2):
                    return
            except urllib.error.HTTPError:
                return  # it answers (an error page is still an answer); the page itself is loaded by the browser
            except OSError:
                time.sleep(0.3)
        raise RuntimeError(f"voila did not answer on {self.url} in {timeout} s")

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.kill(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=5)
        self._log_fh.close()


@pytest.fixture(scope="session")
def chromium_path() -> str:
    if not Path(CHROMIUM).exists() and not shutil.which("chromium"):
        pytest.fail(f"no Chromium at {CHROMIUM}: apt-get install chromium (never `playwright install`)")
    return CHROMIUM if Path(CHROMIUM).exists() else str(shutil.which("chromium"))


@pytest.fixture(scope="session")
def browser(chromium_path: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    tmp = tmp_path_factory.mktemp("chromium")
    old = {k: os.environ.get(k) for k in ("HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME")}
    os.environ.update({"XDG_CONFIG_HOME": str(tmp / "config"), "XDG_CACHE_HOME": str(tmp / "cache")})
    try:
        with sync_playwright() as p:
            b = p.chromium.launch(executable_path=chromium_path, headless=True, args=CHROMIUM_ARGS)
            try:
                yield b
            finally:
                b.close()
    finally:
        for k, v in old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


@pytest.fixture
def voila(tmp_path: Path) -> Iterator[object]:
    servers: list[VoilaServer] = []

    def serve(notebook: Path) -> VoilaServer:
        s = VoilaServer(notebook, tmp_path)
        servers.append(s)
        s.wait()
        return s

    yield serve
    for s in servers:
        s.stop()


@pytest.fixture(scope="session")
def output_dir() -> Path:
    OUTPUT.mkdir(exist_ok=True)
    return OUTPUT
