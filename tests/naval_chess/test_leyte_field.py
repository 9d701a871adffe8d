"""The Allies' use of the Tacloban airfield on Leyte (VI.B.1.b.2.e, RULINGS R-51): open from their third day in
Leyte Gulf; naval air flown there becomes land-based (weak) and searches and strikes in the land-based air step.
Through the public API."""

from __future__ import annotations

import leyte

PASSIVE = ("done", "stay", "let_go", "hide", "hold", "keep", "posture")


def _skip_to(g: leyte.Game, kind: str, player: str | None = None, day: int | None = None) -> None:
    """Answer every other question passively (no move, no strike, plot to stay) until the one wanted."""
    while g.decision and not (g.decision.kind == kind and (player is None or g.decision.player == player)
                              and (day is None or g.view(None)["day"] == day)):
        opts = g.decision.options
        g.apply(next((o for o in opts if o.kind in PASSIVE), opts[0]))


def _game() -> leyte.Game:
    # Day 3, afternoon: the northern transports have anchored in Leyte Gulf this afternoon (their first day there).
    # Taffy 1 stands off Samar; an IJN force waits two hexes west of the gulf, in range of a field at E7.
    pos = {"id": "tacloban", "setup": False, "day": 3, "start": "afternoon_combat",
           "allied": {"tr_north": "E7", "taffy_1": "F6"},
           "ijn": {"task_forces": [{"units": ["nagato"], "at": "C7"}]}}
    return leyte.new_game("naval-chess", scenario=pos, seed=4)


def _tacloban(g: leyte.Game) -> list[leyte.Action]:
    d = g.decision
    return [o for o in d.options if o.kind == "rebase" and o["to"] == "E7"]


def test_vi_b_1_b_2_e_the_field_opens_on_the_third_day_in_the_gulf() -> None:
    g = _game()
    assert any(e.kind == "landing" for e in g.events)  # the clock starts on day 3
    # Taffy 1's air unit has nowhere else to go (no free deck): the Seventh Fleet is first asked on day 5
    _skip_to(g, "rebase", "Seventh Fleet")
    assert g.view(None)["day"] == 5
    (move,) = _tacloban(g)
    assert (move["air"], move["carrier"], move["column"]) == ("air_taffy_1", False, "air_weak")


def test_vi_b_1_b_2_e_naval_air_at_tacloban_strikes_in_the_land_based_step() -> None:
    g = _game()
    _skip_to(g, "rebase", "Seventh Fleet", 5)
    g.apply(_tacloban(g)[0])
    assert g.view("Seventh Fleet")["units"]["air_taffy_1"]["base"] == "E7"
    assert g.view("Seventh Fleet")["units"]["air_taffy_1"]["hex"] == "E7"
    n = len(g.events)
    _skip_to(g, "strike", "Seventh Fleet", 6)
    searches = [e for e in g.events[n:] if e.kind == "roll" and "air search from E7" in e.text]
    found = [e for e in g.events[n:] if e.kind == "detected" and e.seen_by("Seventh Fleet")]
    assert searches or found, "the Tacloban unit searches from E7 in the land-based step"
    assert all(not e.seen_by("IJN") for e in searches)
    d = g.decision
    assert d is not None and d.data["mode"] == "land" and d.rule == "VI.B.1.b.2.e"
    strike = next(o for o in d.options if o.kind == "strike")
    assert strike["air"] == "air_taffy_1"
    events = g.apply(strike)
    roll = next(e for e in events if e.kind == "hit")
    assert roll.data["column"] == "air_weak"  # every strike from a land base is weak
