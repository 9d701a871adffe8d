"""Heuristic bots for the three seats, each reading only its own seat's view and the decision's options and data
(never the prompt or option texts, never the Game).

- **IJN** (Sho-1 as planned): the carrier force is a decoy that shows itself north-east of Luzon; every surface
  force converges on Leyte Gulf (E7) from the west — through San Bernardino (E6) or Surigao (E7) — to reach the
  transports; the TR/CA unit runs troops to Ormoc; it lays dummies early to spread the Allied searches; its
  submarines and land-based air go for the nearest Allied counters.
- **Third Fleet** (Halsey): goes for the IJN carriers. Its fast carriers and battleships steer for the nearest IJN
  force its own searches have identified as holding a carrier, else for the nearest force it has seen at all, else
  for the sea east of Luzon; the carriers never enter a hex with an IJN marker in it.
- **Seventh Fleet** (Kinkaid): guards the beachhead. Transports anchor in Leyte Gulf (E7), the old battleships and
  cruisers hold the strait there, the escort carriers stand off Samar (F6), the PT boats go into the water at E7.

All three strike the most valuable target offered, let the engine allocate gunfire, fight when at least as strong
as the enemy in the hex and flee otherwise, and pursue when stronger. After the afternoon combat an air unit that
would strike weak moves to a free deck where it would strike strong, the IJN's land-based air moves nearer the
Allies and its seaplanes go to sea on the CVBs when they may (R-50, R-53); the IJN sends its strongest line into a
battle first (R-43); the PT boats fight by day only beside a line at least as strong as the enemy's (R-52).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from leyte.core.game import Action, Decision
from leyte.core.players import Bot
from leyte.rulebooks.naval_chess.data import CARRIERS, data

DECOY_STATION = "E3"  # off Cape Engano: where Ozawa showed himself on 24-25 October
LEYTE = "E7"
HALSEY_PATROL = "F5"  # east of San Bernardino and Luzon
SEVENTH_STATIONS = {"TR": "E7", "B": "E7", "CA": "E7", "CVE": "F6", "PT": "E7", "SS": "C7"}


def _value(cls: str) -> int:
    vp = data().vp
    return vp.get(cls, 1)


def _dist(a: str, b: str) -> int:
    return data().distance(a, b)


def _on_map(label: str) -> bool:
    return len(label) >= 2 and label[0] in "ABCDEFGH" and label[1:].isdigit()


class NavalChessHeuristic(Bot):
    name = "heuristic"

    def choose(self, view: dict[str, Any], decision: Decision) -> Action:
        handler = getattr(self, f"_{decision.kind}", None)
        opts = list(decision.options)
        if handler is not None:
            choice = handler(view, decision, opts)
            if choice is not None:
                return choice
        return opts[0]

    # -- shared -------------------------------------------------------------------------------------------------

    def _pick(self, opts: list[Action], key: Any) -> Action:
        """The best option by ``key`` (higher is better); ties broken by the bot's own dice."""
        best = max(key(o) for o in opts)
        top = [o for o in opts if key(o) == best]
        return top[self.rng.randbelow(len(top))]

    def _unit_class(self, view: Mapping[str, Any], uid: str) -> str:
        u = view.get("units", {}).get(uid)
        if u:
            return str(u.get("class", ""))
        return data().units[uid].cls  # a detected enemy unit (the class shows once it is detected)

    def _strike(self, view: dict[str, Any], d: Decision, opts: list[Action]) -> Action | None:
        strikes = [o for o in opts if o.kind == "strike"]
        if not strikes:  # no ship in reach: bomb an airfield at short range (each "G" costs the IJN an air unit)
            fields = [o for o in opts if o.kind == "strike_field" and o["range"] in ("same", "long")]
            return fields[0] if fields else None
        cost = {"same": 0, "long": 1, "extended": 2}
        return self._pick(strikes, lambda o: (_value(self._unit_class(view, o["target"])), -cost[o["range"]]))

    def _allocate(self, view: dict[str, Any], d: Decision, opts: list[Action]) -> Action | None:
        return next((o for o in opts if o.kind == "auto"), None)

    def _strength(self, view: dict[str, Any], hex_: str) -> tuple[int, int]:
        """(mine, theirs) in a battle hex, by VP value of the ships the view shows there."""
        mine = theirs = 0
        me_ijn = self.side == "IJN"
        for u in view.get("units", {}).values():
            if u.get("loc") != hex_ or u.get("kind") != "ship":
                continue
            v = _value(str(u.get("class"))) // (2 if u.get("damaged") else 1)
            if (u.get("seat") == "IJN") == me_ijn:
                mine += v
            else:
                theirs += v
        for m in view.get("markers", {}).values():
            if m.get("hex") != hex_:
                continue
            units = m.get("units") or []
            v = sum(_value(x["class"]) // (2 if x.get("damaged") else 1) for x in units)
            if me_ijn:
                mine += v
            else:
                theirs += v
        return mine, theirs

    def _flee(self, view: dict[str, Any], d: Decision, opts: list[Action]) -> Action | None:
        mine, theirs = self._strength(view, str(d.data.get("hex")))
        flee = [o for o in opts if o.kind == "flee"]
        if flee and mine * 10 < theirs * 7:
            home = "B9" if self.side == "IJN" else "H7"
            return min(flee, key=lambda o: (_dist(o["to"], home), o["to"]))
        return next((o for o in opts if o.kind == "stay"), None)

    def _pursue(self, view: dict[str, Any], d: Decision, opts: list[Action]) -> Action | None:
        mine, theirs = self._strength(view, str(d.data.get("hex")))
        # a stronger side pursues, but breaks off after two rounds: hits on ships already Damaged mostly do nothing
        want = "pursue" if mine >= theirs and d.data.get("pursuit_rounds", 0) < 2 else "let_go"
        return next((o for o in opts if o.kind == want), None)

    def _sub_posture(self, view: dict[str, Any], d: Decision, opts: list[Action]) -> Action | None:
        return next((o for o in opts if o.get("posture") == "active"), None)

    def _sub_target(self, view: dict[str, Any], d: Decision, opts: list[Action]) -> Action | None:
        # the attacked player offers the cheapest ship
        return self._pick(opts, lambda o: -_value(self._unit_class(view, o["unit"])))

    def _fifth_af_target(self, view: dict[str, Any], d: Decision, opts: list[Action]) -> Action | None:
        return self._pick(opts, lambda o: _value(self._unit_class(view, o["unit"])))

    def _battle_order(self, view: dict[str, Any], d: Decision, opts: list[Action]) -> Action | None:
        # the strongest battle line fights first; carriers and transports (Screened) count for nothing
        def line(o: Action) -> int:
            return sum(_value(self._unit_class(view, u)) for u in o["units"]
                       if self._unit_class(view, u) not in ("CV", "FCV", "CVE", "TR", "TR/CA"))
        return max(opts, key=lambda o: (line(o), -opts.index(o)))

    def _pt_day(self, view: dict[str, Any], d: Decision, opts: list[Action]) -> Action | None:
        # the PT boats join a day battle only beside a line at least as strong as the enemy's; alone they hide
        mine, theirs = self._strength(view, str(d.data.get("hex")))
        want = "attack" if mine and mine >= theirs else "hide"
        return next((o for o in opts if o.kind == want), None)

    def _rebase(self, view: dict[str, Any], d: Decision, opts: list[Action]) -> Action | None:
        """VI.B.1.b.4: a unit whose strike would be weak where it is moves to a free deck where it would be strong;
        the IJN's land-based air moves nearer the Allied counter closest to Leyte Gulf (the goal of replacements);
        the seaplane unit goes to sea on the CVBs when it may. Else done."""
        units = d.data.get("units", {})
        moves = [o for o in opts if o.kind == "rebase"]
        better = [o for o in moves if units[o["air"]]["column"] == "air_weak" and o["column"] == "air_strong"]
        if better:
            return better[0]
        if self.side == "IJN":
            sea = [o for o in moves if units[o["air"]]["class"] == "seaplane" and o["carrier"]]
            if sea:
                return sea[0]
            targets = list(view.get("allied_counters", {})) + [
                u["loc"] for u in view.get("units", {}).values()
                if u.get("seat") != "IJN" and u.get("kind") == "ship" and _on_map(str(u.get("loc")))]
            goal = min(targets, key=lambda h: (_dist(h, LEYTE), h)) if targets else LEYTE  # as for replacements
            land = [o for o in moves if not o["carrier"] and units[o["air"]]["class"] in ("land", "kamikaze")
                    and _dist(o["hex"], goal) < _dist(str(units[o["air"]]["hex"]), goal)]
            if land:
                return min(land, key=lambda o: (_dist(o["hex"], goal), o["hex"], o["air"]))
        return next((o for o in opts if o.kind == "done"), None)

    def _unload_pt(self, view: dict[str, Any], d: Decision, opts: list[Action]) -> Action | None:
        return next((o for o in opts if o.kind == "unload"), None)

    # -- IJN ----------------------------------------------------------------------------------------------------

    def _replacement(self, view: dict[str, Any], d: Decision, opts: list[Action]) -> Action | None:
        bases = [o for o in opts if o.kind == "base"]
        if not bases:
            return None
        targets = [h for h in view.get("allied_counters", {})] + [
            u["loc"] for u in view.get("units", {}).values() if u.get("seat") != "IJN" and _on_map(str(u.get("loc")))]
        goal = min(targets, key=lambda h: _dist(h, LEYTE)) if targets else LEYTE
        return min(bases, key=lambda o: (_dist(o["hex"], goal), o["hex"]))

    def _organise(self, view: dict[str, Any], d: Decision, opts: list[Action]) -> Action | None:
        markers = view.get("markers", {})
        dummies = sum(1 for m in markers.values() if m.get("dummy"))
        if dummies < 2 and view.get("day", 1) <= 3:
            lay = [o for o in opts if o.kind == "dummy"]
            if lay:
                return lay[self.rng.randbelow(len(lay))]
        return next((o for o in opts if o.kind == "done"), None)

    def _objective(self, view: dict[str, Any], label: str) -> str:
        m = view.get("markers", {}).get(label, {})
        classes = {u["class"] for u in m.get("units") or []}
        if classes & {"CV", "CVB"}:
            return DECOY_STATION
        if not classes:  # a dummy: draw the searches toward San Bernardino
            return "D6"
        if "SS" in classes:
            seen = list(view.get("allied_counters", {})) or [LEYTE]
            return min(seen, key=lambda h: (_dist(h, m.get("hex", LEYTE)) if _on_map(m.get("hex", "")) else 0, h))
        return LEYTE

    def _plot(self, view: dict[str, Any], d: Decision, opts: list[Action]) -> Action | None:
        label = str(d.data.get("marker"))
        goal = self._objective(view, label)
        here = str(d.data.get("hex"))
        # the western forces wait at Brunei until day 3 (22 October), as Kurita and Nishimura did
        if view.get("day", 1) < 3 and here == "B9" and goal == LEYTE:
            stay = [o for o in opts if not any(o["path"])]
            if stay:
                return stay[0]

        def end(o: Action) -> str:
            steps = [h for h in o["path"] if h and h != "exit"]
            return steps[-1] if steps else here

        def score(o: Action) -> tuple[int, int]:
            e = end(o)
            if not _on_map(e):
                return (-99, 0)
            return (-_dist(e, goal), -sum(1 for h in o["path"] if h))
        return self._pick(opts, score)

    # -- Allied movement ----------------------------------------------------------------------------------------

    def _ijn_markers(self, view: dict[str, Any]) -> list[dict[str, Any]]:
        return [m for m in view.get("markers", {}).values() if _on_map(str(m.get("hex")))]

    def _goal(self, view: dict[str, Any], uid: str) -> str:
        cls = self._unit_class(view, uid)
        if self.side == "Seventh Fleet":
            return SEVENTH_STATIONS.get(cls, LEYTE)
        markers = self._ijn_markers(view)
        here = str(view["units"][uid]["loc"])
        carriers = [m for m in markers if {u["class"] for u in m.get("units") or []} & {"CV"}]
        known = [m for m in markers if m.get("units")]
        for pool in (carriers, known):
            if pool:
                return str(min(pool, key=lambda m: (_dist(here, m["hex"]), m["hex"]))["hex"])
        return HALSEY_PATROL

    def _move(self, view: dict[str, Any], d: Decision, opts: list[Action]) -> Action | None:
        enemy_hexes = {str(m["hex"]) for m in self._ijn_markers(view)}
        units = view.get("units", {})

        def gain(o: Action) -> tuple[int, int]:
            if o.kind == "done":
                return (0, 0)
            if o.kind == "move":
                movers = [o["unit"]]
            else:
                movers = [u for u, x in units.items() if x.get("loc") == o["frm"] and x.get("seat") == self.side
                          and u in d.data.get("units", {})]
            to = o["to"]
            if to == "exit":
                return (-99, 0)
            total = 0
            for u in movers:
                cls = self._unit_class(view, u)
                if to in enemy_hexes and cls in (*CARRIERS, "TR"):
                    return (-99, 0)
                g = self._goal(view, u)
                total += _dist(units[u]["loc"], g) - _dist(to, g)
            return (1 if total > 0 else (0 if total == 0 else -1), total)
        best = self._pick(opts, gain)
        return best if gain(best)[0] > 0 else next(o for o in opts if o.kind == "done")


def make(side: str, seed: int) -> NavalChessHeuristic:
    return NavalChessHeuristic(side, seed)
