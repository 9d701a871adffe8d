"""History beside the game, headless: ghost rings on the history's hexes, the turn slider moving them, and the
comparison table of a played game with the real battle, for every game that keeps a history."""

from __future__ import annotations

from typing import Any

import pandas as pd
import pytest

import leyte
from leyte.core.errors import LeyteError
from leyte.jupyter.history import COMPARE_COLUMNS, HistoryView, compare, current_turn, ghost_markers, history_turn

GAMES = ("imperial-sunset", "samar", "naval-chess")



def _hexes(game: str, turn: int) -> list[str]:
    h = leyte.rules(game).history
    return list(h[h["turn"] == turn]["hex"])


@pytest.mark.parametrize("game", GAMES)
def test_the_slider_moves_the_ghosts_onto_the_historys_hexes(game: str, sent: list[Any]) -> None:
    g = leyte.new_game(game, seed=1)
    hv = HistoryView(g)
    hist = leyte.rules(game).history
    assert (hv.slider.min, hv.slider.max) == (int(hist["turn"].min()), int(hist["turn"].max()))
    assert hv.slider.value == 1  # every game starts on its first turn, and the history's first turn is 1
    assert sorted(hv.map.ghosts_drawn) == sorted(_hexes(game, 1))
    assert all(m["shape"] == "ring" and m["kind"] == "ghost" for m in hv.map.ghosts)
    markers = g.face.markers(g.view("umpire"))
    assert len(hv.map.markers) == len(markers) > 0  # the game's own pieces are drawn under the ghosts
    last = hv.slider.max
    sent.clear()
    hv.slider.value = last
    assert len(sent) == 1  # one batched frame for the new ghosts
    assert sorted(hv.map.ghosts_drawn) == sorted(_hexes(game, last))
    assert sorted(m["hex"] for m in hv.map.ghosts) == sorted(_hexes(game, last))
    assert f"turn {last}" in hv.label.value
    first_event = str(hist[hist["turn"] == last]["event"].iloc[0])
    assert first_event.split(";")[0].replace("'", "&#x27;") in hv.label.value
    assert hv.map.markers == [dict(m) for m in markers]  # the slider leaves the game's pieces alone


@pytest.mark.parametrize("game", GAMES)
def test_ghost_markers_carry_force_event_and_source(game: str) -> None:
    g = leyte.new_game(game, seed=1)
    hist = leyte.rules(game).history
    row = hist[hist["turn"] == 2].iloc[0]
    ghost = next(m for m in ghost_markers(g, 2) if m["force"] == row["force"])
    assert ghost["hex"] == row["hex"]
    assert row["force"] in ghost["title"] and row["source"] in ghost["title"] and row["event"] in ghost["title"]
    assert 0 < len(ghost["label"]) <= 8
    assert ghost["colour"] != g.face.colours()[row["side"]]  # faded, not the piece colour
    hv = HistoryView(g)
    hv.show_turn(2)
    hover = hv.map.hover_text(row["hex"])
    assert row["force"].split("(")[0].strip() in hover and "history" in hover


def test_the_turn_is_read_from_turn_or_day_and_a_day_flag_is_no_turn() -> None:
    g = leyte.new_game("naval-chess", seed=1)
    hist = leyte.rules("naval-chess").history
    assert current_turn(g, {"day": 3}) == 3
    assert current_turn(g, {"turn": 5, "day": True}) == 5
    assert current_turn(g, {"day": True}) is None
    assert history_turn(hist, None) == 1
    assert history_turn(hist, 99) == int(hist["turn"].max())  # past the table: its last recorded positions
    hv = HistoryView(g)
    hv.show_turn(4)
    assert hv.slider.value == 4 and sorted(hv.map.ghosts_drawn) == sorted(_hexes("naval-chess", 4))
    with pytest.raises(LeyteError, match="history turn: 8 is outside the recorded turns 1-7"):
        hv.show_turn(8)
    assert hv.slider.value == 4


