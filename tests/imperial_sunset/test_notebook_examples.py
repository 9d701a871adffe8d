"""The numbers the Imperial Sunset lesson notebooks show, asserted here so the lessons need no "Checks" cells.

Each test builds the same position as its notebook, through the public API (and the notebook widgets where the
lesson steps an app), and asserts what the lesson tells the students.
"""

from __future__ import annotations

from typing import Any

from is_play import choose, day_record
from test_example_12_3 import _position as example_12_3_position

import leyte

# --- 10_victory: the real losses of 23-26 October 1944 scored by 12.1-12.3 (ruling E25) ---------------------------

REAL_IJN_SUNK = ["zuikaku", "zuiho", "chitose", "chiyoda", "musashi", "fuso", "yamashiro", "atago", "maya", "chokai",
                 "chikuma", "suzuya", "mogami", "noshiro", "abukuma", "kinu", "tama"]
REAL_IJN_AFLOAT = ["yamato", "nagato", "kongo", "haruna", "ise", "hyuga", "takao", "myoko", "haguro", "nachi",
                   "ashigara", "kumano", "tone", "aoba", "yahagi", "isuzu", "oyodo"]


def real_losses_position(sunk: list[str], afloat: list[str]) -> dict[str, Any]:
    """The last turn with the real losses (big Japanese ships only), as 10_victory builds it."""
    return {
        "id": "real-losses", "turn": 12, "first_turn": 1, "last_turn": 12,
        "turn_record": {"12": day_record("1944-10-26")},
        "options": {"wild_bull": False, "fanaticism": False},
        "tfs": [
            {"marker": "USN-1", "name": "Taffy 3", "side": "USN", "fleet": "7th", "hex": "3523",
             "ships": ["fanshaw-bay", "taffy-3-1", "taffy-3-2"], "hits": {"taffy-3-1": 2, "taffy-3-2": 1}},
            {"marker": "IJN-1", "name": "Survivors", "side": "IJN", "hex": "1015", "ships": afloat},
        ],
        "ships": [{"id": s, "sunk": True} for s in sunk + ["princeton", "gambier-bay", "st-lo"]],
        "start": {"activate": "USN-1", "pool": []},
    }


def _score(sunk: list[str], afloat: list[str]) -> dict[str, Any]:
    g = leyte.new_game("imperial-sunset", scenario=real_losses_position(sunk, afloat), seed=1)
    choose(g, "end_activation")
    assert g.over
    return g.result


def test_12_3_real_losses_fall_far_short_of_the_printed_decisive_label() -> None:
    """E25: the real losses, scored strictly by the points, give net 3 — not the Decisive level 12.3 names."""
    r = _score(REAL_IJN_SUNK, REAL_IJN_AFLOAT)
    t = r["breakdown"]
    assert t["USN"]["total"] == 89
    assert t["escaped"]["non_carrier_value"] == 96 and t["escaped"]["carrier_value"] == 0
    assert t["escaped"]["deduction"] == 72
    assert t["IJN"]["total"] == 14  # Princeton 5, Gambier Bay 3, St. Lo 3, Johnston and Hoel 2, Roberts 1
    assert r["net_usn"] == 3
    assert r["level"] == "IJN (Pyrrhic) Victory" and r["winner"] == "IJN"


def test_12_2_one_more_cruiser_sunk_moves_the_net_by_more_than_her_value() -> None:
    """The notebook's code suggestion: sinking Tone adds her 5 VP and takes her out of the escaped deduction."""
    r = _score(REAL_IJN_SUNK + ["tone"], [s for s in REAL_IJN_AFLOAT if s != "tone"])
    t = r["breakdown"]
    assert t["USN"]["total"] == 94 and t["escaped"]["non_carrier_value"] == 91
    assert r["net_usn"] - 3 > 5
    assert r["net_usn"] == t["USN"]["total"] - t["escaped"]["deduction"] - t["IJN"]["total"]


# --- 10_victory: the app steps the 12.3 example to its end ----------------------------------------------------------


def test_12_3_example_stepped_in_the_app_ends_significant() -> None:
    from leyte.jupyter import GameApp

    g = leyte.new_game("imperial-sunset", scenario=example_12_3_position(), seed=5)
    app = GameApp(g, ijn="random", usn="random", viewer="umpire", cards=False,
                  script=[{"kind": "unload"}, {"kind": "end_activation"}], center="3520", zoom=2.5)
    app.session.run("decision")
    assert app.session.game.over
    assert app.session.game.result["net_usn"] == 22
    assert app.session.game.result["level"] == "Significant USN Victory"
    app.session.reset()
    assert not app.session.game.over


def test_12_3_finished_bot_game_charts_net_and_sits_beside_history() -> None:
    """10_victory's last two sections: the points chart's net column, and the history view on the finished game."""
    from leyte.jupyter import Session, vp_frame
    from leyte.jupyter.history import HistoryView, compare

    bots = Session(leyte.new_game("imperial-sunset", scenario="historical", seed=3),
                   players={"IJN": "random", "USN": "random"})
    bots.run("decision")
    assert bots.game.over and bots.game.result["level"]
    final = bots.game.view(None)
    frame = vp_frame(final["vp"], last_turn=final["last_turn"], net=("USN", "IJN"))
    assert (frame["USN net"] == frame["USN"] - frame["IJN"]).all()
    assert frame["turn"].iloc[-1] == final["last_turn"]
    hist = leyte.rules("imperial-sunset").history
    ghosts = HistoryView(bots.game)
    last = hist[hist["turn"] == ghosts.slider.value]
    assert ghosts.slider.value == final["last_turn"]
    assert sorted(ghosts.map.ghosts_drawn) == sorted(last["hex"])
    beside = compare(bots.game)
    assert list(beside["force"]) == list(last["force"]) and beside["distance"].notna().all()
    assert set(beside["historical_result"]) == {"Decisive USN Victory (12.3 marks this level as the historical result)"}
    assert set(hist["provenance"]) == {"reconstructed"}
