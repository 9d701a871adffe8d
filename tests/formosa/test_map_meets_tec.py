"""The map and the terrain effects chart speak one vocabulary: every terrain a map hex has, every hexside kind and
every city or town feature has its row on the TEC, so no move or defence can meet a terrain the chart cannot price."""

from __future__ import annotations

from leyte.core.hexgrid import HexMap
from leyte.core.paths import game_data_dir
from leyte.rulebooks.formosa.data import load_data


def test_every_map_terrain_hexside_and_place_feature_has_a_tec_row() -> None:
    folder = game_data_dir("formosa")
    m, tec = HexMap.load(folder), load_data(folder).tec
    terrains = {m.terrain(h) for h in m.hexes}
    sides = {k for kinds in m.hexsides.values() for k in kinds}
    places = {kind for h in m.hexes for kind, _ in m.features(h) if kind in ("city", "town")}
    assert {"open", "rough", "mountain", "peak", "mud_flats", "sea"} <= terrains
    assert sides and places == {"city", "town"}
    missing = (terrains | sides | places) - set(tec)
    assert not missing, f"terrain on the map with no TEC row: {sorted(missing)}"