@pytest.mark.parametrize("game", GAMES)
def test_compare_has_one_row_per_real_force_with_the_nearest_piece(game: str) -> None:
    g = leyte.new_game(game, seed=1)
    df = compare(g)
    hist = leyte.rules(game).history
    assert list(df.columns) == list(COMPARE_COLUMNS)
    assert list(df["force"]) == list(hist[hist["turn"] == 1]["force"])
    assert list(df["historical_hex"]) == _hexes(game, 1)
    hexmap = g.face.map()
    pieces = [m for m in g.face.markers(g.view("umpire")) if m.get("kind") not in ("smoke", "air")]
    for r in df.itertuples(index=False):
        own = [hexmap.distance(hexmap.hex(r.historical_hex), hexmap.hex(m["hex"])) for m in pieces
               if m["side"] == r.side]
        if own:
            assert r.distance == min(own)
            assert hexmap.distance(hexmap.hex(r.historical_hex), hexmap.hex(r.piece_hex)) == r.distance
        else:  # a side with no piece on the map yet: blank, not invented
            assert r.piece == "" and r.piece_hex == "" and pd.isna(r.distance)


def test_compare_known_values() -> None:
    nc = compare(leyte.new_game("naval-chess", seed=1))
    assert set(nc["historical_result"]) == {"historical_vp 72"}
    kurita = nc[nc["force"] == "Center Force (Kurita)"].iloc[0]
    assert (kurita["historical_hex"], kurita["piece_hex"], kurita["distance"]) == ("B9", "B9", 0)
    samar = compare(leyte.new_game("samar", seed=1))
    ijn = samar[samar["side"] == "IJN"]
    assert len(ijn) == 3 and ijn["distance"].isna().all()  # the Japanese ships are not yet on the map at 0648
    taffy = samar[samar["side"] == "USN"].iloc[0]
    assert taffy["historical_hex"] == "1411" and taffy["distance"] == 1
    # the rulebook scores no real action: the face says our reading, and says that it is ours
    (real,) = set(samar["historical_result"])
    assert real.startswith("USN") and "our reading of 3.4" in real and "Gambier Bay" in real
    later = compare(leyte.new_game("imperial-sunset", seed=1), turn=3)
    assert set(later["historical_result"]) == {"Decisive USN Victory (12.3 marks this level as the historical result)"}
    assert set(later["turn"]) == {3} and list(later["historical_hex"]) == _hexes("imperial-sunset", 3)


def test_a_finished_game_shows_its_result_beside_the_real_one() -> None:
    from leyte.bots import make_bot

    g = leyte.new_game("naval-chess", seed=3)
    early = HistoryView(g)
    assert early.slider.value == 1
    bots = {seat: make_bot("heuristic", "naval-chess", seat, 3) for seat in g.players}
    while not g.over:
        d = g.decision
        g.apply(bots[d.player].choose(g.view(d.player), d))
    early.refresh()  # the game's new position, the chosen turn's ghosts kept
    assert early.map.markers == [dict(m) for m in g.face.markers(g.view("umpire"))]
    assert early.slider.value == 1 and sorted(early.map.ghosts_drawn) == sorted(_hexes("naval-chess", 1))
    assert HistoryView(g).slider.value == 7  # a view opened on the finished game starts on its last day
    df = compare(g)
    assert set(df["turn"]) == {int(leyte.rules("naval-chess").history["turn"].max())}
    assert set(df["game_result"]) == {g.face.result_text(g.result)} and df["game_result"].iloc[0]
    assert set(df["historical_result"]) == {f"historical_vp {g.result['historical_vp']}"}


def test_a_game_without_history_is_refused_by_name() -> None:
    class NoHistory:
        id = "no-history"

        class rules:  # noqa: N801 - stands in for a rules object
            @staticmethod
            def data() -> Any:
                return object()

    with pytest.raises(LeyteError, match="no-history.*no history"):
        compare(NoHistory())
