"""Every player's view is JSON and holds only what that player may know (boardgame.io's playerView leaks, #1159
and #399, are the failure to avoid).

At decisions sampled over a seeded random game, and at its end, for every player and the umpire:

- the view is JSON-serialisable (canonical JSON: no NaN, no tuples turned into surprises);
- the view's decision holds options (and prompt and data) only when that player decides; the umpire sees them;
- the view's log is exactly the events visible to that player, in order; events name only real players;
- no other player's prompt, and no text of an event hidden from the viewer, appears anywhere in the view.
"""

from __future__ import annotations

import pytest
from conformance_kit import VIEW_SAMPLES, new, play_out, scenario_params, walk

import leyte
from leyte.core.game import canonical

MIN_TEXT = 8  # shorter texts ("Pass", "Hold") may honestly appear in any log


def _visible_to(e: leyte.Event, viewer: str | None) -> bool:
    # spelt out here rather than calling Event.seen_by, so a bug there cannot hide itself; the umpire sees every
    # event once: not the masked copies written for players who may not know what the full copy names
    if viewer in (None, "umpire"):
        return not e.data.get("masked")
    return e.visible is None or viewer in e.visible


def check_views(g: leyte.Game, where: str) -> None:
    d = g.decision
    # "umpire" in an event's visible list marks a note no player sees (the umpire sees everything anyway)
    names = {*g.players, "umpire"}
    for e in g.events:
        assert e.visible is None or set(e.visible) <= names, f"{where}: event {e.text!r} is visible to {e.visible}"
    dicts = [e.to_dict() for e in g.events]
    for viewer in (*g.players, None, "umpire"):
        v = g.view(viewer)
        assert isinstance(v, dict)
        text = canonical(v)  # raises on anything JSON cannot hold (sets, objects, NaN)
        vd = v.get("decision")
        if d is None:
            assert vd is None, f"{where}: the game is over but {viewer}'s view shows a decision"
        elif viewer in (None, "umpire") or viewer == d.player:
            assert vd["player"] == d.player and vd["kind"] == d.kind
            assert vd["options"] == [o.to_dict() | {"text": o.text} for o in d.options]
        else:
            assert vd["player"] == d.player, f"{where}: {viewer} is not told who decides"
            for key in ("options", "prompt", "data"):
                assert key not in vd, f"{where}: {viewer}'s view holds {d.player}'s decision {key}"
            if len(d.prompt) >= MIN_TEXT:
                assert d.prompt not in text, f"{where}: {viewer}'s view holds {d.player}'s prompt {d.prompt!r}"
        expected = [x for e, x in zip(g.events, dicts, strict=True) if _visible_to(e, viewer)]
        assert v["log"] == expected, f"{where}: {viewer}'s log is not exactly the events visible to {viewer}"
        if viewer in (None, "umpire"):
            continue
        seen = {e.text for e in g.events if _visible_to(e, viewer)}
        for e in g.events:
            if not _visible_to(e, viewer) and len(e.text) >= MIN_TEXT and e.text not in seen:
                assert e.text not in text, f"{where}: {viewer}'s view holds the hidden event {e.text!r}"


@pytest.mark.parametrize("game_id,scenario,seed", scenario_params("views"))
def test_views_are_json_and_leak_nothing(game_id: str, scenario: str, seed: int) -> None:
    n = 0
    for at, g, _ in walk(game_id, scenario, seed, VIEW_SAMPLES):
        check_views(g, f"{game_id}/{scenario} seed {seed}, decision {at}")
        n += 1
    assert n >= 1


@pytest.mark.parametrize("game_id,scenario,seed", scenario_params("views-at-end"))
def test_views_of_a_finished_game(game_id: str, scenario: str, seed: int) -> None:
    g, b = new(game_id, scenario, seed)
    play_out(g, b)
    check_views(g, f"{game_id}/{scenario} seed {seed}, game over")
    with pytest.raises(leyte.LeyteError):
        g.view("no-such-player-xyz")
