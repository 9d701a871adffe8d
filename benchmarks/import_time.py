"""How long `import leyte` takes in a fresh interpreter, and what it loads (goal: well under 0.3 s, no widgets).

Run: python benchmarks/import_time.py
"""

from __future__ import annotations

import statistics
import subprocess
import sys

CODE = (
    "import time, sys; t = time.perf_counter(); import leyte; dt = time.perf_counter() - t; "
    "heavy = [m for m in ('pandas', 'numpy', 'ipywidgets', 'ipycanvas', 'bokeh') if m in sys.modules]; "
    "print(dt, ','.join(heavy))"
)


def main(runs: int = 7) -> None:
    times = []
    heavy = ""
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, check=True).stdout.split()
        times.append(float(out[0]))
        heavy = out[1] if len(out) > 1 else ""
    print(f"import leyte: median {statistics.median(times) * 1000:.1f} ms, best {min(times) * 1000:.1f} ms "
          f"over {runs} fresh interpreters (goal < 300 ms)")
    print(f"heavy modules loaded by the import: {heavy or 'none'}")


if __name__ == "__main__":
    main()
