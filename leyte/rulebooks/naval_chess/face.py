"""What the front ends draw for the Naval Chess Game, read from a seat's view only (so a seat's screen shows
nothing its view does not hold): Allied counters by hex, IJN markers (with their contents when the view has them),
the unknown Allied counters the IJN sees face-down, and cards for every unit the viewer may inspect."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from leyte.core.face import Face, PlayerStyle
from leyte.core.story import Fact
from leyte.rulebooks.naval_chess import summary

Marker = dict[str, Any]
AIR_LABELS = {"naval": "NAV", "land": "LBA", "seaplane": "SEA", "kamikaze": "KAM"}  # short counter texts
# The heaviest class in a stack names it on the counter's second line ("×8" over "CV"): carriers, then battleships.
CLASS_ORDER = ("CV", "FCV", "CVB", "CVE", "SBB", "FBB", "BB", "FB", "B", "CA", "TR/CA", "TR", "PT", "SS")


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
        # One counter per seat and hex (a fleet's whole stack: the names are in its hover text and the cards), so a
        # dozen carriers and battleships in H6 read as one "TF" on a projector instead of a spill of counters. Air
        # units on a carrier ride it and are not drawn; land-based air is one small counter per field.
        stacks: dict[tuple[str, str, bool], list[Mapping[str, Any]]] = {}
        for uid, u in sorted(view.get("units", {}).items()):
            air = u.get("kind") == "air"
            h = u.get("hex") if air else u.get("loc")
            if h not in on_map or u.get("marker") or (air and u.get("base") in view.get("units", {})):
                continue
            stacks.setdefault((str(u.get("seat")), str(h), air), []).append({**u, "id": uid})
        for (seat, h, air), units in sorted(stacks.items()):
            if len(units) == 1:
                u = units[0]
                label = AIR_LABELS.get(str(u.get("class")), "AIR") if air else str(u.get("class", ""))
                mid, title = str(u["id"]), str(u.get("name", u["id"]))
                name = str(u.get("name", ""))
                sub = "" if air else name if len(name) <= 8 else name.split()[0][:8]
            else:
                label = f"{AIR_LABELS.get(str(units[0].get('class')), 'AIR')}{len(units)}" if air else f"×{len(units)}"
                mid = f"{seat}@{h}{'/air' if air else ''}"
                title = f"{seat} at {h}: " + ", ".join(
                    f"{x.get('name')} ({x.get('class')}{', damaged' if x.get('damaged') else ''})" for x in units)
                classes = [str(x.get("class")) for x in units]
                sub = "" if air else min(
                    classes, key=lambda c: CLASS_ORDER.index(c) if c in CLASS_ORDER else len(CLASS_ORDER))
            out.append({"kind": "air" if air else "unit", "id": mid, "hex": h, "side": seat, "label": label[:4],
                        "sub": sub,
                        "title": title, "damaged": any(bool(x.get("damaged")) for x in units), "detected": None,
                        "moved": any(bool(x.get("moved")) for x in units), "dummy": None,
                        "shape": "small" if air else "counter", "solid": not air, "count": len(units)})
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
        """Every piece an option may name (a unit, a marker, an air unit) and its hex, stacked or not."""
        out = {m["id"]: m["hex"] for m in self.markers(view)}
        on_map = self._labels()
        for uid, u in view.get("units", {}).items():
            h = u.get("hex") if u.get("kind") == "air" else u.get("loc")
            if h in on_map:
                out.setdefault(uid, h)
        return out

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

    def turn_facts(self, events: Sequence[Any], start: int, end: int) -> list[Fact]:
        """The day's sightings, strikes, battles, hits, losses and points (``summary.turn_facts``)."""
        return summary.turn_facts(events, start, end, self.rules.data().units)

    def summary_text(self, rows: Sequence[Mapping[str, Any]]) -> list[str]:
        vps = [r.get("allied_vp") for r in rows if isinstance(r.get("allied_vp"), int)]
        if not vps:
            return []
        return [f"Allied VP: mean {sum(vps) / len(vps):.1f}, min {min(vps)}, max {max(vps)} (historically 72)"]
