"""The art a map is drawn with beyond its hexes: real coastlines and the names of islands, seas, straits and places.

A game's data folder may hold two optional files next to ``map.toml``:

- ``coast.json``, written by ``tools/build_coastlines.py`` from a real land mask: closed land outlines
  (``rings``, lists of ``[x, y]`` in ``HexMap.center`` units, i.e. hex circumradii, x to map-east, y to map-south),
  the projection that ties those units to latitude and longitude, and where it all came from;
- ``labels.csv``: one name a row (``name``; ``kind`` island, land (a mainland), sea, strait or place; where it
  goes as ``lat`` and ``lon`` or as a ``hex`` label; a ``size`` class small/medium/large; ``provenance`` and
  ``source``).

Front ends draw what ``map_art(hexmap)`` returns and know no game: the files are found through the map's own id
(``map.toml``'s ``id``). A map without the files gets empty art, so a new game still draws. Stdlib only.
"""

from __future__ import annotations

import csv
import json
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from leyte.core.errors import ScenarioError
from leyte.core.paths import game_data_dir
from leyte.core.tables import PROVENANCE_TAGS

__all__ = ["LABEL_KINDS", "LABEL_SIZES", "Projection", "MapLabel", "MapArt", "load_coast", "load_labels", "map_art",
           "nm_per_unit"]

LABEL_KINDS = ("island", "land", "sea", "strait", "place")
LABEL_SIZES = ("small", "medium", "large")
PROJECTION_KINDS = ("sinusoidal", "local equirectangular", "linear")
SQ3 = math.sqrt(3.0)

Number = Any  # a float, or a numpy array when the build tool projects a whole raster at once


@dataclass(frozen=True)
class Projection:
    """How map units (``HexMap.center``) and latitude/longitude relate, for drawing and building only.

    Three kinds cover the maps we have:

    - ``"sinusoidal"``: a sinusoidal projection about ``lat0, lon0`` in nautical miles, then a similarity fit onto
      the grid: ``map_nm = qc + z (projected - pc)`` (complex numbers x + iy, y south), ``map = map_nm / s_nm``;
    - ``"local equirectangular"``: ``nm_per_unit`` nautical miles per unit measured from ``origin`` (map units),
      which lies at ``lat0, lon0``; east-west distances shrink with the cosine of the latitude;
    - ``"linear"``: a grid drawn in degrees, ``lon = lon0 + deg_lon_per_unit x``, ``lat = lat0 - deg_lat_per_unit y``.

    ``cos`` lets the build tool pass ``numpy.cos`` and project arrays with the same formulas.
    """

    kind: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def _p(self, name: str) -> Any:
        try:
            return self.params[name]
        except KeyError:
            raise ScenarioError(f"projection {self.kind!r}: parameter {name!r} missing") from None

    def to_latlon(self, x: Number, y: Number, cos: Callable[[Any], Any] = math.cos) -> tuple[Number, Number]:
        """Map units -> (latitude, longitude) in degrees."""
        lat0, lon0 = float(self._p("lat0")), float(self._p("lon0"))
        if self.kind == "linear":
            return lat0 - float(self._p("deg_lat_per_unit")) * y, lon0 + float(self._p("deg_lon_per_unit")) * x
        if self.kind == "local equirectangular":
            k = float(self._p("nm_per_unit"))
            ox, oy = (float(v) for v in self._p("origin"))
            lat = lat0 - (y - oy) * k / 60.0
            return lat, lon0 + (x - ox) * k / (60.0 * cos(lat * math.pi / 180.0))
        s = float(self._p("s_nm"))
        zr, zi = (float(v) for v in self._p("z"))
        pcx, pcy = (float(v) for v in self._p("pc"))
        qcx, qcy = (float(v) for v in self._p("qc"))
        # projected = pc + (map_nm - qc) / z, as complex numbers
        ax, ay = x * s - qcx, y * s - qcy
        d = zr * zr + zi * zi
        px, py = pcx + (ax * zr + ay * zi) / d, pcy + (ay * zr - ax * zi) / d
        lat = lat0 - py / 60.0
        return lat, lon0 + px / (60.0 * cos(lat * math.pi / 180.0))

    def to_map(self, lat: float, lon: float) -> tuple[float, float]:
        """(latitude, longitude) -> map units: where a label with a real position goes."""
        lat0, lon0 = float(self._p("lat0")), float(self._p("lon0"))
        if self.kind == "linear":
            return (lon - lon0) / float(self._p("deg_lon_per_unit")), (lat0 - lat) / float(self._p("deg_lat_per_unit"))
        if self.kind == "local equirectangular":
            k = float(self._p("nm_per_unit"))
            ox, oy = (float(v) for v in self._p("origin"))
            return ox + (lon - lon0) * 60.0 * math.cos(math.radians(lat)) / k, oy + (lat0 - lat) * 60.0 / k
        s = float(self._p("s_nm"))
        zr, zi = (float(v) for v in self._p("z"))
        pcx, pcy = (float(v) for v in self._p("pc"))
        qcx, qcy = (float(v) for v in self._p("qc"))
        px, py = (lon - lon0) * 60.0 * math.cos(math.radians(lat)) - pcx, (lat0 - lat) * 60.0 - pcy
        return (qcx + zr * px - zi * py) / s, (qcy + zr * py + zi * px) / s

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, **dict(self.params)}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any], where: str) -> Projection:
        kind = d.get("kind")
        if kind not in PROJECTION_KINDS:
            raise ScenarioError(f"{where}, field 'projection.kind': {kind!r} is not one of "
                                f"{', '.join(PROJECTION_KINDS)}")
        p = cls(str(kind), {k: v for k, v in d.items() if k != "kind"})
        try:
            p.to_map(float(p._p("lat0")), float(p._p("lon0")))
        except ScenarioError as e:
            raise ScenarioError(f"{where}, field 'projection': {e}") from None
        except (TypeError, ValueError) as e:
            raise ScenarioError(f"{where}, field 'projection': {e}") from None
        return p


