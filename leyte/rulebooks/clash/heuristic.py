"""Heuristic bots for Clash of the Carriers: Spruance guards Saipan, Ozawa outranges him (issue 17, item 5).

The bots are Imperial Sunset's (``imperial_sunset.heuristic``) with Clash's own decisions added: the decision kinds the
two games share through Imperial Sunset's frames (strike composition, CAP, AA, air targets, surface battle, damaged
ships) are answered by the Imperial Sunset rules of thumb, inherited; the kinds Clash asks on its own (set-up of 16.1,
formations of 3.0-3.3, the move and strike steps of an activation 7.0/8.0, island air 5.6/5.7/8.0, Japanese Coordination
16.1.4, the secret search report 6.1, submarine placement 11.1.2) get the rules of thumb below.

What a bot reads, and nothing else: ``Decision.data``, the options' kinds and parameters, its own ``game.view(side)``,
and the game's public static data (the map and the printed counter values, which both players hold). Never a prompt or
option text (the conformance suite's blind-bot test garbles them), never the state.

The plans, 18-20 June 1944:

- USN (Spruance). TG 52.10 (fourteen naval units) never leaves the Saipan hex: 10.2 costs a VP a turn for each unit
  short of fourteen there. TF 58 and every carrier TG stay within nine hexes of Saipan until turn 9 (16.1.4 Cautious
  Spruance: the engine binds TF 58 and three TGs; the bot holds TG 58.1 and 58.4 to it as well, as Spruance gathered
  them) and close only on a detected IJN formation, to strike range (8 hexes), inside that tether. Strong CAP by day
  (three fighter units a carrier TG: the IJN strikes come to them), every search (an activated formation searches by
  itself, ruling R-1), and a strike at each detected IJN formation in reach, carriers first — but no more than three TG
  strikes at one hex in a turn: a fourth would find carriers already burning (the overkill that sank five or six IJN
  carriers a game). From turn 9, free of the tether, TF 58 goes after the Mobile Fleet's marker. Submarines go on the
  IJN's likely track: between its markers and Saipan.
- IJN (Ozawa). The Forces stay together in the Mobile Fleet (16.1.1). The carrier formations hold a band 9-12 hexes from
  the nearest USN marker: beyond the USN's 8-hex strike reach, inside their own 12 (the outranging plan; the Decisive
  Battle Mentality rule already bars moving west while carrier air is Ready). On 18 and 19 June a strike goes first at a
  TG reported with three or more carriers, with every unit that can reach it (16.1.4, ruling R-35). The 61st Air
  Flotilla's Guam-based air joins in: Coordination is ordered as soon as a USN formation is detected, and island strikes
  go at the group reported with most carriers, else TF 58's marker (the engine names other TG targets by an id the view
  never pairs with a label). The carrier formations hold the edge of their own 12-hex reach (beyond a tethered TF 58's
  9 + 8 when they can); Guam is the approach axis: with no contact they steer towards it. Once a formation has no
  Ready bomber left it opens the range westward: its carriers are worth more afloat (10.1) than under TF 58's strikes.
  The historical Guam shuttle (carrier aircraft landing on Guam to rearm and strike again) has no rule to stand on: a
  strike's survivors go back to their own carrier's Flown box (8.6), and an IJN unit there never becomes Ready again
  (5.5, ruling R-23); island air is a separate arm that searches and strikes for itself (6.3.2). So the shuttle is
  played as Guam's own air striking alongside the carriers.
- Search reports (6.1): honest, except a small fudge of one in each side's favour — the USN hides a carrier, the IJN
  adds a battleship — when the secret roll allows it.
"""

from __future__ import annotations

import dataclasses
from functools import cache
from typing import Any

from leyte.core.game import Action, Decision
from leyte.core.players import Bot
from leyte.rulebooks.imperial_sunset.heuristic import HeuristicIJN, HeuristicUSN, best, by_kind

__all__ = ["ClashHeuristicIJN", "ClashHeuristicUSN", "make_heuristic", "SAIPAN", "GUAM"]

