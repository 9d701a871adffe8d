"""What a Samar view tells a player about each counter (2.5, 2.6): the values in play, with their letters."""

from __future__ import annotations

from samar_play import game

from leyte.rulebooks.samar.data import data


def test_2_5_ship_entries_carry_range_with_m_and_r_and_the_other_counter_values() -> None:
    g = game([{"id": "yamato", "hex": "1010"}, {"id": "shimakaze", "hex": "1012"},
              {"id": "johnston", "hex": "1020"}, {"id": "gambier_bay", "hex": "1030"}])
    ships = g.view("IJN")["ships"]
    y, sh, j, gb = ships["yamato"], ships["shimakaze"], ships["johnston"], ships["gambier_bay"]
    assert (y["range"], y["range_m"], y["radar"]) == (15, False, False)  # plunging fire out to 23 hexes
    assert (sh["range"], sh["range_m"]) == (7, True)  # M: the printed range is the maximum (5.4)
    assert (j["range_m"], j["radar"]) == (True, True)  # a Fletcher: M and R
    for v, sid in ((y, "yamato"), (sh, "shimakaze"), (j, "johnston"), (gb, "gambier_bay")):
        sd = data().ships[sid]
        assert (v["gunnery"], v["armor"], v["torpedo"], v["speed_rating"]) == (
            sd.front.gunnery, sd.front.armor, sd.front.torpedo, sd.front.speed)
        assert (v["weight"], v["maneuver"], v["secondary"]) == (sd.weight, sd.maneuver, sd.front.secondary)
        assert (v["armor_p"], v["armor_t"], v["speed_h"], v["secondary_aa_only"]) == (
            sd.armor_p, sd.armor_t, sd.speed_h, sd.secondary_aa_only)
    assert gb["speed_h"] and gb["armor_p"] and gb["armor_t"] and gb["heavy"]  # a CVE is a heavy ship (3.4)
    assert sh["heavy"] is False and y["heavy"] is True  # destroyers never count for Leyte Gulf (3.4)
    assert j["torpedoes_left"] and not y["torpedoes_left"]  # Yamato carries none (7.3)
    assert g.view("USN")["ships"] == ships  # both sides see the whole map


def test_6_2_a_flipped_ship_shows_its_reverse_values_and_4_1_a_slowed_one_maneuver_0() -> None:
    g = game([{"id": "yamato", "hex": "1010", "flipped": True, "waterline": 1},
              {"id": "johnston", "hex": "1020", "flipped": True, "torps_out": 1}])
    ships = g.view("USN")["ships"]
    yr, jr = data().ships["yamato"].reverse, data().ships["johnston"].reverse
    y, j = ships["yamato"], ships["johnston"]
    assert (y["armor"], y["gunnery"], y["speed_rating"]) == (yr.armor, yr.gunnery, yr.speed)
    assert y["maneuver"] == 0 and y["speed_state"] == "slowed"
    assert (j["armor"], j["torpedo"]) == (jr.armor, jr.torpedo) == (1, 1)
    assert j["torpedoes_left"]  # flipped: out only when the markers exceed the reduced rating (7.3, R-8)


def test_2_6_air_entries_carry_kind_and_ratings() -> None:
    g = game([{"id": "yamato", "hex": "1010"}, {"id": "johnston", "hex": "1020"}],
             air=[{"id": "vc5", "where": "available"}, {"id": "vc20", "where": "available"}])
    air = {a["id"]: a for a in g.view("IJN")["air"]}
    assert (air["vc5"]["kind"], air["vc5"]["gunnery"], air["vc5"]["weight"]) == ("D", 3, 4)
    assert (air["vc20"]["kind"], air["vc20"]["torpedo"]) == ("T", 3)
    assert not air["vc5"]["special_attack"]
