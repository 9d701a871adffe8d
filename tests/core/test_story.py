"""The turn summary's sentence builder (issue 15 item 4): facts about forces worded as a few plain sentences, and hexes
turned into the map's own place names."""

from __future__ import annotations

import pytest

import leyte
from leyte.core.story import Fact, join_and, place_phrase, tell

PLACES = {"1": "in the Sibuyan Sea", "2": "off Samar", "3": "in Leyte Gulf"}


def test_a_force_sighted_and_struck_loses_its_ships_to_the_counted_air_strikes() -> None:
    facts = [Fact("Center Force", "sighted", "1"),
             *(Fact("Center Force", "struck", "1", by="air strike") for _ in range(5)),
             Fact("Center Force", "lost", "1", ("Musashi",), by="air strike")]
    assert tell(facts, PLACES.get) == ["Center Force was sighted in the Sibuyan Sea and lost Musashi to five air "
                                       "strikes."]


def test_a_battle_a_hit_and_a_loss_make_one_sentence_and_the_place_is_said_once() -> None:
    facts = [Fact("Force A", "sighted", "3"), Fact("Force A", "fought", "3", other="Taffy 3"),
             Fact("Force A", "hit", "3", ("Kumano",), by="torpedoes"),
             Fact("Force A", "lost", "3", ("Chokai",), by="gunfire"),
             Fact("Force A", "hit", "3", ("Chokai",), by="gunfire")]  # hit, then sunk: told as lost only
    assert tell(facts, PLACES.get) == ["Force A was sighted in Leyte Gulf, fought Taffy 3, had Kumano damaged and "
                                       "lost Chokai to gunfire."]


def test_points_a_side_and_the_end_of_the_game() -> None:
    facts = [Fact("the USN", "points", count=-1), Fact("the USN", "points", count=-13),
             Fact("the Allies", "points", count=1), Fact("", "end", other="IJN Decisive Victory")]
    assert tell(facts) == ["The USN lost 14 points.", "The Allies won one point.",
                           "The game is over: IJN Decisive Victory."]


def test_forces_only_sighted_share_one_sentence_per_place_and_many_are_counted() -> None:
    facts = [Fact(f"TF USN-{i}", "sighted", "3") for i in range(1, 7)]
    facts += [Fact("TF IJN-2", "sighted", "2"), Fact("TF IJN-9", "sighted"),
              Fact("TF IJN-4", "struck", "2", by="air strike"), Fact("TF IJN-4", "exited", names=("Tone", "Kongo"))]
    assert tell(facts, PLACES.get) == [
        "TF IJN-4 came under one air strike off Samar and got Tone and Kongo off the map.",
        "TF USN-1, TF USN-2, TF USN-3, TF USN-4 and 2 more were sighted in Leyte Gulf.",
        "TF IJN-2 was sighted off Samar.",
        "TF IJN-9 was sighted.",
    ]
    many = [Fact(f"TF {i}", "sighted", str(i)) for i in range(1, 7)]
    assert tell(many)[3:] == ["Three more forces were sighted elsewhere."]
    assert tell(many[:4])[3:] == ["One more force was sighted elsewhere."]
    assert tell([]) == [] and tell([Fact("X", "fought", "9")]) == ["X fought the enemy at 9."]
    assert join_and(["a"]) == "a" and join_and(["a", "b", "a"]) == "a and b"


def test_a_fact_of_an_unknown_kind_is_refused_naming_the_field() -> None:
    with pytest.raises(leyte.LeyteError, match="'what' is 'sunk', not one of sighted"):
        Fact("Force A", "sunk")


@pytest.mark.parametrize("game_id,label,words", [
    ("imperial-sunset", "2921", "in San Bernardino Strait"),  # a strait close by wins over the sea around it
    ("imperial-sunset", "3722", "in Surigao Strait"),
    ("imperial-sunset", "3522", "in Leyte Gulf"),
    ("imperial-sunset", "1028", "in the Philippine Sea"),  # open water: the sea's name
    ("imperial-sunset", "3909", "in the Sulu Sea"),
    ("clash-of-the-carriers", "3812", "off Saipan"),
    ("clash-of-the-carriers", "0920", "in the Philippine Sea"),  # printed "PHILIPPINE SEA" on the map
    ("naval-chess", "B9", "near Brunei"),
    ("naval-chess", "F9", "at F9"),  # no name within reach of this 210 nm hex
    ("naval-chess", "off:north", "off the map"),
    ("samar", "2115", "near Guiuan"),
])
def test_a_hex_is_named_by_the_nearest_name_on_the_map_within_reach(game_id: str, label: str, words: str) -> None:
    assert place_phrase(leyte.rules(game_id).map, label) == words
