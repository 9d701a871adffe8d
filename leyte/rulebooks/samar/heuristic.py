"""A rules-of-thumb bot for Samar, one per side, reading only its view (the open map) and the static data.

Following the designer's notes (10.2): the US player runs the carriers south-east under smoke while the destroyers
and escorts turn in for torpedo attacks, and throws his aircraft at Japanese heavy ships that have wandered away
from their escorts; the Japanese player closes on a broad front, keeps escorts near the battleships, shoots at the
carriers first and, once the map is clear, steers the heavy ships for the deep-water exits into Leyte Gulf.

Not registered under a bot name here (``leyte.bots`` owns the registry): ``SamarHeuristic(side, seed)`` can be used
directly, or wired in with ``leyte.bots.register``.
"""

from __future__ import annotations

from typing import Any

from leyte.bots import Bot
from leyte.core.game import Action, Decision
from leyte.core.hexgrid import Hex
from leyte.rulebooks.samar.data import data
from leyte.rulebooks.samar.geometry import step

VALUE = {"CVE": 6, "BB": 8, "CA": 5, "CL": 4, "DD": 2, "DE": 1}


class SamarHeuristic(Bot):
    """Greedy per decision: score each option with a few rules of thumb and take the best (ties: first)."""

    name = "heuristic"

    def choose(self, view: dict[str, Any], decision: Decision) -> Action:
        opts = decision.options
        fn = getattr(self, f"_{decision.kind}", None)
        if fn is None:
            return opts[0]
        scores = [fn(view, o) for o in opts]
        best = max(scores)
        return opts[scores.index(best)]

    # -- helpers --------------------------------------------------------------------------------------------------

    @staticmethod
    def _hex(label: str) -> Hex:
        return data().map.hex(label)

    def _afloat(self, view: dict[str, Any], side: str) -> list[dict[str, Any]]:
        return [s for s in view["ships"].values() if s["side"] == side and s["where"] == "map"]

    def _enemy(self, view: dict[str, Any]) -> list[dict[str, Any]]:
        return self._afloat(view, "USN" if self.side == "IJN" else "IJN")

    def _nearest(self, h: Hex, ships: list[dict[str, Any]], types: tuple[str, ...] = ()) -> int:
        ds = [h.distance(self._hex(s["hex"])) for s in ships if not types or s["type"] in types]
        return min(ds) if ds else 99

    def _after_step(self, view: dict[str, Any], o: Action) -> tuple[Hex, int] | None:
        s = view["ships"][o["ship"]]
        h = step(self._hex(s["hex"]), s["facing"])
        return (h, int(o["facing"])) if h in data().map else None

    # -- decisions ------------------------------------------------------------------------------------------------

    def _first_mover(self, view: dict[str, Any], o: Action) -> float:
        return 1.0 if o["side"] == "USN" else 0.0  # moving second lets the IJN react (3.3)

    def _entry_hex(self, view: dict[str, Any], o: Action) -> float:
        crowd = sum(1 for s in view["ships"].values() if s["hex"] == o["hex"] and s["where"] in ("map", "hulk"))
        return -crowd - self.rng.randbelow(100) / 1000  # spread out: fouling costs hits (4.3)

    def _entry_facing(self, view: dict[str, Any], o: Action) -> float:
        want = {"IJN": (3, 2), "USN": (0, 5)}[self.side]
        if view["ships"][o["ship"]]["type"] == "CVE" or "Taffy" in data().ships[o["ship"]].group:
            want = (4, 3)
        return 2.0 if o["facing"] == want[0] else 1.0 if o["facing"] == want[1] else 0.0

    def _taffy2(self, view: dict[str, Any], o: Action) -> float:
        if o.kind == "taffy2_done":
            return 0.0
        crowd = sum(1 for s in view["ships"].values() if s["hex"] == o["hex"] and s["where"] == "map")
        return 2.0 - crowd

    def _select_ship(self, view: dict[str, Any], o: Action) -> float:
        return 0.0

    def _speed(self, view: dict[str, Any], o: Action) -> float:
        s = view["ships"][o["ship"]]
        enemy = [e for e in self._afloat(view, "IJN" if s["side"] == "USN" else "USN")]
        near = self._nearest(self._hex(s["hex"]), enemy)
        mine = s["side"] == self.side
        if not mine:  # a panicked enemy ship: keep it slow and useless
            return {"cruise": 3, "battle": 1, "evasive": 2}.get(o["speed"], 0)
        if self.side == "IJN":
            pref = {"flank": 3, "battle": 2} if near > 8 else {"battle": 3, "evasive": 1}
        elif s["type"] in ("DD", "DE"):
            pref = {"flank": 3, "battle": 2} if near > 6 else {"evasive": 3, "battle": 2}
        else:
            pref = {"evasive": 3, "battle": 2} if near <= data().mlos(view["turn"]) else {"battle": 3}
        return pref.get(o["speed"], 0)

    def _step(self, view: dict[str, Any], o: Action) -> float:
        s = view["ships"][o["ship"]]
        if o.kind == "stop":
            return 0.0
        if o.kind == "leave_map":
            if s["side"] != self.side:
                return 100.0  # steam the panicked enemy away
            ex = data().map.has_feature(self._hex(s["hex"]), "exit")
            return 100.0 if (self.side == "IJN" and view["cleared"] and ex) else -100.0
        nxt = self._after_step(view, o)
        if nxt is None:
            return -50.0
        h, facing = nxt
        D = data()
        score = self._place(view, s, h, o["smoke"], D.map.label(h))
        # look two hexes down the new course: a ship must keep moving across its bow (4.2)
        ahead = h
        for k in (0.8, 0.6):
            ahead = step(ahead, facing)
            if ahead not in D.map or D.map.terrain(ahead) == "land":
                leaving_ok = s["side"] != self.side or (self.side == "IJN" and view["cleared"]
                                                         and D.ships[s["id"]].heavy)
                score += 0 if leaving_ok else -20 * k
                break
            score += k * self._place(view, s, ahead, False, None)
        return score

    def _place(self, view: dict[str, Any], s: dict[str, Any], h: Hex, smoke: bool, lb: str | None) -> float:
        """How good it is for ship ``s`` to be in hex ``h`` (higher is better)."""
        D = data()
        score = 0.0
        if D.map.terrain(h) == "partial" and D.ships[s["id"]].front.armor >= 3:
            score -= 30  # shallows (4.4)
        near = [x for x in view["ships"].values() if x["where"] in ("map", "hulk") and x["id"] != s["id"]
                and x["hex"] is not None and h.distance(self._hex(x["hex"])) <= 1]
        score -= 15 * sum(1 for x in near if x["hex"] == D.map.label(h)) + 2 * len(near)  # fouling (4.3)
        enemies = self._enemy(view) if s["side"] == self.side else self._afloat(view, self.side)
        if s["side"] != self.side:  # a panicked enemy: drive it away from our ships and towards the edge
            return score + min(self._nearest(h, enemies), 12)
        if self.side == "IJN":
            if view["cleared"] and D.ships[s["id"]].heavy:
                exits = D.map.find("exit", "Leyte Gulf")
                return score - min(h.distance(x) for x in exits) * 3
            d_cve = self._nearest(h, enemies, ("CVE",))
            target = d_cve if d_cve < 99 else self._nearest(h, enemies)
            friends = [x for x in self._afloat(view, "IJN") if x["id"] != s["id"]]
            spread = self._nearest(h, friends)
            score -= min(target, 30) * 2
            if D.ships[s["id"]].type == "BB" or spread > 3:
                score -= max(0, spread - 2)  # battleships keep escorts close; the others keep near the line
            return score + (0.5 if not smoke else 0)
        typ = D.ships[s["id"]].type
        d_ijn = self._nearest(h, enemies)
        smoke_bonus = 2 if (smoke and d_ijn <= D.mlos(view["turn"])) else 0
        if typ in ("DD", "DE") and s["torps_out"] < D.ships[s["id"]].front.torpedo:
            d_heavy = self._nearest(h, enemies, ("BB", "CA", "CL"))
            return score - abs(min(d_heavy, 30) - 4) * 2 + smoke_bonus
        _, y = D.map.center(h)
        return score + min(d_ijn, 12) * 2 + y * 0.05 + smoke_bonus  # open the range, drifting south

    def _select_firer(self, view: dict[str, Any], o: Action) -> float:
        return -1.0 if o.kind == "pass" else 1.0

    def _fire(self, view: dict[str, Any], o: Action) -> float:
        if o.kind == "hold":
            return -1.0
        D = data()
        t = view["ships"][o["target"]]
        dice = int(o.text.rsplit("(", 1)[1].split()[0])
        val = VALUE.get(t["type"], 1)
        w = 8 if o["weapon"] == "torpedo" else D.ships[o["ship"]].weight
        bite = 1.5 if w >= 2 * max(1, t["armor"]) else 1.0 if w >= t["armor"] else 0.6
        if o["weapon"] == "torpedo" and self.side == "USN" and t["type"] in ("DD",):
            bite *= 0.3  # keep the fish for the heavy ships
        return dice * val * bite

    def _air_strike(self, view: dict[str, Any], o: Action) -> float:
        if o.kind == "air_done":
            return 0.0
        t = view["ships"][o["target"]]
        h = self._hex(t["hex"])
        escorts = sum(1 for x in self._afloat(view, t["side"]) if h.distance(self._hex(x["hex"])) <= 2)
        placed = sum(1 for a in view["air"] if a["where"] == "placed" and a["target"] == o["target"])
        return 1.0 + VALUE.get(t["type"], 1) + 3 * placed - 4 * escorts - (5 if t["fires"] else 0)

    def _setup(self, view: dict[str, Any], o: Action) -> float:
        return 0.0
