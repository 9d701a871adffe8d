"""The enemy's TGs reach a side only by their marker labels (3.1.6, ruling R-51): its view, including what each of its
search channels has detected (6.3.1-6.3.3), and the search results and reports in its log.

A TG's id is its historical group ("tg-58-1", "force-a", "ijn-dummy-2"): a side that could pair a label with an id
would know which ships a marker hides, or that it is a dummy, before any search told it (the land-based sighting of
6.3.3 gives counts only). So a whole heuristic game is played and, at every decision, each side's view (less the log)
and the search events it sees are searched for the id of any enemy TG whose label differs from it. Once a carrier or
island search has found a TG the strike on it may name it (its ships are then in plain sight, R-41): those strike
events are not searched here, the conformance leak test covers their ship names.
"""

from __future__ import annotations

import re

from clash_kit import real_rules_until_subs

from leyte.core.game import Game, canonical
from leyte.rulebooks.clash import state
from leyte.rulebooks.clash.heuristic import make_heuristic

GAME = "clash-of-the-carriers"
SEARCH_EVENTS = ("search_result", "report", "dummy_removed", "search", "strike", "mp")  # strikes and their MP cost too


def enemy_ids(g: Game, side: str) -> re.Pattern[str] | None:
    """The ids and historical names of the enemy TGs whose marker shows a label, as one whole-word pattern."""
    labels = state.labels(g.state)
    hidden = [t for t, lab in labels.items() if lab != t and g.state.tfs[t].side != side]
    # a group's id, and its name when that is a historical group's ("TG 58.1"), not a generic one ("New TG ...",
    # "dummy TG": the ids already cover a dummy's tell)
    names = {g.state.tfs[t].name for t in hidden}
    ids = sorted({*hidden, *(n for n in names if not n.startswith("New ") and "dummy" not in n)})
    if not ids:
        return None
    return re.compile(r"(?<![\w-])(?:" + "|".join(map(re.escape, ids)) + r")(?![\w-])")


def test_3_1_6_views_and_search_log_name_enemy_tgs_by_label_only() -> None:
    seed = 5
    r = real_rules_until_subs()
    g = Game(r, r.load_scenario("historical"), seed=seed, scenario_ref="historical")
    bots = {side: make_heuristic(GAME, side, seed) for side in ("IJN", "USN")}
    seen, decisions = 0, 0
    found: dict[str, set[str]] = {"IJN": set(), "USN": set()}
    while not g.over:
        for side in ("IJN", "USN"):
            rx = enemy_ids(g, side)
            if rx is None:
                continue
            view = g.rules.view(g.state, side)
            found[side] |= {i for ids in view["detected"].values() for i in ids}
            hit = rx.search(canonical(view))
            assert hit is None, f"decision {decisions}: {side}'s view names the enemy TG {hit.group(0)!r}"
            for e in g.events[seen:]:
                if e.kind in SEARCH_EVENTS and e.seen_by(side):
                    hit = rx.search(e.text + canonical(e.data))
                    assert hit is None, f"decision {decisions}: {side} reads {hit.group(0)!r} in {e.text!r}"
        seen = len(g.events)
        d = g.decision
        rx = enemy_ids(g, d.player)
        if rx is not None:  # the question and its options name an enemy group by its label only (islands, strikes)
            hit = rx.search(d.prompt + " ".join(o.text + canonical(o.params) for o in d.options) + canonical(d.data))
            assert hit is None, f"decision {decisions}: {d.player} is asked about {hit.group(0)!r}"
        g.apply(bots[d.player].choose(g.view(d.player), d))
        decisions += 1
    # the game did find enemy groups, and each side's channels listed them by the labels on the map
    for side, labels in found.items():
        prefix = ("usn" if side == "IJN" else "ijn") + "-marker-"
        assert labels and all(lab.startswith(prefix) or lab in ("tf-58", "mobile-fleet") for lab in labels), labels


def test_6_1_a_report_on_the_enemy_tf_marker_stays_in_the_searchers_view() -> None:
    """The Mobile Fleet keeps its Forces inside its TF, so the USN searches the TF marker and is told its counts (6.1):
    the view keeps that report on the TF, as it does on a lone TG, and shows it to the searcher only."""
    seed = 5
    r = real_rules_until_subs()
    g = Game(r, r.load_scenario("historical"), seed=seed, scenario_ref="historical")
    bots = {side: make_heuristic(GAME, side, seed) for side in ("IJN", "USN")}
    seen, checked = 0, 0
    while not g.over and not checked:
        d = g.decision
        g.apply(bots[d.player].choose(g.view(d.player), d))
        for e in g.events[seen:]:
            if e.kind == "report" and e.data.get("target") == "mobile-fleet" and e.seen_by("USN"):
                usn = {t["id"]: t for t in g.rules.view(g.state, "USN")["task_forces"]}
                assert usn["mobile-fleet"]["last_report"]["counts"] == e.data["counts"]
                assert "last_report" not in usn["tf-58"]  # its own TF: the TGs on its chart instead
                ijn = {t["id"]: t for t in g.rules.view(g.state, "IJN")["task_forces"]}
                assert "last_report" not in ijn["mobile-fleet"]  # the reporter's own TF
                checked += 1
        seen = len(g.events)
    assert checked
