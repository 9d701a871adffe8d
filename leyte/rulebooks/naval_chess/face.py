"""What the front ends draw for the Naval Chess Game, read from a seat's view only (so a seat's screen shows
nothing its view does not hold): Allied counters by hex, IJN markers (with their contents when the view has them),
the unknown Allied counters the IJN sees face-down, and cards for every unit the viewer may inspect."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from leyte.core.face import Face, PlayerStyle

Marker = dict[str, Any]
AIR_LABELS = {"naval": "NAV", "land": "LBA", "seaplane": "SEA", "kamikaze": "KAM"}  # short counter texts


class NavalChessFace(Face):
    hex_params = ("to", "hex")
    unit_params = ("target", "unit", "firer")

    def players(self) -> list[PlayerStyle]:
        # Japanese goldenrod and two blues (the Allied counters are light blue, III.A.8)
        return [PlayerStyle("IJN", "IJN", "#9a6a00", "#f3dc9a", "Japan"),
                PlayerStyle("Third Fleet", "Third Fleet (Halsey)", "#1f4e99", "#a9c2ea", "Allies"),
                PlayerStyle("Seventh Fleet", "Seventh Fleet (Kinkaid)", "#0f7a8a", "#a6dde4", "Allies")]

    def markers(self, view: Mapping[str, Any]) -> list[Marker]:
        on_map = self._labels()
        out: list[Marker] = []
        for uid, u in view.get("units", {}).items():
            h = u.get("hex") if u.get("kind") == "air" else u.get("loc")
            if h not in on_map or u.get("marker"):  # a ship under an IJN marker is drawn as the marker
                continue
            label = AIR_LABELS.get(str(u.get("class")), "AIR") if u.get("kind") == "air" else str(u.get("class", ""))
            out.append({"kind": "air" if u.get("kind") == "air" else "unit", "id": uid, "hex": h,
                        "side": u.get("seat"), "label": label[:4], "title": u.get("name", uid),
                        "damaged": bool(u.get("damaged")), "detected": None, "moved": bool(u.get("moved")),
                        "dummy": None,
                        "shape": "small" if u.get("kind") == "air" else "counter", "solid": u.get("kind") != "air"})
        for label, m in view.get("markers", {}).items():
            if m.get("hex") not in on_map:
                continue
            units = m.get("units")
            title = f"IJN marker {label}" + (": " + ", ".join(x["name"] for x in units) if units else "")
            out.append({"kind": "tf", "id": label, "hex": m["hex"], "side": "IJN", "label": label, "title": title,
                        "damaged": any(x.get("damaged") for x in units or ()), "detected": units is not None,
                        "moved": bool(m.get("moved")), "dummy": m.get("dummy"), "shape": "counter", "solid": True})
        for h, n in view.get("allied_counters", {}).items():
            out.append({"kind": "unknown", "id": f"allied@{h}", "hex": h, "side": None, "label": f"?{n}",
                        "title": f"{n} Allied counter{'s' if n > 1 else ''}, not yet identified", "damaged": False,
                        "detected": False, "moved": False, "dummy": None, "shape": "counter", "solid": False})
        return out

    def piece_hexes(self, view: Mapping[str, Any]) -> dict[str, str]:
        return {m["id"]: m["hex"] for m in self.markers(view)}

    def status(self, view: Mapping[str, Any]) -> str:
        bits = [f"Day {view.get('day')} of {view.get('last_day')}"]
        if view.get("date"):
            bits.append(str(view["date"]))
        if view.get("impulse_name"):
            bits.append(str(view["impulse_name"]))
        bits.append(f"Allied VP {view.get('allied_vp')}")
        return " · ".join(bits)

    def result_text(self, result: Mapping[str, Any] | None) -> str:
        if not result:
            return ""
        who = "Allied" if result.get("winner") == "Allies" else "Japanese"
        return f"{who} {result.get('level')} victory ({result.get('allied_vp')} Allied VP; historically 72)"

    def cards(self, view: Mapping[str, Any]) -> list[dict[str, Any]]:
        out = []
        for uid, u in view.get("units", {}).items():
            lines = [f"{u.get('class')} — {u.get('seat')}", f"At {u.get('loc')}" + (" (damaged)" if u.get("damaged")
                                                                                       else "")]
            if u.get("kind") == "air":
                lines = [f"{u.get('strength')} air unit — {u.get('seat')}", f"Based on {u.get('base')}"]
            out.append({"id": uid, "title": u.get("name", uid), "side": u.get("seat"), "lines": lines,
                        "fields": {"id": uid, "class": u.get("class"), "seat": u.get("seat"), "loc": u.get("loc"),
                                   "damaged": bool(u.get("damaged"))}})
        for label, m in view.get("markers", {}).items():
            units = m.get("units")
            lines = [", ".join(x["name"] for x in units) if units else ("contents unknown" if units is None
                                                                           else "no ships (a dummy)")]
            out.append({"id": label, "title": f"IJN marker {label}", "side": "IJN", "lines": lines,
                        "fields": {"id": label, "class": "marker", "seat": "IJN", "loc": m.get("hex"),
                                   "damaged": any(x.get("damaged") for x in units or ())}})
        return out

    def summary_text(self, rows: Sequence[Mapping[str, Any]]) -> list[str]:
        vps = [r.get("allied_vp") for r in rows if isinstance(r.get("allied_vp"), int)]
        if not vps:
            return []
        return [f"Allied VP: mean {sum(vps) / len(vps):.1f}, min {min(vps)}, max {max(vps)} (historically 72)"]