GAME = "clash-of-the-carriers"
SAIPAN = "3712"  # the invasion hex that 10.2 makes the USN guard (also the view's "saipan_hex")
GUAM = "3516"  # the 61st Air Flotilla's searching base (6.3.2): the IJN's approach axis
CARRIERS = ("CV", "CVL")
USN_STRIKE_REACH = 8  # USN carrier air range (counter sheet): the IJN stays beyond it
IJN_STRIKE_REACH = 12  # IJN carrier air range: and inside this
USN_STRIKES_PER_HEX = 3  # USN strikes at one hex in one turn: a third finds its carriers burning (no overkill)
USN_STATION = 6  # how far from Saipan TF 58 stands while it has no contact (the tether allows 9)
USN_CAP_PER_TG = 3  # fighter units a USN carrier TG keeps on CAP by day
IJN_CAP_PER_TG = 1  # the IJN needs its fighters as escorts: one a carrier TG
DISPLAY_AREAS = 16  # the air battle display's areas (4 x 4, 8.0): one ship each
SPRUANCE = "cautious-spruance"  # 16.1.4: TF 58 within nine hexes of Saipan until turn 9 (view["special_rules"])
SPRUANCE_RADIUS = 9  # the rule's printed distance, when the view does not give one
DECISIVE_DATES = ("1944-06-18", "1944-06-19")  # 16.1.4, ruling R-35
DECISIVE_CARRIERS = 3
# How much a reported ship type is worth striking or chasing: carriers above all (10.1, 10.2 count their VP and
# their air); the rest roughly by size.
TYPE_VALUE = {"CV": 10, "CVL": 7, "BB": 5, "CA": 3, "CL": 2, "DD": 1}


@cache
def _rules() -> Any:
    from leyte.rulebooks.clash.rules import RULES

    return RULES


@cache
def _data() -> Any:
    return _rules().data()


def ship_type(sid: str) -> str:
    """A ship's printed type (counter sheet), '' for an unknown id."""
    s = _data().ships.get(sid)
    return s.type if s is not None else ""


def air_kind(aid: str) -> str:
    a = _data().air.get(aid)
    return a.kind if a is not None else ""


@cache
def hex_dist(a: str | None, b: str | None) -> int:
    """Hex distance on Clash's map (99 when a hex is missing): the map's geometry, which both players know."""
    if not a or not b:
        return 99
    m = _data().map
    try:
        return int(m.distance(m.hex(a), m.hex(b)))
    except (KeyError, ValueError):
        return 99


def column(label: str) -> int:
    """A hex's column (labels are column-first, 2.0): west is lower."""
    try:
        return int(_data().map.layout.parse_label(label)[0])
    except (KeyError, ValueError):
        return 0


def report_value(counts: dict[str, Any] | None) -> float:
    """What a contact report says a formation is worth striking."""
    return float(sum(TYPE_VALUE.get(t, 1) * int(n or 0) for t, n in (counts or {}).items()))


def report_carriers(counts: dict[str, Any] | None) -> int:
    return sum(int(n or 0) for t, n in (counts or {}).items() if t in CARRIERS)



def spruance_binds(view: dict[str, Any]) -> bool:
    """Whether Cautious Spruance (16.1.4) still holds TF 58 near Saipan: the scenario has it and its lifting turn has
    not come (a what-if without the rule leaves TF 58 free from the start)."""
    rule = view.get("special_rules", {}).get(SPRUANCE)
    return rule is not None and int(view.get("turn", 0)) < int(rule.get("lifted_on_turn", 0))


def spruance_radius(view: dict[str, Any]) -> int:
    return int(view.get("special_rules", {}).get(SPRUANCE, {}).get("max_hexes", SPRUANCE_RADIUS))

