"""Presentation mode's turn summary for Clash of the Carriers (issue 15 item 4): Imperial Sunset's reading of the
shared event kinds, on the Marianas map's names."""

from __future__ import annotations

from summary_kit import played

import leyte
from leyte.core.face import TURN_KINDS
from leyte.rulebooks.clash.heuristic import make_heuristic

_played = played


def test_air_strikes_near_saipan_and_the_points_the_usn_loses() -> None:
    g = _played("clash-of-the-carriers", 3, 3)
    ijn, usn = g.face.turn_summary(g.log("IJN")), g.face.turn_summary(g.log("USN"))
    assert ijn[0] == usn[0] == "Turn 3: 1944-06-18 day:"
    # the struck US groups are named by the marker labels the IJN reads on the map, read aloud, in Saipan's
    # waters
    assert "US marker 8 came under three air strikes off Saipan." in ijn
    assert "US marker 7 was sighted off Saipan and came under one air strike." in ijn
    assert "The USN lost 14 points." in ijn and "The USN lost 14 points." in usn  # 10.2: short of Saipan's quota
    assert "US marker 1 was sighted off Rota." in ijn
    # the USN calls its own historical group by its name (its own moves paired marker 1 with TG 52.10); a new group
    # with no name of its own keeps its marker's label
    assert "TG 52.10 was sighted off Rota." in usn
    assert "US marker 7 was sighted off Saipan and came under one air strike." in usn
    assert not any("-marker-" in line or "usn-tg" in line for line in ijn + usn), ijn + usn
    # no historical group's id or name reaches the IJN's summary
    usn_groups = [t for t in g.state.tfs.values() if t.side == "USN"]
    text = " ".join(ijn)
    assert not any(t.id in text or t.name in text for t in usn_groups if not t.name.startswith("TF "))


def test_own_task_groups_by_name_enemy_ones_by_label_and_a_masked_loss_on_its_force() -> None:
    """Heuristic seed 5, turn 3 (1944-06-18, second day turn): each side reads its own struck TG by name, the enemy's
    by the label on its marker (3.1.6), and the USN's report of a ship the submarines' torpedoes and a fire sank in
    the Mobile Fleet (unnamed: the USN never saw which) is told of the Mobile Fleet, whose marker is public."""
    g = leyte.new_game("clash-of-the-carriers", seed=5)
    bots = {p: make_heuristic("clash-of-the-carriers", p, 5) for p in g.players}
    opened = 0
    while opened < 4:
        n = len(g.events)
        d = g.decision
        g.apply(bots[d.player].choose(g.view(d.player), d))
        opened += any(e.kind in TURN_KINDS for e in g.events[n:])
    ijn, usn = g.face.turn_summary(g.log("IJN")), g.face.turn_summary(g.log("USN"))
    assert ijn[0] == usn[0] == "Turn 3: 1944-06-18 day:"
    assert "US marker 4 came under five air strikes in the Philippine Sea." in ijn
    assert "TG 58.1 came under five air strikes in the Philippine Sea." in usn  # the same strikes, its own group
    assert "Mobile Fleet lost a ship to fire and flooding in the Philippine Sea." in usn
    assert not any(line.startswith("A force") or "naval unit" in line for line in usn), usn
    assert not any("TG 58" in line or "TG 52" in line for line in ijn), ijn  # never a US group's name to the IJN


def test_a_label_is_paired_only_with_the_group_its_own_activation_moved() -> None:
    """A made-up IJN log: its own marker 5 is drawn and Force A's allowance follows (paired: "Force A"); then the
    US marker 3 is drawn and an IJN group moves during that activation (no pairing: "US marker 3" stays a label)."""
    from types import SimpleNamespace as E

    from leyte.rulebooks.imperial_sunset.summary import turn_facts

    log = [
        E(kind="draw", text="Drew IJN TG ijn-marker-5", data={"marker": "ijn-marker-5", "side": "IJN"}),
        E(kind="mp", text="Force A has 4 MP = 4", data={"formation": "force-a", "mp": 4}),
        E(kind="activate_end", text="IJN marker ijn-marker-5 ends its activation in 1818",
          data={"formation": "ijn-marker-5"}),
        E(kind="draw", text="Drew USN TG usn-marker-3", data={"marker": "usn-marker-3", "side": "USN"}),
        E(kind="move", text="Force B moves 1818 -> 1819", data={"formation": "force-b", "to": "1819"}),
        E(kind="strike", text="USN air strike on TF ijn-marker-5 in 1818: 6 strike unit(s)", data={}),
        E(kind="strike_end", text="", data={}),
        E(kind="strike", text="IJN air strike on TF usn-marker-3 in 2811: 4 strike unit(s)", data={}),
    ]
    facts = turn_facts(log, 0, len(log), {})
    assert [(f.who, f.what) for f in facts] == [("Force A", "struck"), ("US marker 3", "struck")]
