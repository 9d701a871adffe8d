"""The odds panel on Clash's submarine placement roll (11.1.2): a class reads the distance band from the enemy's
markers in words ("2 or more hexes from the nearest enemy TG or TF"), not the table's fields."""

from __future__ import annotations

import re

import leyte
from leyte.rulebooks.clash.heuristic import make_heuristic

GAME = "clash-of-the-carriers"


def _at_first_placement_roll() -> leyte.Game:
    """Heuristic seed 5 played until the first submarine placement roll is the latest roll in the log."""
    g = leyte.new_game(GAME, seed=5)
    bots = {p: make_heuristic(GAME, p, 5) for p in g.players}
    while True:
        d = g.decision
        g.apply(bots[d.player].choose(g.view(d.player), d))
        rolls = [e for e in g.events if e.kind == "roll"]
        if rolls and rolls[-1].data["roll"].get("table") == "sub_placement":
            return g


def test_11_1_2_face_says_the_placement_band_in_words() -> None:
    face = leyte.new_game(GAME, seed=1).face
    assert face.roll_result_text("sub_placement", {"distance": 2, "or_more": True}) == \
        "2 or more hexes from the nearest enemy TG or TF"
    assert face.roll_result_text("sub_placement", {"distance": 1, "or_more": False}) == \
        "exactly 1 hex from the nearest enemy TG or TF"
    # any other table: the generic words, no field=value pairs
    assert face.roll_result_text("damage", {"hits": 2}) == "hits 2"


def test_11_1_2_app_odds_panel_shows_the_placement_roll_in_words() -> None:
    from leyte.jupyter import GameApp

    g = _at_first_placement_roll()
    app = GameApp(g, ijn="random", usn="random", viewer="umpire", cards=False, auto=False)
    app.refresh()
    html = app.odds.value
    assert "leyte-odds" in html and "submarine" in html.lower()
    cells = re.findall(r"<td>([^<]*)</td></tr>", html)
    assert cells and all(c.endswith("from the nearest enemy TG or TF") for c in cells), cells
    assert "or_more" not in html and "distance=" not in html
