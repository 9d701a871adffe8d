"""Hidden information stays hidden (2.2, 5.4, 7.2, 10.2, 13.1.5.1; issue 4).

At set-up every IJN TF is undetected: the USN's view, log and options must name none of its ships, and changing the
composition of an undetected IJN TF must change nothing the USN sees. Dummies look like TFs; sonar markers carry no
identity; the other side's secret rolls stay with their owner.
"""

from __future__ import annotations

import copy
import json
import re

import pytest

import leyte
from leyte.bots import RandomBot

SCENARIOS = ["historical", "what-if", "campaign"]


def _ijn_words() -> list[re.Pattern[str]]:
    D = leyte.rules("imperial-sunset")
    out = []
    for sid, d in D.ships.items():
        if d.side == "IJN":
            out.append(re.compile(rf"\b{re.escape(sid)}\b", re.I))
            out.append(re.compile(rf"\b{re.escape(d.name)}\b", re.I))
    return out


def _usn_text(g: leyte.Game) -> str:
    v = g.view("USN")
    d = g.decision
    opts = [o.text + json.dumps(o.to_dict()) for o in d.options] if d and d.player == "USN" else []
    return json.dumps(v) + " ".join(opts)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_usn_view_at_setup_names_no_undetected_ijn_ship(scenario: str) -> None:
    g = leyte.new_game("imperial-sunset", scenario=scenario, seed=4)
    text = _usn_text(g)
    leaks = [p.pattern for p in _ijn_words() if p.search(text)]
    assert not leaks, f"USN view leaks {leaks[:5]}"
    assert all(t["detected"] is False and "ships" not in t for t in g.view("USN")["enemy_tfs"])


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_changing_an_undetected_ijn_tf_changes_nothing_the_usn_sees(scenario: str) -> None:
    base = leyte.rules("imperial-sunset").scenarios[scenario]
    other = copy.deepcopy(base)
    force = next(t for t in other["task_forces"] if t["id"] == "force-a")
    force["ships"] = [s for s in force["ships"] if s not in ("musashi", "haguro")]
    a = leyte.new_game("imperial-sunset", scenario=dict(base), seed=9)
    b = leyte.new_game("imperial-sunset", scenario=other, seed=9)
    assert a.view("USN") == b.view("USN")
    # The USN's set-up decisions see the same options and lead to the same USN view.
    while a.decision is not None and a.decision.player == "USN":
        assert [o.text for o in a.decision.options] == [o.text for o in b.decision.options]
        a.apply(a.decision.options[-1])
        b.apply(b.decision.options[-1])
        assert a.view("USN") == b.view("USN")


def test_dummy_looks_like_any_tf_and_sonar_has_no_identity() -> None:
    pos = {
        "id": "hide", "turn": 2, "turn_record": {"2": {"date": "1944-10-24", "time": "day"}},
        "options": {"wild_bull": False, "fanaticism": False},
        "tfs": [
            {"marker": "IJN-1", "name": "Force A", "side": "IJN", "hex": "2821", "ships": ["yamato"]},
            {"marker": "IJN-2", "name": "Dummy", "side": "IJN", "hex": "2822", "dummy": True},
            {"marker": "USN-1", "name": "TG 38.2", "side": "USN", "fleet": "3rd", "hex": "2824",
             "ships": ["iowa"], "detected": True},
        ],
        "sonar": [{"hex": "3001", "identity": "IJN"}],
        "start": {"activate": "USN-1"},
    }
    g = leyte.new_game("imperial-sunset", scenario=pos)
    enemy = {t["id"]: t for t in g.view("USN")["enemy_tfs"]}
    assert set(enemy["IJN-1"]) == set(enemy["IJN-2"])  # same keys: nothing marks the dummy
    assert "dummy" not in json.dumps(enemy).lower()
    assert g.view("USN")["sonar"] == [{"hex": "3001"}]
    assert "IJN" not in json.dumps(g.view("USN")["sonar"])