class ClashBot:
    """What both Clash bots do the same way; mixed in before the Imperial Sunset bot so these answers win."""

    side: str
    enemy: str
    cap_per_tg = 1
    shade_type = ""  # the type a report is fudged on (see ``shade``)
    shade = 0
    last_order: tuple[str, str, str] | None = None
    called_off: set[tuple[Any, ...]]

    def __init__(self, side: str, seed: int = 0) -> None:
        super().__init__(side, seed)  # type: ignore[call-arg]
        self.called_off = set()

    # -- reading the view ------------------------------------------------------------------------------------

    def formation_tgs(self, view: dict[str, Any], marker: str) -> list[dict[str, Any]]:
        """Own TGs behind a marker: the TG itself, or every TG on a TF's chart."""
        own = {t["id"]: t for t in view["own_tfs"]}
        if marker in own:
            return [own[marker]]
        tf = next((t for t in view.get("task_forces", []) if t["id"] == marker and "tgs" in t), None)
        return [own[i] for i in (tf or {}).get("tgs", []) if i in own]

    def carriers_in(self, view: dict[str, Any], marker: str) -> int:
        return sum(1 for t in self.formation_tgs(view, marker) for s in t.get("ships", [])
                   if s["type"] in CARRIERS and s["hits"] < max(s["capacity"], 1))

    def enemy_markers(self, view: dict[str, Any]) -> list[dict[str, Any]]:
        """Every enemy marker on the map (TGs outside a TF and the TF marker): id, hex, detected, report counts."""
        found = {i for ids in (view.get("detected") or {}).values() for i in ids}
        out = [{"id": t["id"], "hex": t["hex"], "detected": bool(t.get("detected")) or t["id"] in found,
                "counts": (t.get("last_report") or {}).get("counts")}
               for t in view["enemy_tfs"] if t.get("hex")]
        out += [{"id": t["id"], "hex": t["hex"], "detected": t["id"] in found,
                 "counts": (t.get("last_report") or {}).get("counts"), "tf": True}
                for t in view.get("task_forces", []) if t["side"] != self.side and t.get("hex")]
        return out

    def hex_value(self, view: dict[str, Any], h: str) -> float:
        """Worth of striking a hex: the reports on what is there; an unreported TF marker may hide the main body."""
        value = 0.0
        for e in self.enemy_markers(view):
            if e["hex"] != h:
                continue
            value += report_value(e["counts"]) if e["counts"] else (8.0 if e.get("tf") else 2.0)
        return value

    def hex_carriers(self, view: dict[str, Any], h: str) -> int:
        return max((report_carriers(e["counts"]) for e in self.enemy_markers(view) if e["hex"] == h), default=0)

    # -- decisions both sides answer alike -------------------------------------------------------------------

    def _formations(self, view: dict[str, Any], d: Decision) -> Action | None:
        # The historical groupings are sound: splitting spreads the CAP and AA thin (8.2, 8.5) and every new TG is
        # one more marker for the enemy to find. Keep them, with one exception: a TG of more ships than the air
        # battle display has areas (Force C's 18 against 16, RULINGS R-16) hands its smallest escorts to the smallest
        # other TG in its hex, so every ship has an area when it is attacked (8.0) and the Forces stay together.
        sizes = {t["id"]: len(t["ships"]) for t in view["own_tfs"]}
        hexes = {t["id"]: t["hex"] for t in view["own_tfs"]}
        ships = {s["id"]: (t["id"], s["type"]) for t in view["own_tfs"] for s in t["ships"]}
        shifts = [o for o in by_kind(d, "shift") if str(o.get("ship")) in ships
                  and sizes.get(ships[str(o.get("ship"))][0], 0) > DISPLAY_AREAS
                  and ships[str(o.get("ship"))][1] not in CARRIERS
                  and hexes.get(str(o.get("to"))) == hexes.get(ships[str(o.get("ship"))][0])
                  and sizes.get(str(o.get("to")), 99) < DISPLAY_AREAS]
        pick = best(shifts, lambda o: (-TYPE_VALUE.get(ships[str(o.get("ship"))][1], 1), -sizes[str(o.get("to"))]))
        return pick or next(iter(by_kind(d, "done")), None)

    def _command_chit(self, view: dict[str, Any], d: Decision) -> Action | None:
        # A free activation goes to the formation with the most carriers: strikes are what decide this battle.
        opts = by_kind(d, "chit_activate")
        return best(opts, lambda o: self.carriers_in(view, str(o.get("marker", ""))))

    def _clash_strike(self, view: dict[str, Any], d: Decision) -> Action | None:
        # Strike the most valuable detected hex in reach; each TG launches in turn, so every TG with Ready bombers
        # joins (a half-hearted strike dies to CAP and AA). The engine only offers hexes some bomber can reach.
        strikes = self.fresh(view, by_kind(d, "clash_strike"))
        return self.remember(view, best(strikes, lambda o: self.strike_priority(view, str(o.get("hex", "")))))

    def strike_priority(self, view: dict[str, Any], h: str) -> float:
        return self.hex_value(view, h) + 0.5

    def _cap_allocation(self, view: dict[str, Any], d: Decision) -> Action | None:
        # CAP over each carrier TG up to this side's quota; fighters beyond it stay Ready to escort strikes.
        parent_tg = {s["id"]: t["id"] for t in view["own_tfs"] for s in t["ships"]}
        carrier_tgs = {t["id"] for t in view["own_tfs"] if any(s["type"] in CARRIERS for s in t["ships"])}
        on_cap: dict[str, int] = {}
        for a in view.get("own_air", []):
            if a["box"] == "cap" and a["parent"] in parent_tg:
                on_cap[parent_tg[a["parent"]]] = on_cap.get(parent_tg[a["parent"]], 0) + 1
        air = {a["id"]: a for a in view.get("own_air", [])}
        for o in by_kind(d, "cap_on"):
            a = air.get(str(o.get("air", "")))
            tg = parent_tg.get(a["parent"]) if a else None
            if tg in carrier_tgs and on_cap.get(tg, 0) < self.cap_per_tg:
                return o
        return next(iter(by_kind(d, "cap_alloc_done")), None)

    def _strike_compose(self, view: dict[str, Any], d: Decision) -> Action | None:
        # Imperial Sunset's rule: every bomber goes (a half-hearted strike dies to CAP and AA; and on 18-19 June
        # 16.1.4 wants every able IJN unit in the strike at a three-carrier TG), then every spare fighter as escort.
        # A unit flipped to a side that prints no combat factor would add nothing but a target: it stays home.
        spent = {a["id"] for a in view.get("own_air", []) if a.get("reduced") and self.reduced_factor(a["id"]) < 1}
        for role in ("strike", "escort"):
            adds = [o for o in by_kind(d, "strike_add") if o.get("role") == role
                    and (role == "escort" or o.get("air") not in spent)]
            if adds:
                return adds[0]
        launch = by_kind(d, "strike_launch")
        if launch:
            return launch[0]
        # Nothing worth sending: call it off, and remember not to order the same strike again this turn (the bot's
        # memory of its own choice, so the strike step is not offered and refused for ever).
        if self.last_order is not None:
            self.called_off.add((view.get("turn"), *self.last_order))
        return next(iter(by_kind(d, "strike_cancel")), None)

    def remember(self, view: dict[str, Any], o: Action | None) -> Action | None:
        """Note a strike order (so a called-off one is not repeated this turn); pass the order through."""
        self.last_order = None if o is None else (o.kind, str(o.get("launcher", o.get("target", ""))),
                                                  str(o.get("hex", "")))
        return o

    def fresh(self, view: dict[str, Any], options: list[Action]) -> list[Action]:
        """Strike orders not already called off this turn."""
        return [o for o in options if (view.get("turn"), o.kind, str(o.get("launcher", o.get("target", ""))),
                                       str(o.get("hex", ""))) not in self.called_off]

    @staticmethod
    def reduced_factor(aid: str) -> int:
        a = _data().air.get(aid)
        return int(a.reduced) if a is not None else 0

    def _air_target(self, view: dict[str, Any], d: Decision) -> Action | None:
        # Imperial Sunset's rule of thumb (the best ship, spread as more units aim at it) on Clash's counters.
        pick = best(d.options, lambda o: TYPE_VALUE.get(ship_type(str(o.get("ship", ""))), 1)
                    / (1 + self.aims.get(str(o.get("ship", "")), 0)))  # type: ignore[attr-defined]
        if pick is not None:
            sid = str(pick.get("ship", ""))
            self.aims[sid] = self.aims.get(sid, 0) + 1  # type: ignore[attr-defined]
        return pick

    def _sub_target(self, view: dict[str, Any], d: Decision) -> Action | None:
        # A torpedo hit on a carrier is worth the most (and may cause a critical, 9.3).
        return best(d.options, lambda o: TYPE_VALUE.get(str(o.get("type", "")), 1))

    def _search_report(self, view: dict[str, Any], d: Decision) -> Action | None:
        # Honest, except a shade of one on this side's chosen type when the roll allows it (see ``shade``).
        truth = d.data.get("truth") or {}
        if self.shade and self.shade_type in truth and (self.shade > 0 or int(truth[self.shade_type]) > 1):
            return next(iter(o for o in d.options if o.get("way") == "by_type"), None)
        return next(iter(o for o in d.options if o.get("way") == "honest"), None)

    def _search_report_count(self, view: dict[str, Any], d: Decision) -> Action | None:
        true = int(d.data.get("true", 0))
        want = true + (self.shade if d.data.get("type") == self.shade_type else 0)
        return best(d.options, lambda o: -abs(int(o.get("count", 0)) - want))

    def _surface_retreat(self, view: dict[str, Any], d: Decision) -> Action | None:
        # Retreat towards home: the USN east (Saipan), the IJN west.
        goal = SAIPAN if self.side == "USN" else "0618"
        return best(d.options, lambda o: -hex_dist(str(o.get("hex", o.get("to", ""))), goal))

    # -- moving ---------------------------------------------------------------------------------------------

    def step_towards(self, d: Decision, here: str, goal: str) -> Action | None:
        """The move that brings the formation closest to ``goal``, if it is closer than staying."""
        moves = by_kind(d, "move")
        pick = best(moves, lambda o: -hex_dist(str(o.get("to")), goal))
        if pick is not None and hex_dist(str(pick.get("to")), goal) < hex_dist(here, goal):
            return pick
        return None

    @staticmethod
    def within(d: Decision, centre: str, radius: int) -> Decision:
        """The decision with only the moves that end within ``radius`` of ``centre``, or closer to it for a formation
        still outside (the bot's own tether)."""
        here = hex_dist(str(d.data.get("hex", "")), centre)
        keep = tuple(o for o in d.options if o.kind != "move"
                     or hex_dist(str(o.get("to")), centre) <= max(radius, here - 1))
        return dataclasses.replace(d, options=keep)

    def stop(self, d: Decision) -> Action | None:
        end = by_kind(d, "end_move")
        if end:
            return end[0]
        return by_kind(d, "move")[0] if by_kind(d, "move") else None  # 3.3 dispersal: a move is required