@dataclass(frozen=True, slots=True)
class MapLabel:
    """One name on the map, at ``(x, y)`` in map units; ``size`` is a class, the front end picks the pixels."""

    name: str
    kind: str
    x: float
    y: float
    size: str
    provenance: str
    source: str


@dataclass(frozen=True)
class MapArt:
    """A map's coastlines (closed land outlines) and names, in map units, with where they came from."""

    rings: tuple[tuple[tuple[float, float], ...], ...] = ()
    labels: tuple[MapLabel, ...] = ()
    projection: Projection | None = None
    source: str = ""

    @property
    def empty(self) -> bool:
        return not self.rings and not self.labels


def nm_per_unit(hexmap: Any) -> float | None:
    """Nautical miles per map unit, from ``hex_size_nm`` (the distance between neighbouring hex centres, which is
    sqrt(3) circumradii in either orientation); None when the map does not say."""
    v = (getattr(hexmap, "meta", None) or {}).get("hex_size_nm")
    if not isinstance(v, (int, float)) or isinstance(v, bool) or v <= 0:
        return None
    return float(v) / SQ3


def _point(p: Any, where: str) -> tuple[float, float]:
    if (not isinstance(p, (list, tuple)) or len(p) != 2
            or not all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in p)):
        raise ScenarioError(f"{where}: {p!r} is not a point [x, y] of two finite numbers")
    return float(p[0]), float(p[1])


