"""Presentation mode's turn summary for Imperial Sunset (issue 15 item 4): one sentence per force, named as the
viewer knows it, with the sea or strait it was in, from the viewer's own log only (a masked loss stays masked)."""

from __future__ import annotations

from summary_kit import played

_played = played


def test_a_busy_day_turn_told_by_each_side_in_its_own_names() -> None:
    g = _played("imperial-sunset", 3, 3)
    ijn, usn = g.face.turn_summary(g.log("IJN")), g.face.turn_summary(g.log("USN"))
    assert ijn[0] == usn[0] == "Turn 3: 1944-10-24 day:"
    # the same surface battle (8.3): the IJN names its own TF and knows the USN TFs by marker, and the other way
    assert ("Force A was sighted in Leyte Gulf, fought TF USN-2 and TF USN-3, had Haruna and Nagato damaged and "
            "lost Yahagi and Suzuya to torpedoes.") in ijn
    assert ("TF IJN-3 was sighted in Leyte Gulf, fought Taffy 2 and Task Force 79, had Haruna and Nagato damaged "
            "and lost Yahagi and Suzuya to torpedoes.") in usn
    # a USN escort carrier the IJN sank without identifying it (8.3.1): the IJN hears of "CVE USN-6" only
    assert ("Taffy 2 was sighted in Leyte Gulf, had Denver and Savo Island damaged and lost Marcus Island to "
            "torpedoes.") in usn
    assert ("TF USN-2 was sighted in Leyte Gulf, had Denver and CVE USN-3 damaged and lost CVE USN-6 to "
            "torpedoes.") in ijn
    assert "Marcus Island" not in " ".join(ijn) and "Force A" not in " ".join(usn)
    assert "TG 38.3 was sighted in the Philippine Sea and lost Lexington to fire and flooding." in usn  # 9.2
    assert ("TF IJN-11 was sighted in Leyte Gulf, fought Taffy 3, came under two air strikes and had Noshiro "
            "damaged.") in usn


def test_the_last_turn_ends_with_the_result() -> None:
    g = _played("imperial-sunset", 3, 99)
    assert g.over
    usn = g.face.turn_summary(g.log("USN"))
    assert usn[-1] == "The game is over: IJN Decisive Victory."
    assert "TF IJN-9 was sighted off Leyte, came under one air strike and had Ashigara damaged." in usn