def test_secret_rolls_stay_with_their_owner_in_random_play() -> None:
    g = leyte.new_game("imperial-sunset", scenario="what-if", seed=12)
    bots = {p: RandomBot(p, i) for i, p in enumerate(g.players)}
    for _ in range(600):
        d = g.decision
        if d is None:
            break
        g.apply(bots[d.player].choose(g.view(d.player), d))
    usn_log = json.dumps([e.to_dict() for e in g.log("USN")])
    assert "What-If IJN air order of battle" not in usn_log  # the 13.2 roll is the IJN's secret
    assert "whatif_air_ob" not in json.dumps(g.view("USN")["secret"])
    for e in g.log("IJN"):
        assert "Wild Bull" not in e.text and "USN secret roll" not in e.text
    assert all(e.visible is None or "USN" in e.visible for e in g.log("USN"))


def test_14_1_ground_support_losses_are_the_usn_s_secret() -> None:
    """Which escort-carrier squadrons flew ground support is hidden (only the totals are public), so the rolls for
    their losses and their exhaustion are logged for the USN only."""
    from leyte.core.dice import Dice
    from leyte.core.game import Context
    from leyte.rulebooks.imperial_sunset import air_ops

    g = leyte.new_game("imperial-sunset", scenario="historical", seed=1)
    st = g.state
    aid = next(a.id for a in sorted(st.air.values(), key=lambda a: a.id) if a.side == "USN")
    st.flags["ground_support"], st.flags["day"] = [aid], True
    events: list[leyte.Event] = []
    air_ops.terminal_phase(st, Context(Dice(0, script=[10]), events))
    mine = [e for e in events if e.rule == "14.1"]
    assert [e.kind for e in mine] == ["roll", "air_box"] and st.air[aid].reduced
    assert all(e.visible == ("USN",) for e in mine)


def _at_ijn_reorganisation(seed: int = 5) -> leyte.Game:
    """The historical game at the IJN's first Initial Phase reorganisation (the USN sets up, Force C enters)."""
    g = leyte.new_game("imperial-sunset", scenario="historical", seed=seed)
    while not (g.decision.kind == "reorganize" and g.decision.player == "IJN"):
        g.apply(g.decision.options[-1])
    return g


def _usn_sees(g: leyte.Game, since: int) -> list[dict[str, object]]:
    return [e.to_dict() for e in g.events[since:] if e.seen_by("USN")]


def test_5_1_5_4_a_dummy_and_a_real_new_tf_read_alike_to_the_opponent() -> None:
    """Ruling E23: a dummy placed in Force C's hex and a ship split off Force C are announced to the USN in the same
    words, kind, data, id and order; withdrawing the dummy and disbanding the emptied group read alike too."""
    base = _at_ijn_reorganisation()
    force_c = next(t for t in base.view("IJN")["own_tfs"] if t["name"] == "Force C")
    hex_c, fuso = force_c["hex"], next(s["id"] for s in force_c["ships"] if s["name"] == "Fuso")

    dummy, real = base.fork(), base.fork()
    n = len(base.events)
    dummy.apply({"kind": "dummy_create"})
    dummy.apply({"kind": "dummy_hex", "hex": hex_c})
    real.apply({"kind": "split", "ship": fuso})
    assert _usn_sees(dummy, n) == _usn_sees(real, n)
    told = _usn_sees(real, n)
    assert [e["kind"] for e in told] == ["tf_new"] and told[0]["data"]["hex"] == hex_c
    assert told[0]["data"]["counts"] == {"ships": 1}  # 5.1: as a detection result of 5 (ruling R15)
    new_id = told[0]["data"]["tf"]
    assert any(t["id"] == new_id and t["dummy"] for t in dummy.view("IJN")["own_tfs"])
    assert any(t["id"] == new_id and not t["dummy"] for t in real.view("IJN")["own_tfs"])
    # The USN's view of the new marker is the same too (both undetected: Force C is).
    assert [t for t in dummy.view("USN")["enemy_tfs"]] == [t for t in real.view("USN")["enemy_tfs"]]

    # A dummy withdrawn (in a later Initial Phase, E2) reads as a real TF disbanded once its last ship has left.
    dummy.apply({"kind": "reorg_done"})
    bots = {p: RandomBot(p, 1) for p in dummy.players}
    while not (dummy.decision.kind == "reorganize" and dummy.decision.player == "IJN"):
        dummy.apply(bots[dummy.decision.player].choose({}, dummy.decision))
    m = len(dummy.events)
    dummy.apply({"kind": "dummy_remove", "tf": new_id})
    lone = next(t for t in base.view("IJN")["own_tfs"] if t["name"] == "Destroyer Division 21")
    k = len(real.events)
    real.apply(next(o for o in real.decision.options if o.kind == "transfer" and o["ship"] == lone["ships"][0]["id"]))

    def removal(tf: str) -> list[dict[str, object]]:
        return [{"rule": "5.1", "text": f"TF {tf} is disbanded", "kind": "tf_removed", "data": {"tf": tf}}]

    assert _usn_sees(dummy, m) == removal(new_id)
    assert _usn_sees(real, k) == removal(lone["id"])


