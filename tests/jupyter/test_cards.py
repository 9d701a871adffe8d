"""Unit cards a class can read (issue 15 item 3): cards with values and damage boxes, the table one click away."""

from __future__ import annotations

import re

import leyte
from leyte.jupyter import GameApp
from leyte.jupyter.displays import cards_html


def test_cards_html_groups_escapes_and_draws_damage_boxes() -> None:
    cards = [
        {"id": "a", "title": "Kongo (BB)", "side": "IJN", "group": "Force B in 2821", "values": ["gunnery 8"],
         "damage": {"hits": 2, "boxes": 7}, "lines": ["torpedoes used"]},
        {"id": "b", "title": "<script>x</script>", "side": "IJN", "group": "Force B in 2821", "lines": []},
        {"id": "c", "title": "Alone", "side": "USN", "group": "", "lines": ["at sea"]},
    ]
    html = cards_html(cards, {"IJN": "#c62828", "USN": "#1565c0"})
    assert html.count('class="leyte-card"') == 3
    assert html.count("leyte-card-group") == 1 and "Force B in 2821" in html  # one heading for two cards
    assert "<script>" not in html and "&lt;script&gt;" in html
    first = html[html.index('data-id="a"'):html.index('data-id="b"')]
    assert len(re.findall("background:#e53935", first)) == 2 and first.count("background:#fff\"></span>") == 5
    assert "2/7" in first and "gunnery 8" in first and "torpedoes used" in first
    assert "#c62828" in first and "#1565c0" in html[html.index('data-id="c"'):]


def test_imperial_sunset_cards_show_the_damage_logs_values_after_hits() -> None:
    g = leyte.new_game("imperial-sunset")
    face = g.face
    view = g.view("IJN")
    kongo = next(c for c in face.cards(view) if c["fields"].get("ship_id") == "kongo")
    D = g.rules.data()
    b = D.ships["kongo"].box(0)
    assert kongo["values"] == [f"gunnery {b.gunnery}", f"AA {b.aa}", f"speed {b.speed_odd}/{b.speed_even}"]
    assert kongo["damage"] == {"hits": 0, "boxes": D.ships["kongo"].capacity}
    assert kongo["group"].startswith("Force") and "2821" in kongo["group"]
    # the same card after three hits reads the damage log's third box
    for tf in view["own_tfs"]:
        for s in tf["ships"]:
            if s["id"] == "kongo":
                s["hits"] = 3
    hit = next(c for c in face.cards(view) if c["fields"].get("ship_id") == "kongo")
    b3 = D.ships["kongo"].box(3)
    assert hit["values"][0] == f"gunnery {b3.gunnery}" and hit["damage"]["hits"] == 3


def test_the_app_shows_cards_and_the_table_on_request() -> None:
    app = GameApp(leyte.new_game("imperial-sunset"), ijn="human", usn="heuristic", viewer="IJN", size=6)
    assert app.cards_view in app.cards.children and app.cards_table not in app.cards.children
    assert app.cards_view.value.count('class="leyte-card"') == len(app.session.game.face.cards(app.session.view()))
    assert "Kongo" in app.cards_view.value and "damage 0 of" in app.cards_view.value
    app.cards_as_table.value = True
    assert app.cards_table in app.cards.children and app.cards_view not in app.cards.children
    app.cards_as_table.value = False
    assert app.cards_view in app.cards.children