def load_coast(path: Path) -> tuple[tuple[tuple[tuple[float, float], ...], ...], Projection | None, str]:
    """Read a ``coast.json``: its land rings, its projection (None if it gives none) and its source line."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ScenarioError(f"{path}: file not found") from None
    except json.JSONDecodeError as e:
        raise ScenarioError(f"{path}: not valid JSON: {e}") from None
    if not isinstance(data, dict):
        raise ScenarioError(f"{path}: must hold a JSON object")
    for key in ("source", "provenance"):
        if not isinstance(data.get(key), str) or not data[key].strip():
            raise ScenarioError(f"{path}, field {key!r}: missing (say where the coastline comes from)")
    if data["provenance"] not in PROVENANCE_TAGS:
        raise ScenarioError(f"{path}, field 'provenance': {data['provenance']!r} is not one of "
                            f"{', '.join(PROVENANCE_TAGS)}")
    rings_in = data.get("rings")
    if not isinstance(rings_in, list):
        raise ScenarioError(f"{path}, field 'rings': must be a list of closed outlines")
    rings = []
    for i, ring in enumerate(rings_in):
        if not isinstance(ring, list) or len(ring) < 3:
            raise ScenarioError(f"{path}, field 'rings[{i}]': an outline needs at least 3 points")
        rings.append(tuple(_point(p, f"{path}, field 'rings[{i}][{j}]'") for j, p in enumerate(ring)))
    proj = data.get("projection")
    projection = None
    if proj is not None:
        if not isinstance(proj, dict):
            raise ScenarioError(f"{path}, field 'projection': must be an object")
        projection = Projection.from_dict(proj, str(path))
    return tuple(rings), projection, data["source"]


def load_labels(path: Path, hexmap: Any, projection: Projection | None) -> tuple[MapLabel, ...]:
    """Read a ``labels.csv``; a name placed by ``lat``/``lon`` needs the projection, one placed by ``hex`` needs
    the hex to be on the map. Every error names the file, the row and the field."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ScenarioError(f"{path}: file not found") from None
    reader = csv.DictReader(text.splitlines())
    for col in ("name", "kind", "size", "provenance", "source"):
        if reader.fieldnames is None or col not in reader.fieldnames:
            raise ScenarioError(f"{path}: missing column {col!r}")
    on_map = {hexmap.label(h) for h in hexmap.hexes}
    out = []
    for n, row in enumerate(reader, start=2):
        def err(fld: str, msg: str, n: int = n) -> ScenarioError:
            return ScenarioError(f"{path.name}, row {n}, field {fld!r}: {msg}")

        name = (row.get("name") or "").strip()
        if not name:
            raise err("name", "missing")
        kind = (row.get("kind") or "").strip()
        if kind not in LABEL_KINDS:
            raise err("kind", f"{kind!r} is not one of {', '.join(LABEL_KINDS)}")
        size = (row.get("size") or "").strip()
        if size not in LABEL_SIZES:
            raise err("size", f"{size!r} is not one of {', '.join(LABEL_SIZES)}")
        prov = (row.get("provenance") or "").strip()
        if prov not in PROVENANCE_TAGS:
            raise err("provenance", f"{prov!r} is not one of {', '.join(PROVENANCE_TAGS)}")
        source = (row.get("source") or "").strip()
        if not source:
            raise err("source", "missing (say where the name and its position come from)")
        hex_label = (row.get("hex") or "").strip()
        lat_s, lon_s = (row.get("lat") or "").strip(), (row.get("lon") or "").strip()
        if hex_label and (lat_s or lon_s):
            raise err("hex", "give either a hex or lat/lon, not both")
        if hex_label:
            if hex_label not in on_map:
                raise err("hex", f"{hex_label!r} is not a hex of this map")
            x, y = hexmap.center(hexmap.hex(hex_label))
        else:
            try:
                lat, lon = float(lat_s), float(lon_s)
            except ValueError:
                raise err("lat" if not _is_float(lat_s) else "lon", "needs a number (or give a hex)") from None
            if not (-90 <= lat <= 90):
                raise err("lat", f"{lat} is not a latitude")
            if not (-180 <= lon <= 180):
                raise err("lon", f"{lon} is not a longitude")
            if projection is None:
                raise err("lat", "a position in degrees needs the map's projection (coast.json gives none)")
            x, y = projection.to_map(lat, lon)
        out.append(MapLabel(name, kind, round(x, 4), round(y, 4), size, prov, source))
    return tuple(out)


def _is_float(s: str) -> bool:
    try:
        float(s)
    except ValueError:
        return False
    return True


_CACHE: dict[int, tuple[Any, MapArt]] = {}


def map_art(hexmap: Any, folder: Path | None = None) -> MapArt:
    """The coastlines and names of a loaded map (cached per map object), read from its game's data folder.

    The folder is ``folder`` or the one named by the map's ``id``; a map with neither file (or no id, e.g. a test
    map drawn in ASCII) gets empty art. A file that is there but wrong raises ``ScenarioError``.
    """
    hit = _CACHE.get(id(hexmap))
    if hit is not None and hit[0] is hexmap and folder is None:
        return hit[1]
    if folder is None:
        gid = (getattr(hexmap, "meta", None) or {}).get("id")
        if not isinstance(gid, str):
            return MapArt()
        try:
            folder = game_data_dir(gid)
        except ScenarioError:
            return MapArt()
    coast_path, labels_path = folder / "coast.json", folder / "labels.csv"
    rings: Sequence[Any] = ()
    projection, source = None, ""
    if coast_path.is_file():
        rings, projection, source = load_coast(coast_path)
    labels = load_labels(labels_path, hexmap, projection) if labels_path.is_file() else ()
    art = MapArt(tuple(rings), labels, projection, source)
    if len(_CACHE) > 8:
        _CACHE.clear()
    _CACHE[id(hexmap)] = (hexmap, art)
    return art