def test_the_leak_test_s_hidden_names_follow_detection() -> None:
    """What the conformance leak test holds against each side: undetected enemy ships and every enemy carrier air
    unit; nothing of one's own; nothing once the game is over."""
    g = leyte.new_game("imperial-sunset", scenario="historical", seed=1)
    hidden_from_usn = g.rules.hidden_names(g.state, "USN")
    assert {"Yamato", "yamato", "Musashi"} <= hidden_from_usn
    assert not any(n in hidden_from_usn for n in ("Enterprise", "Intrepid VT-18", "vt-18"))
    hidden_from_ijn = g.rules.hidden_names(g.state, "IJN")
    assert {"Intrepid VT-18", "vt-18"} <= hidden_from_ijn and "Yamato" not in hidden_from_ijn
    force = next(t for t in g.state.tfs.values() if "yamato" in t.ships)
    force.detected = True
    assert "Yamato" not in g.rules.hidden_names(g.state, "USN")
    g.state.result = {"winner": "IJN"}
    assert g.rules.hidden_names(g.state, "USN") == frozenset()


def test_11_2_1_pt_boats_learn_what_they_scored_not_which_ship() -> None:
    """The PT boats strike an undetected TF (11.2.1): the IJN's log names the ship hit, the USN's only "a ship unit
    of TF IJN-3" and the hits, never the ship or its damage track (ruling E12, as E11 for submarines)."""
    night = {"date": "1944-10-25", "time": "night", "kamikazes": 0, "ijn_air_ops": "true"}
    pos = {
        "id": "pt-boats", "turn": 5, "first_turn": 1, "last_turn": 12, "turn_record": {"5": night},
        "options": {"wild_bull": False, "fanaticism": False, "auto_reports": True},
        "tfs": [{"marker": "IJN-3", "name": "Force C", "side": "IJN", "hex": "3822",
                 "ships": ["fuso", "yamashiro", "mogami", "div-4"]}],
        "pt_hex": "3722",
        "start": {"activate": "IJN-3"},
    }
    g = leyte.new_game("imperial-sunset", scenario=pos, dice=[8, 2])  # a hit; the 2nd of four ships: Yamashiro
    g.apply({"kind": "move", "to": "3722"})
    ijn = [e.data for e in g.log("IJN") if e.kind == "damage"]
    usn = [e.data for e in g.log("USN") if e.kind == "damage"]
    assert [d["ship"] for d in ijn] == ["yamashiro"] and ijn[0]["capacity"] > 0
    assert usn == [{"ship": "a ship unit of TF IJN-3", "hits": ijn[0]["asked"], "cause": "PT boats"}]
    usn_log = json.dumps([e.to_dict() for e in g.log("USN")])
    assert not any(w in usn_log for w in ("Yamashiro", "yamashiro", "Fuso", "Mogami", "Div 4"))
