"""Check the Binder set-up without Binder: build its environment, start JupyterLab, run notebooks in a real browser.

Run: python tools/binder_check.py [NOTEBOOK ...]   (default: the two start-here notebooks and the what-if study)

mybinder.org cannot be reached from a development machine, so this does the parts of its build we control: a fresh
virtual environment gets ``binder/requirements.txt`` and runs ``binder/postBuild`` (which installs ``.[jupyter]``),
JupyterLab starts from that environment on a copy of the notebooks, and Debian's Chromium, driven by Playwright
(``pip install playwright``; never ``playwright install``), opens each notebook, runs every cell and counts what came
out: tracebacks and widget errors (must be none), hex-map canvases, widgets and bokeh plots. A screenshot of each
goes to ``test-output/``. It takes a few minutes and is not part of the test suite.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT = ["notebooks/00_start_here.ipynb", "notebooks/samar/00_start_here.ipynb",
           "notebooks/imperial-sunset/what_if.ipynb"]
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]


def build_env(where: Path) -> Path:
    """A fresh venv with Binder's requirements and postBuild; returns its bin directory."""
    subprocess.run([sys.executable, "-m", "venv", str(where)], check=True)
    bin_dir = where / "bin"
    env = dict(os.environ, PATH=f"{bin_dir}{os.pathsep}{os.environ['PATH']}", VIRTUAL_ENV=str(where))
    subprocess.run([str(bin_dir / "pip"), "install", "-q", "-r", "binder/requirements.txt"], cwd=ROOT, env=env,
                   check=True)
    subprocess.run(["bash", "binder/postBuild"], cwd=ROOT, env=env, check=True)
    # Draw every cell (JupyterLab 4 draws only those in view), so the counts below see the whole notebook, and never
    # save. These settings live in the throw-away environment only, added to what postBuild installed (Binder's own
    # overrides, such as no news pop-up, must be what this check sees).
    settings = where / "share" / "jupyter" / "lab" / "settings"
    settings.mkdir(parents=True, exist_ok=True)
    path = settings / "overrides.json"
    merged = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    merged.update({"@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"},
                   "@jupyterlab/docmanager-extension:plugin": {"autosave": False}})
    path.write_text(json.dumps(merged, indent=1) + "\n", encoding="utf-8")
    listing = subprocess.run([str(bin_dir / "jupyter"), "labextension", "list"], cwd=ROOT, env=env,
                             capture_output=True, text=True, check=True)
    print("\n".join(line.strip() for line in (listing.stdout + listing.stderr).splitlines() if "enabled" in line))
    return bin_dir


def run_notebook(page, port: int, token: str, nb: str, wait: float) -> dict[str, int]:
    page.goto(f"http://localhost:{port}/lab/tree/{nb}?token={token}&reset")
    page.wait_for_selector(".jp-NotebookPanel", timeout=120_000)
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=120_000)
    # progress is read from the code cells' prompts: "[ ]:" not run, "[*]:" running, a number once run
    prompts = page.locator(".jp-CodeCell .jp-InputPrompt")
    start = time.time()
    clicked = 0.0
    started = False
    while True:
        texts = [t.strip() for t in prompts.all_inner_texts()]
        shown = [t for t in texts if t]
        started |= any(t != "[ ]:" for t in shown)
        if started and shown and "[*]:" not in shown and texts[-1] not in ("", "[ ]:") \
                and page.get_attribute(".jp-Notebook-ExecutionIndicator", "data-status") == "idle":
            break  # the run reached the last code cell and the kernel is idle
        if time.time() - start > wait:
            raise SystemExit(f"{nb}: cells still not run after {wait:.0f} s: {texts}")
        if not started and time.time() - clicked > 30:
            # (again) Run All: a kernel that was still starting may have dropped the first request
            page.click("div.lm-MenuBar-itemLabel:text-is('Run')")
            page.click("div.lm-Menu-itemLabel:text-is('Run All Cells')")
            clicked = time.time()
        time.sleep(2)
    time.sleep(3)  # let the last widgets render
    counts = {
        "tracebacks": page.locator("text=Traceback").count(),
        "widget errors": page.locator("text=Error displaying widget").count()
        + page.locator("text=Model not found").count(),
        "canvases": page.locator(".jp-OutputArea canvas").count(),
        "widgets": page.locator(".jupyter-widgets").count(),
        "bokeh plots": page.locator("div[data-root-id]").count(),
        "news pop-ups": page.locator("text=Jupyter news").count(),  # binder/overrides.json turns it off
    }
    if counts["canvases"]:
        page.locator(".jp-OutputArea canvas").first.scroll_into_view_if_needed()
    out = ROOT / "test-output" / f"binder_{Path(nb).parent.name}_{Path(nb).stem}.png"
    out.parent.mkdir(exist_ok=True)
    page.screenshot(path=str(out))
    return counts


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("notebooks", nargs="*", default=DEFAULT)
    ap.add_argument("--port", type=int, default=8899)
    ap.add_argument("--wait", type=float, default=600, help="seconds a notebook may run (default 600)")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    token = secrets.token_hex(8)
    failed = False
    with tempfile.TemporaryDirectory(prefix="binder-env-") as tmp:
        bin_dir = build_env(Path(tmp) / "venv")
        # JupyterLab serves a copy of the notebooks and scenarios, so nothing it does can touch the checkout
        site = Path(tmp) / "site"
        for part in ("notebooks", "scenarios"):
            shutil.copytree(ROOT / part, site / part)
        server = subprocess.Popen(
            [str(bin_dir / "jupyter"), "lab", "--no-browser", "--allow-root", f"--port={args.port}",
             f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={site}"],
            cwd=site, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            for _ in range(60):
                try:
                    urllib.request.urlopen(f"http://localhost:{args.port}/api/status?token={token}", timeout=2)
                    break
                except OSError:
                    time.sleep(1)
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
                page = browser.new_page(viewport={"width": 1400, "height": 1000})
                for nb in args.notebooks:
                    counts = run_notebook(page, args.port, token, nb, args.wait)
                    bad = counts["tracebacks"] or counts["widget errors"] or counts["news pop-ups"]
                    failed |= bool(bad)
                    print(f"{'FAIL' if bad else 'ok  '} {nb}: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=30)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