class ClashHeuristicUSN(ClashBot, HeuristicUSN):
    """Spruance: guard Saipan, wait for the Japanese strikes under strong CAP, then strike what the searches find."""

    cap_per_tg = USN_CAP_PER_TG
    shade_type = "CV"
    shade = -1

    def __init__(self, side: str, seed: int = 0) -> None:
        super().__init__(side, seed)
        self.struck: dict[tuple[Any, str], int] = {}  # (turn, hex) -> strikes this bot has sent there

    def _clash_move(self, view: dict[str, Any], d: Decision) -> Action | None:
        marker = str(d.data.get("formation", ""))
        here = str(d.data.get("hex", ""))
        saipan = view.get("saipan_hex") or SAIPAN
        if not self.carriers_in(view, marker):
            # TG 52.10 and any other gun group: the Saipan hex is where they count (10.2).
            if here == saipan:
                return self.stop(d)
            return self.step_towards(d, here, saipan) or self.stop(d)
        # A carrier formation closes to strike range of the best detected IJN formation; with none it stands off
        # Saipan, where the Japanese must come to it (the engine keeps it within nine hexes until turn 9).
        tethered = spruance_binds(view)
        if tethered:
            # Spruance's caution binds the whole carrier force, not only the TGs the engine holds (16.1.4 names TF 58
            # and three TGs): TG 58.1 and 58.4, back from the Bonins, join the guard and never run west alone.
            d = self.within(d, saipan, spruance_radius(view))
        targets = [e for e in self.enemy_markers(view) if e["detected"]]
        if not targets and not tethered:
            # Spruance is free from turn 9 (16.1.4): go after the Mobile Fleet's marker (its hex is public), close
            # enough for the searches (13 hexes) to find it and the strikes (8) to reach it.
            targets = [e for e in self.enemy_markers(view) if e.get("tf")] or self.enemy_markers(view)
        if targets:
            goal = max(targets, key=lambda e: (self.hex_value(view, e["hex"]) / (1 + hex_dist(here, e["hex"]) / 4),
                                               -hex_dist(here, e["hex"]), e["hex"]))["hex"]
            if hex_dist(here, goal) > USN_STRIKE_REACH - 2:
                return self.step_towards(d, here, goal) or self.stop(d)
            return self.stop(d)
        # No contact, still tethered: stand on the Saipan side of the tether nearest the enemy's markers, at most
        # USN_STATION hexes out, so the searches (13 hexes) reach as far west as they can without leaving Saipan.
        marks = [e["hex"] for e in self.enemy_markers(view)]

        def station(h: str) -> tuple[bool, int, int]:
            return (hex_dist(h, saipan) <= USN_STATION, -min((hex_dist(h, m) for m in marks), default=0),
                    -hex_dist(h, saipan))

        pick = best(by_kind(d, "move"), lambda o: station(str(o.get("to"))))
        if pick is not None and station(str(pick.get("to"))) > station(here):
            return pick
        return self.stop(d)

    def strike_priority(self, view: dict[str, Any], h: str) -> float:
        return self.hex_value(view, h) + 10 * self.hex_carriers(view, h) + 0.5

    def _clash_strike(self, view: dict[str, Any], d: Decision) -> Action | None:
        # No overkill: a hex that has already drawn USN_STRIKES_PER_HEX strikes this turn has its carriers burning
        # (or its CAP and AA already met): the next TG keeps its air group Ready for the next contact instead. (Which
        # carriers its strikes sank it cannot tell: a bot reads no log, and the view lists no enemy loss.)
        turn = view.get("turn")
        strikes = [o for o in self.fresh(view, by_kind(d, "clash_strike"))
                   if self.struck.get((turn, str(o.get("hex", ""))), 0) < USN_STRIKES_PER_HEX]
        pick = best(strikes, lambda o: self.strike_priority(view, str(o.get("hex", ""))))
        if pick is None:
            return next(iter(by_kind(d, "end_activation")), None)
        key = (turn, str(pick.get("hex", "")))
        self.struck[key] = self.struck.get(key, 0) + 1
        return self.remember(view, pick)

    def _sub_place(self, view: dict[str, Any], d: Decision) -> Action | None:
        # On the IJN's likely track: near its markers, on the side facing Saipan (where it must come to fight).
        enemies = [e["hex"] for e in self.enemy_markers(view)]
        saipan = view.get("saipan_hex") or SAIPAN
        if not enemies:
            return best(d.options, lambda o: -hex_dist(str(o.get("hex")), saipan))

        def score(o: Action) -> float:
            h = str(o.get("hex"))
            return -min(hex_dist(h, e) for e in enemies) - 0.3 * hex_dist(h, saipan)

        return best(d.options, score)


