"""Clash's face on a projector: enemy task-group markers, the enemy's task-force marker, the set-up status line."""

from __future__ import annotations

import leyte
from leyte.rulebooks.clash.face import ClashFace, tf_label

GAME = "clash-of-the-carriers"


def _after_setup(seed: int = 1944) -> leyte.Game:
    """A game past the IJN's three set-up questions (16.1.1), each answered with its first (historical) option."""
    g = leyte.new_game(GAME, seed=seed)
    while g.view("IJN")["phase"] == "setup":
        g.apply(g.decision.options[0])
    return g


def test_3_2_3_the_enemy_tf_marker_is_drawn_where_the_view_places_it() -> None:
    g = _after_setup()
    face = g.face
    assert isinstance(face, ClashFace)
    ijn = g.view("IJN")
    tf58 = next(t for t in ijn["task_forces"] if t["id"] == "tf-58")
    marks = {m["id"]: m for m in face.markers(ijn)}
    assert marks["tf-58"]["hex"] == tf58["hex"] == "3111" and marks["tf-58"]["side"] == "USN"
    assert (marks["tf-58"]["label"], marks["tf-58"]["sub"]) == ("58", "TF")
    assert "3.2.3" in marks["tf-58"]["title"] and not marks["tf-58"]["own"]
    assert face.piece_hexes(ijn)["tf-58"] == "3111"
    # the TGs inside TF 58 stay off the Japanese map: no marker names them
    assert not {"tg-58-2", "tg-58-3", "tg-58-7"} & set(marks)
    # and the Americans see the Mobile Fleet's marker, never their own TF's twice
    usn = g.face.markers(g.view("USN"))
    assert [(m["id"], m["label"]) for m in usn if m["side"] == "IJN"] == [("mobile-fleet", "MF")]
    assert not any(m["id"] == "tf-58" for m in usn)


def test_enemy_formations_read_as_task_groups_and_own_ones_keep_their_contents() -> None:
    g = _after_setup()
    marks = g.face.markers(g.view("IJN"))
    enemy_tgs = [m for m in marks if m["side"] == "USN" and m["id"] != "tf-58"]
    assert enemy_tgs and all(m["sub"] == "TG ?" and m["title"].startswith("enemy TG marker ") for m in enemy_tgs)
    own = [m for m in marks if m["side"] == "IJN"]
    assert own and all(m["sub"] != "TG ?" for m in own) and {m["sub"] for m in own} >= {"3 CV+"}


def test_the_umpire_sees_every_tg_and_no_tf_marker_on_top() -> None:
    g = _after_setup()
    marks = g.face.markers(g.view(None))
    ids = {m["id"] for m in marks}
    assert {"tg-58-2", "tg-58-3", "tg-58-7", "force-a"} <= ids and not {"tf-58", "mobile-fleet"} & ids


def test_16_1_1_the_status_line_says_set_up_before_the_first_turn() -> None:
    g = leyte.new_game(GAME, seed=1944)
    assert g.face.status(g.view("IJN")) == "Turn 1 · set-up (16.1.1)"
    played = _after_setup()
    assert played.face.status(played.view("IJN")) == "Turn 1 · 1944-06-18 · night · initial"


def test_tf_label_is_the_number_else_the_initials() -> None:
    assert tf_label("Task Force 58", "tf-58") == "58"
    assert tf_label("Mobile Fleet", "mobile-fleet") == "MF"
    assert tf_label("", "x-force") == "x-fo"


def test_3_1_6_during_the_set_up_an_enemy_tg_marker_shows_no_number_yet() -> None:
    g = leyte.new_game(GAME, seed=1944)
    enemy = [m for m in g.face.markers(g.view("IJN")) if m["side"] == "USN" and m["sub"] == "TG ?"]
    assert len(enemy) == 3 and {m["label"] for m in enemy} == {"?"}
    assert not any("tg-" in m["title"] for m in enemy)  # the hover names no TG either
    # once play starts each reads the number of its public marker, the one it keeps
    played = _after_setup()
    labels = played.view("IJN")["enemy_tfs"]
    numbers = {m["id"]: m["label"] for m in played.face.markers(played.view("IJN")) if m["sub"] == "TG ?"}
    assert numbers == {t["id"]: t["id"].rsplit("-", 1)[-1] for t in labels}
