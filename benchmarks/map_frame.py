"""Python-side cost of the canvas map: a full frame, a position update, and a Step click to a redrawn app.

Goals (issue 6): a full map frame (terrain + ~60 markers + highlights) <= 10 ms; Step click to redrawn frame
<= 100 ms. Measured without a browser: the time until the frame's single message is handed to the kernel's
comm layer (the browser's own painting is not included). Not a timed test; run it and read the numbers:

    python benchmarks/map_frame.py
"""

from __future__ import annotations

import contextlib
import io
import statistics
import time

import ipycanvas.canvas

import leyte
from leyte.jupyter import GameApp, MapView


def _ms(fn, runs: int = 30) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times), min(times)


def main() -> None:
    sent: list[int] = []
    mgr = ipycanvas.canvas._CANVAS_MANAGER
    mgr._send_custom = lambda command, buffers=(): sent.append(1)  # no kernel: count messages instead of sending
    game = leyte.new_game("imperial-sunset", scenario="historical", seed=1944)
    hexmap = leyte.rules("imperial-sunset").map
    mv = MapView(hexmap)
    sea = [lab for lab, t in zip(mv.geo.labels, mv.geo.terrain) if t == "sea"]
    markers = [
        {
            "kind": "tf",
            "hex": sea[(i * 37) % len(sea)],
            "side": ("IJN", "USN")[i % 2],
            "id": f"X-{i}",
            "label": str(i),
            "title": "",
            "detected": i % 3 == 0,
            "moved": i % 4 == 0,
            "damaged": i % 5 == 0,
        }
        for i in range(60)
    ]
    highlight = sea[100:112]
    mv.show(markers, highlight=highlight, status="benchmark")

    med, best = _ms(mv.redraw)
    print(
        f"full map frame ({len(mv.geo.labels)} hexes, 60 markers, 12 highlights): median {med:.2f} ms, "
        f"best {best:.2f} ms (goal <= 10 ms)"
    )
    med, best = _ms(lambda: mv.show(markers, highlight=highlight, status="benchmark"))
    print(f"position update (markers + highlights + status): median {med:.2f} ms, best {best:.2f} ms")
    mv.set_zoom(3.0)
    med, best = _ms(mv.redraw)
    print(f"full frame zoomed x3 with printed labels: median {med:.2f} ms, best {best:.2f} ms")
    sent.clear()
    mv.redraw()
    print(f"messages per full frame: {len(sent)}")

    with contextlib.redirect_stdout(io.StringIO()):  # outside a kernel, clearing the cards' Output prints codes
        app = GameApp(game.fork(), ijn="random", usn="random", cards=True)
        med, best = _ms(app.controls.step.click, runs=60)
    print(
        f"Step click to redrawn app (map, panel, log, TF cards; historical, bots): median {med:.1f} ms, "
        f"best {best:.1f} ms (goal <= 100 ms)"
    )


if __name__ == "__main__":
    main()