class ClashHeuristicIJN(ClashBot, HeuristicIJN):
    """Ozawa: keep the Forces together, outrange the USN, strike its carriers first, with Guam's air beside."""

    cap_per_tg = IJN_CAP_PER_TG
    shade_type = "BB"
    shade = 1

    def _setup_mobile_fleet(self, view: dict[str, Any], d: Decision) -> Action | None:
        # All the Forces in the Mobile Fleet, as in 1944: one TF marker to find, one CAP pool over it (13.0).
        forces = ",".join(d.data.get("forces") or [])
        return next((o for o in d.options if o.get("forces") == forces), None) or \
            best(d.options, lambda o: len(str(o.get("forces", "")).split(",")))

    def _setup_dummies(self, view: dict[str, Any], d: Decision) -> Action | None:
        # Every dummy allowed: each one is a marker the USN must spend a search on.
        return best(d.options, lambda o: int(o.get("n", 0)))

    def _setup(self, view: dict[str, Any], d: Decision) -> Action | None:
        # Start at the set-up circle's centre (the historical position), far beyond the USN's reach.
        centre = d.data.get("centre")
        return next((o for o in d.options if o.get("hex") == centre), None)

    def _coordination_order(self, view: dict[str, Any], d: Decision) -> Action | None:
        # Release the island air against the carrier groups once one has been found: Guam's air then strikes
        # beside the carriers (the historical shuttle plan, 16.1.4).
        found = any(e["detected"] for e in self.enemy_markers(view))
        kind = "coordination_order" if found else "coordination_wait"
        return next(iter(by_kind(d, kind)), None)

    def _flagship(self, view: dict[str, Any], d: Decision) -> Action | None:
        return best(d.options, lambda o: TYPE_VALUE.get(ship_type(str(o.get("ship", ""))), 0))

    def _flagship_report(self, view: dict[str, Any], d: Decision) -> Action | None:
        # The announcement may be any hex within the radius: give the one farthest east of the carriers, so a
        # USN strike aimed at it falls short.
        mine = [t["hex"] for t in view["own_tfs"] if any(s["type"] in CARRIERS for s in t["ships"]) and t["hex"]]
        return best(d.options, lambda o: (min((hex_dist(str(o.get("hex")), h) for h in mine), default=0),
                                          str(o.get("hex"))))

    def _island_strike(self, view: dict[str, Any], d: Decision) -> Action | None:
        # Land-based air exists to hit ships: the target reported with the most carriers, then TF 58's marker (the
        # carriers' umbrella, by its public name), then the most value. The engine names a TG target by its id, which
        # the view never pairs with a marker label: such a target counts as unknown.
        strikes = self.fresh(view, [o for o in d.options if o.kind == "island_strike" and o.get("target")])
        reports = {e["id"]: e for e in self.enemy_markers(view)}

        def score(o: Action) -> tuple[int, bool, float]:
            e = reports.get(str(o.get("target")), {})
            return report_carriers(e.get("counts")), bool(e.get("tf")), report_value(e.get("counts"))

        return self.remember(view, best(strikes, score)) or next(iter(by_kind(d, "af_done")), None)

    def _island_cap(self, view: dict[str, Any], d: Decision) -> Action | None:
        # Island fighters escort the island strikes; the airfields' own AA and the ready rolls cover the rest.
        return next(iter(by_kind(d, "island_cap_done")), None)

    def decisive_day(self, view: dict[str, Any]) -> bool:
        return str(view.get("date", "")) in DECISIVE_DATES

    def strike_priority(self, view: dict[str, Any], h: str) -> float:
        # 16.1.4 Decisive Battle Mentality: on 18 and 19 June a TG reported with three or more carriers comes first.
        carriers = self.hex_carriers(view, h)
        bonus = 100.0 if self.decisive_day(view) and carriers >= DECISIVE_CARRIERS else 0.0
        return bonus + 10 * carriers + self.hex_value(view, h) + 0.5

    def withdraw(self, view: dict[str, Any], marker: str) -> bool:
        """Whether a carrier formation has done its work for now: no Ready bomber left aboard (it comes back when
        the Flown units are Ready again, 5.6)."""
        ships = {s["id"] for t in self.formation_tgs(view, marker) for s in t.get("ships", [])}
        return not any(a["parent"] in ships and a["box"] == "ready" and air_kind(a["id"]) != "F"
                       for a in view.get("own_air", []))

    def threats(self, view: dict[str, Any]) -> list[str]:
        """Hexes of USN markers that may hold carriers: everything but a group reported without any, and the
        Saipan hex (the invasion fleet's guns sit there, not its strike)."""
        saipan = view.get("saipan_hex") or SAIPAN
        out = []
        for e in self.enemy_markers(view):
            if e["hex"] == saipan or (e["counts"] and not report_carriers(e["counts"])):
                continue
            out.append(e["hex"])
        return out

    def _clash_move(self, view: dict[str, Any], d: Decision) -> Action | None:
        marker = str(d.data.get("formation", ""))
        here = str(d.data.get("hex", ""))
        if not self.carriers_in(view, marker):
            # Surface groups and dummies keep with the carriers (one CAP umbrella, 3.2, 13.0).
            flattops = [t["hex"] for t in view["own_tfs"] if t["hex"] and any(s["type"] in CARRIERS
                                                                               for s in t["ships"])]
            if flattops:
                goal = min(flattops, key=lambda h: (hex_dist(here, h), h))
                if here != goal:
                    return self.step_towards(d, here, goal) or self.stop(d)
            return self.stop(d)
        threats = self.threats(view)
        if self.withdraw(view, marker):
            # The strike is flown (or the last day has come): what is left is worth more afloat (10.1 counts every
            # IJN carrier still afloat) than thrown at TF 58's CAP. Open the range, west, as Ozawa did on 20 June.
            return best(by_kind(d, "move"), lambda o: (min((hex_dist(str(o.get("to")), h) for h in threats),
                                                           default=0), -column(str(o.get("to"))))) or self.stop(d)
        # Score each hex we could end in (staying included): first beyond the 8-hex strike reach of every USN group
        # we know of, then inside our own 12 of the nearest (the outranging plan), closing when farther; then,
        # while Cautious Spruance tethers TF 58 to nine hexes of Saipan (16.1.4, until turn 9), beyond 9 + 8 hexes
        # of Saipan when that costs nothing; then as far out in the band as our own reach allows (every IJN carrier
        # unit reaches 12: a group at 12 strikes first and is the last a USN move can bring under its 8); then
        # towards Guam.
        saipan = view.get("saipan_hex") or SAIPAN
        tethered = spruance_binds(view)

        def near(h: str) -> int:
            return min((hex_dist(h, t) for t in threats), default=99)

        def score(h: str) -> tuple[int, bool, int, bool, int, int]:
            n = near(h)
            inside = n <= IJN_STRIKE_REACH
            return (min(n, USN_STRIKE_REACH + 1), inside, 0 if inside else -n,
                    tethered and hex_dist(h, saipan) > spruance_radius(view) + USN_STRIKE_REACH,
                    n if inside else 0, -hex_dist(h, GUAM))

        pick = best(by_kind(d, "move"), lambda o: score(str(o.get("to"))))
        if pick is not None and score(str(pick.get("to"))) > score(here):
            return pick
        return self.stop(d)


def make_heuristic(game: str, side: str, seed: int) -> Bot:
    """The ``heuristic`` bot factory: one bot per side of Clash of the Carriers."""
    from leyte.core.errors import LeyteError

    if game != GAME:
        raise LeyteError(f"the Clash heuristic bot plays {GAME} only, not {game!r}")
    if side == "IJN":
        return ClashHeuristicIJN(side, seed)
    if side == "USN":
        return ClashHeuristicUSN(side, seed)
    raise LeyteError(f"no heuristic bot for side {side!r} in {GAME} (sides: IJN, USN)")
