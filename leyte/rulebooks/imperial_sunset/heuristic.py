"""Heuristic bots for Imperial Sunset: one rule of thumb per decision kind, each with the reason behind it.

A bot sees what its side sees and nothing else: ``choose(view, decision)`` reads ``game.view(side)`` (own forces in
full; enemy TF markers with their hex, detected status and the last search report; the surface display as that side
sees it) and the options of the decision. Geometry and ship characteristics come from the game's public static data
(``leyte.rules("imperial-sunset")``): the map, and the printed values of every counter, which both players can read
off the counter sheet. No search over hidden state, no look at the umpire's view. The only memory a bot keeps is of
its own choices (which ships its bombers already aimed at in the current air attack), itself a function of what it
was shown.

Every decision kind gets an answer: a rule of thumb where one matters, otherwise a sensible default (finish, pass,
or the first option), so the bots play every scenario to the end.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from leyte.core.game import Action, Decision
from leyte.core.players import Bot
from leyte.rulebooks.imperial_sunset.rules import hex_distance as dist
from leyte.rulebooks.imperial_sunset.rules import sea_distance

__all__ = ["HeuristicIJN", "HeuristicUSN", "make_heuristic", "BEACHHEAD", "ORMOC"]

GAME = "imperial-sunset"
BEACHHEAD = "3521"  # the Leyte landing beaches (12.3): what the IJN must reach and the USN must hold
ORMOC = "3520"  # where the IJN transport unloads (12.1)
OZAWA_LURE = "1724"
# Where a spent IJN force withdraws to: the Sibuyan Sea behind San Bernardino, the Mindanao Sea behind Surigao. West
# of the straits the USN may not follow freely (6.3), and a ship afloat at the end still costs the USN 75 % of its
# value (12.2), so a force that can no longer take the beachhead is worth more saved than sunk.
RETREATS = ("2418", "3909")  # open sea north-east of Luzon, off Cape Engano: where Ozawa baited Halsey in 1944
# The beachhead's only sea approaches (3520 is closed by land): the north one from San Bernardino and Samar, the
# south one from Surigao Strait. A USN battle line sitting on each turns the IJN's last step into a gun battle.
GATES = ("3522", "3622")
SEVENTH_FLEET_RADIUS = 3  # 12.2: escort-carrier TFs of the Seventh Fleet lose a VP a turn beyond this

# Rough surface punch of a ship type, for "do we outgun them?" when only a contact report is known.
REPORT_WEIGHT = {"battleships": 14, "cruisers": 6, "destroyers": 2, "carriers": 1}
# How much we want a target dead, by type: the victory points it is worth (12.1/12.2), with the IJN's bias for
# escort carriers (the soft, valuable targets off Samar) and everyone's for carriers.
TARGET_VALUE = {"CV": 10, "CVL": 6, "BB": 8, "CVE": 3, "CA": 5, "CAV": 5, "CL": 3, "CLAA": 3, "DD": 1, "DE": 1,
                "APD": 2}
DONE_KINDS = ("reorg_done", "cap_alloc_done", "cap_done", "aa_adjacent_done", "end_activation")


# -- public static data: map geometry and counter values ---------------------------------------------------------


@cache
def _rules() -> Any:
    import leyte

    return leyte.rules(GAME)


def sea_dist(a: str | None, b: str | None) -> int:
    """Sea distance between two hexes (999 when there is no sea route): the map's geometry, which both players
    know, worked out by the same breadth-first search the movement rules use."""
    if not a or not b:
        return 999
    d = sea_distance(a, b)
    return 999 if d is None else d


hex_dist = dist  # hex distance between two labels, cached by the rules module


def ship_type(sid: str) -> str:
    s = _rules().ships.get(sid)
    return s.type if s is not None else ""


def ship_gunnery(sid: str) -> int:
    s = _rules().ships.get(sid)
    return int(s.gunnery) if s is not None else 0


def air_kind(aid: str) -> str:
    a = _rules().air.get(aid)
    return a.kind if a is not None else ""


# -- reading the view ------------------------------------------------------------------------------------------



def _range_to(d: Decision, o: Action) -> int:
    """The range to an option's target, as the fire decision's data gives it (0 when it names none)."""
    return int((d.data.get("ranges") or {}).get(o.get("target", ""), 0))


def active_tf(view: dict[str, Any], decision: Decision) -> dict[str, Any] | None:
    """The own TF an activation decision is about (the decision's data names it)."""
    tid = decision.data.get("tf")
    return next((tf for tf in view["own_tfs"] if tf["id"] == tid), None)


def types_of(tf: dict[str, Any]) -> list[str]:
    return [s["type"] for s in tf.get("ships", [])]


def own_punch(tf: dict[str, Any]) -> float:
    """Surface gunnery a TF can bring, less what damage has cost it (a ship past half damage counts half)."""
    total = 0.0
    for s in tf.get("ships", []):
        g = ship_gunnery(s["id"])
        total += g / 2 if s["hits"] * 2 >= max(s["capacity"], 1) else g
    return total


def enemy_punch(etf: dict[str, Any]) -> float | None:
    """What the last contact report says an enemy TF brings; None if we have no report on it."""
    rep = etf.get("last_report")
    if not rep or not isinstance(rep.get("counts"), dict):
        return None
    return float(sum(REPORT_WEIGHT.get(k, 2) * int(v or 0) for k, v in rep["counts"].items()))


def reported(etf: dict[str, Any], category: str) -> int:
    rep = etf.get("last_report") or {}
    counts = rep.get("counts") or {}
    return int(counts.get(category) or 0)


def by_kind(decision: Decision, *kinds: str) -> list[Action]:
    return [o for o in decision.options if o.kind in kinds]


def best(options: Sequence[Action], key: Callable[[Action], Any]) -> Action | None:
    """The option with the highest key; ties keep the engine's order (so choices are stable)."""
    top: Action | None = None
    top_key: Any = None
    for o in options:
        k = key(o)
        if top is None or k > top_key:
            top, top_key = o, k
    return top


def default_choice(decision: Decision) -> Action:
    """For kinds without a rule of thumb: finish or pass when the engine offers it, else the first option."""
    for kind in DONE_KINDS:
        for o in decision.options:
            if o.kind == kind:
                return o
    return decision.options[0]


# -- the bots ----------------------------------------------------------------------------------------------------


class HeuristicBot(Bot):
    """Shared rules of thumb; the two sides' differences live in the subclasses."""

    name = "heuristic"
    enemy = ""

    def __init__(self, side: str, seed: int = 0) -> None:
        super().__init__(side, seed)
        # Bombs already aimed in the current air attack, by ship: the bot's own memory of its own choices.
        self.aims: dict[str, int] = {}

    def choose(self, view: dict[str, Any], decision: Decision) -> Action:
        if decision.kind in ("tf_activation", "air_activation", "strike_compose", "kamikaze", "surface_air"):
            self.aims = {}  # a new attack begins
        handler = getattr(self, "_" + decision.kind, None)
        choice = handler(view, decision) if handler is not None else None
        if choice is None or choice not in decision.options:
            return default_choice(decision)
        return choice

    # -- helpers -----------------------------------------------------------------------------------------------

    def enemy_tfs(self, view: dict[str, Any]) -> list[dict[str, Any]]:
        return [t for t in view["enemy_tfs"] if t.get("hex")]

    def nearest_enemy(self, view: dict[str, Any], hex_label: str, *, detected_only: bool = False) -> int:
        ds = [hex_dist(hex_label, t["hex"]) for t in self.enemy_tfs(view) if t["detected"] or not detected_only]
        return min(ds) if ds else 99

    def battle_strength(self, view: dict[str, Any]) -> tuple[float, float]:
        """(ours, theirs) on the surface display: gunnery of our ships; printed gunnery of theirs by type."""
        b = view.get("battle") or {}
        ours = theirs = 0.0
        for s in b.get("ships", []):
            if s["side"] == self.side:
                g = ship_gunnery(s["id"])
                ours += g / 2 if (s.get("hits") or 0) * 2 >= max(_capacity(s["id"]), 1) else g
            else:
                theirs += _type_gunnery(self.enemy, s["type"])
        return ours, theirs

    def want_fight(self, view: dict[str, Any]) -> bool:
        ours, theirs = self.battle_strength(view)
        return ours >= theirs

    def _target_score(self, sid_or_alias: str, view: dict[str, Any], rng: int) -> float:
        """Value of a target divided by its range (in display areas): close, valuable ships first."""
        t = ship_type(sid_or_alias)
        if not t:
            for s in (view.get("battle") or {}).get("ships", []):
                if s["id"] == sid_or_alias:
                    t = s["type"]
        value = self.target_value(t)
        return value / (1 + rng / 3)

    def target_value(self, t: str) -> float:
        return TARGET_VALUE.get(t, 1)

    # -- decisions both sides answer the same way --------------------------------------------------------------

    def _command_chit(self, view: dict[str, Any], d: Decision) -> Action | None:
        # A command chit is a free activation: never waste it; spend it on the TF that matters most right now.
        opts = by_kind(d, "chit_activate")
        own = {t["id"]: t for t in view["own_tfs"]}
        return best(opts, lambda o: self.tf_priority(view, own.get(o.get("marker", ""), {})))

    def tf_priority(self, view: dict[str, Any], tf: dict[str, Any]) -> float:
        return own_punch(tf)

    def _air_activation(self, view: dict[str, Any], d: Decision) -> Action | None:
        # Land-based air exists to hit ships: strike the most valuable detected target, never idle.
        strikes = by_kind(d, "air_strike")
        if strikes:
            return best(strikes, lambda o: self.strike_score(view, o.get("target", "")))
        return by_kind(d, "end_activation")[0] if by_kind(d, "end_activation") else None

    def strike_score(self, view: dict[str, Any], target: str) -> float:
        """Reported carriers first, then battleships, then whatever is closest to the beachhead."""
        etf = next((t for t in view["enemy_tfs"] if "tf:" + t["id"] == target), None)
        if etf is None:  # a detected independent ship: a cripple, worth finishing off
            sid = target.split(":", 1)[-1]
            return 5 + self.target_value(ship_type(sid)) / 2
        return (10 * reported(etf, "carriers") + 4 * reported(etf, "battleships") + reported(etf, "cruisers")
                + 1 - hex_dist(etf["hex"], BEACHHEAD) / 100)

    def _strike_compose(self, view: dict[str, Any], d: Decision) -> Action | None:
        # Everything that can bomb goes (a half-hearted strike dies to CAP and AA); then every spare fighter
        # flies escort, because unescorted bombers are what CAP eats (8.2.2 vs 8.2.3).
        for role in ("strike", "escort"):
            adds = [o for o in by_kind(d, "strike_add") if o.get("role") == role]
            if adds:
                return adds[0]
        launch = by_kind(d, "strike_launch")
        return launch[0] if launch else by_kind(d, "strike_cancel")[0] if by_kind(d, "strike_cancel") else None

    def _cap_allocation(self, view: dict[str, Any], d: Decision) -> Action | None:
        # Keep fighters over our carrier TFs: a TF's first two fighters (one for escort carriers) stay on CAP, the
        # rest stay ready to escort strikes.
        parent_tf = {s["id"]: t for t in view["own_tfs"] for s in t["ships"]}
        on_cap: dict[str, int] = {}
        for a in view.get("own_air", []):
            if a["box"] == "cap" and a["parent"] in parent_tf:
                tid = parent_tf[a["parent"]]["id"]
                on_cap[tid] = on_cap.get(tid, 0) + 1
        air = {a["id"]: a for a in view.get("own_air", [])}
        for o in by_kind(d, "cap_on"):
            a = air.get(o.get("air", ""))
            if a is None or a["parent"] not in parent_tf:
                continue
            tf = parent_tf[a["parent"]]
            want = 1 if "CVE" in types_of(tf) else 2
            if on_cap.get(tf["id"], 0) < want:
                return o
        return by_kind(d, "cap_alloc_done")[0] if by_kind(d, "cap_alloc_done") else None

    def _cap_other(self, view: dict[str, Any], d: Decision) -> Action | None:
        # One fighter over a friend is cover; more robs our own strikes of escorts.
        over = [d.data.get("over")]
        already = sum(1 for a in view.get("own_air", []) if a.get("cap_over") in over)
        sends = by_kind(d, "cap_send")
        if sends and already < 1:
            return sends[0]
        return by_kind(d, "cap_done")[0] if by_kind(d, "cap_done") else None

    def _aa_adjacent(self, view: dict[str, Any], d: Decision) -> Action | None:
        # Every gun that can reach an attacker should fire at it.
        fire = by_kind(d, "aa_adjacent")
        return fire[0] if fire else None

    def _aa_suppression(self, view: dict[str, Any], d: Decision) -> Action | None:
        # Suppressing AA costs the escort nothing (8.1.1): always pair it with a bomber.
        pairs = [o for o in d.options if o.get("air")]
        return pairs[0] if pairs else None

    def _air_target(self, view: dict[str, Any], d: Decision) -> Action | None:
        # Bombs on the most valuable ship in the formation, spread over the next ones as more units aim at it:
        # a second and third unit on one destroyer only waste their attacks once it has sunk.
        pick = best(d.options, lambda o: self.target_value(ship_type(o.get("ship", "")))
                    / (1 + self.aims.get(o.get("ship", ""), 0)))
        if pick is not None:
            self.aims[pick.get("ship", "")] = self.aims.get(pick.get("ship", ""), 0) + 1
        return pick

    def _kamikaze_target(self, view: dict[str, Any], d: Decision) -> Action | None:
        return best(d.options, lambda o: self.target_value(ship_type(o.get("ship", ""))))

    def _detach_damaged(self, view: dict[str, Any], d: Decision) -> Action | None:
        # A ship past half its damage slows the TF and will sink in the next fight; send it home, where a survivor
        # costs the enemy points (12.2 counts escaped IJN ships against the USN).
        sid = next((o.get("ship") for o in d.options if o.get("ship")), "")
        hits = cap = 0
        for tf in view["own_tfs"]:
            for s in tf["ships"]:
                if s["id"] == sid:
                    hits, cap = s["hits"], s["capacity"]
        if hits * 2 >= max(cap, 1) * self.detach_share():
            detach = by_kind(d, "detach")
            if detach:
                return detach[0]
        return by_kind(d, "stay")[0] if by_kind(d, "stay") else None

    def detach_share(self) -> float:
        return 1.0

    def _disengage(self, view: dict[str, Any], d: Decision) -> Action | None:
        # Fight on when we outgun them, break off when we do not.
        want = self.want_fight(view)
        return next((o for o in d.options if o.get("disengage") is (not want)), None)

    def _surface_move(self, view: dict[str, Any], d: Decision) -> Action | None:
        # Range is the gap in area numbers (ruling R2): close in when we want the fight, open it when we do not.
        b = view.get("battle") or {}
        enemy_areas = [s["area"] for s in b.get("ships", []) if s["side"] != self.side]
        if not enemy_areas:
            return None
        closing = self.want_fight(view)

        def gap(o: Action) -> float:
            g = min(abs(int(o.get("area", 0)) - e) for e in enemy_areas)
            return -g if closing else g

        return best(d.options, gap)

    def _smoke(self, view: dict[str, Any], d: Decision) -> Action | None:
        # Smoke hides a retreat and helps a break-off (8.3.5, 8.3.8); an attacker wants clear sight lines.
        if self.want_fight(view):
            return next((o for o in d.options if o.get("area") == 0), None)
        layers = [o for o in d.options if o.get("area")]
        return layers[0] if layers else None

    def _gunnery_designate(self, view: dict[str, Any], d: Decision) -> Action | None:
        shots = [o for o in d.options if o.get("target")]
        return best(shots, lambda o: self._target_score(o.get("target", ""), view, _range_to(d, o)))

    _gunnery_fire = _gunnery_designate

    def _torpedo_target(self, view: dict[str, Any], d: Decision) -> Action | None:
        return best(d.options, lambda o: self._target_score(o.get("target", ""), view, _range_to(d, o)))

    def _torpedo(self, view: dict[str, Any], d: Decision) -> Action | None:
        # Torpedoes go once per battle: loose them when the enemy is close enough for them to run true.
        b = view.get("battle") or {}
        sid = next((o.get("ship") for o in d.options), "")
        mine = next((s["area"] for s in b.get("ships", []) if s["id"] == sid), None)
        enemy = [s["area"] for s in b.get("ships", []) if s["side"] != self.side]
        if mine is None or not enemy:
            return by_kind(d, "torpedo_fire")[0] if by_kind(d, "torpedo_fire") else None
        close = min(abs(mine - e) for e in enemy) <= self.torpedo_reach()
        return (by_kind(d, "torpedo_fire") if close else by_kind(d, "torpedo_hold") or d.options)[0]

    def torpedo_reach(self) -> int:
        return 3

    def _surface_air(self, view: dict[str, Any], d: Decision) -> Action | None:
        # Aircraft sitting in the Ready box during a gun battle are wasted (6.5.10).
        return next((o for o in d.options if o.get("launch") is True), None)

    def _sub_attack(self, view: dict[str, Any], d: Decision) -> Action | None:
        return next((o for o in d.options if o.kind == "sub_attack"), None)

    def _sub_target(self, view: dict[str, Any], d: Decision) -> Action | None:
        order = ["carriers", "battleships", "cruisers", "destroyers"]
        return best(d.options, lambda o: -order.index(o.get("category")) if o.get("category") in order else -9)

    def _sub_place(self, view: dict[str, Any], d: Decision) -> Action | None:
        # A submarine only matters where enemy ships will pass: as close to a known enemy TF as the rules allow.
        enemies = sorted({t["hex"] for t in self.enemy_tfs(view)})
        if not enemies:
            return None
        # The nearest legal hex to any enemy marker (the first listed on a tie): search rings outward from the
        # markers rather than measuring all of the up to 500 legal hexes against each of them.
        m = _rules().map
        index = {o.get("hex"): i for i, o in reversed(list(enumerate(d.options)))}
        for r in range(0, 200):
            found = [index[lab] for e in enemies for h in m.ring(m.hex(e), r) if (lab := m.label(h)) in index]
            if found:
                return d.options[min(found)]
        return None

    def _search_report(self, view: dict[str, Any], d: Decision) -> Action | None:
        # 7.2 lets the owner shade a report: say whatever misleads most (see report_bias).
        category = next((o.get("category") for o in d.options), "")
        sign = self.report_bias(category)
        return best(d.options, lambda o: sign * int(o.get("count", 0)))

    def report_bias(self, category: str) -> int:
        return -1

    def _reactive_battle(self, view: dict[str, Any], d: Decision) -> Action | None:
        # An enemy blundered into our hex: fight if our TF there outguns what we know of it.
        enemy, here = d.data.get("enemy_tf"), d.data.get("hex")
        if enemy is None:
            return None
        etf = next((t for t in view["enemy_tfs"] if t["id"] == enemy), {})
        ours = max((own_punch(t) for t in view["own_tfs"] if t["hex"] == here), default=0.0)
        if ours <= 0:
            # Nothing of ours afloat there (a TF whose ships all sank stays on the map until the Terminal Phase).
            return next((o for o in d.options if o.kind == "react_pass"), None)
        theirs = enemy_punch(etf)
        fight = self.react(ours, theirs, here)
        return next((o for o in d.options if o.kind == ("react_battle" if fight else "react_pass")), None)

    def react(self, ours: float, theirs: float | None, hex_label: str) -> bool:
        return ours >= (theirs if theirs is not None else 30)

    def _surface_placement(self, view: dict[str, Any], d: Decision) -> Action | None:
        return best(d.options, lambda o: -sea_dist(o.get("hex"), BEACHHEAD))

    def _dummy_place(self, view: dict[str, Any], d: Decision) -> Action | None:
        return None


def _vp(sid: str) -> int:
    s = _rules().ships.get(sid)
    return int(s.vp_sunk) if s is not None else 0


def _capacity(sid: str) -> int:
    s = _rules().ships.get(sid)
    return int(s.capacity) if s is not None else 1


@cache
def _type_gunnery(side: str, t: str) -> float:
    """Average printed gunnery of a side's ships of one type: what a face-down counter of that type is worth."""
    vals = [s.gunnery for s in _rules().ships.values() if s.side == side and s.type == t]
    return sum(vals) / len(vals) if vals else 2.0


class HeuristicIJN(HeuristicBot):
    """Kurita, Nishimura and Shima drive for the beachhead; Ozawa and the dummies pull Halsey north."""

    enemy = "USN"

    def role(self, tf: dict[str, Any]) -> str:
        t = types_of(tf)
        if tf.get("dummy"):
            return "dummy"
        if "APD" in t:
            return "transport"
        if any(x in ("CV", "CVL") for x in t):
            return "decoy"  # Ozawa's carriers: bait, not a strike force (their air groups were gutted)
        return "surface"

    def tf_priority(self, view: dict[str, Any], tf: dict[str, Any]) -> float:
        # Fanaticism (13.1.5.2) demands the surface forces advance: give them the free activations.
        return own_punch(tf) + (50 if self.role(tf) == "surface" else 0)

    def target_value(self, t: str) -> float:
        # Escort carriers and transports are the soft, valuable targets the IJN came for.
        return {"CVE": 9, "APD": 4}.get(t, TARGET_VALUE.get(t, 1))

    def detach_share(self) -> float:
        # Fanaticism: only a ship about to sink leaves the battle line.
        return 1.5

    def torpedo_reach(self) -> int:
        return 5  # the Long Lance outranges anything the USN carries

    def report_bias(self, category: str) -> int:
        # Overstate carriers (Ozawa wants to be chased, 13.1.5.1 binds Halsey to IJN carriers); understate guns.
        return 1 if category == "carriers" else -1

    def react(self, ours: float, theirs: float | None, hex_label: str) -> bool:
        return ours >= 0.6 * (theirs if theirs is not None else 20)

    def want_fight(self, view: dict[str, Any]) -> bool:
        # Fanaticism: a fight with carriers in it is what the IJN came for, and breaking off voids the
        # "significant battle" (13.1.5.2); otherwise press on unless badly outgunned.
        b = view.get("battle") or {}
        if any(s["side"] != self.side and s["type"] in ("CVE", "CV", "CVL", "APD") for s in b.get("ships", [])):
            return True
        ours, theirs = self.battle_strength(view)
        return ours >= 0.6 * theirs

    def spent(self, view: dict[str, Any], tf: dict[str, Any]) -> bool:
        """Too weak to end the game on the beachhead (under 25 VP of ships, 12.3), or half wrecked, or the last
        day is ending: the rest of its value is in surviving."""
        ships = tf.get("ships", [])
        value = sum(_vp(s["id"]) for s in ships)
        hits = sum(s["hits"] for s in ships)
        capacity = sum(max(s["capacity"], 1) for s in ships)
        late = view.get("turn", 0) >= view.get("last_turn", 99) - 1
        return value < 25 or hits * 2 >= capacity or late

    def _setup(self, view: dict[str, Any], d: Decision) -> Action | None:
        return None

    def _reorganize(self, view: dict[str, Any], d: Decision) -> Action | None:
        # Two dummies make the USN spread its searches and strikes (5.4); otherwise keep the forces as they are.
        dummies = sum(1 for t in view["own_tfs"] if t.get("dummy"))
        if dummies < 2 and by_kind(d, "dummy_create"):
            return by_kind(d, "dummy_create")[0]
        return by_kind(d, "reorg_done")[0] if by_kind(d, "reorg_done") else None

    def _dummy_place(self, view: dict[str, Any], d: Decision) -> Action | None:
        # Dummies go north, beside Ozawa's bait, to make the northern force look like the main body.
        return best(d.options, lambda o: -hex_dist(o.get("hex"), OZAWA_LURE))

    def _reinforcement(self, view: dict[str, Any], d: Decision) -> Action | None:
        return best(d.options, lambda o: -hex_dist(o.get("hex", OZAWA_LURE), OZAWA_LURE))

    def _kamikaze(self, view: dict[str, Any], d: Decision) -> Action | None:
        # Kamikazes exist to sink carriers: the TF reported with the most of them, else the nearest to Leyte.
        return best(d.options, lambda o: self.strike_score(view, o.get("target", "")))

    def _tf_activation(self, view: dict[str, Any], d: Decision) -> Action | None:
        tf = active_tf(view, d) or {}
        role = self.role(tf)
        here = tf.get("hex")
        # The transport's whole purpose: land the troops at Ormoc (12.1).
        if by_kind(d, "unload"):
            return by_kind(d, "unload")[0]
        # Guns are what the IJN has: a surface force attacks any detected enemy it meets (Fanaticism wants a
        # significant battle, 13.1.5.2); the transport and the bait avoid fights unless forced.
        if by_kind(d, "surface_attack") and (role == "surface" or not by_kind(d, "move", "end_activation")):
            return by_kind(d, "surface_attack")[0]
        # Ozawa's remaining aircraft strike the best detected target in range.
        strikes = by_kind(d, "air_strike")
        if strikes and role == "decoy":
            return best(strikes, lambda o: self.strike_score(view, o.get("target", "")))
        # Search before moving: detection is what lets the land-based air and kamikazes strike.
        if by_kind(d, "air_search"):
            return by_kind(d, "air_search")[0]
        moves = by_kind(d, "move")
        goal = {"surface": BEACHHEAD, "transport": ORMOC, "decoy": OZAWA_LURE}.get(role, OZAWA_LURE)
        if role == "dummy":
            goal = OZAWA_LURE
        stop = 0 if role in ("surface", "transport") else 1
        if role == "surface" and self.spent(view, tf) and by_kind(d, "end_activation"):
            # Free of Fanaticism (the engine offers a stop) and no longer able to win on the beachhead: save it.
            if by_kind(d, "exit"):
                return by_kind(d, "exit")[0]
            goal = min(RETREATS, key=lambda h: sea_dist(here, h))
        if moves and sea_dist(here, goal) > stop:
            pick = best(moves, lambda o: -sea_dist(o.get("to"), goal))
            if pick is not None and sea_dist(pick.get("to"), goal) < sea_dist(here, goal):
                return pick
        if role == "surface" and moves and not by_kind(d, "end_activation"):
            return best(moves, lambda o: -sea_dist(o.get("to"), goal))  # Fanaticism forbids stopping
        return by_kind(d, "end_activation")[0] if by_kind(d, "end_activation") else None


class HeuristicUSN(HeuristicBot):
    """Halsey hunts carriers from the air, Kinkaid holds the beachhead, the Taffies stay close to Leyte."""

    enemy = "IJN"

    def role(self, tf: dict[str, Any]) -> str:
        t = types_of(tf)
        if tf.get("dummy"):
            return "dummy"
        if "CVE" in t:
            return "escort_carriers"
        if any(x in ("CV", "CVL") for x in t):
            return "fast_carriers"
        return "battle_line"

    def tf_priority(self, view: dict[str, Any], tf: dict[str, Any]) -> float:
        # Strikes first: the fast carriers do the killing; then the battle line on guard.
        return own_punch(tf) + (100 if self.role(tf) == "fast_carriers" else 0)

    def detach_share(self) -> float:
        return 1.0  # past half damage a USN ship goes home (9.4); there are plenty more

    def react(self, ours: float, theirs: float | None, hex_label: str) -> bool:
        # At the gates of the beachhead there is no choice: fight whatever comes (12.3).
        if hex_label in GATES or hex_label == BEACHHEAD:
            return True
        return super().react(ours, theirs, hex_label)

    def want_fight(self, view: dict[str, Any]) -> bool:
        b = view.get("battle") or {}
        if b.get("hex") in GATES or b.get("hex") == BEACHHEAD:
            return True
        return super().want_fight(view)

    def taffy_post(self, view: dict[str, Any], tf_id: str) -> str:
        """Where an escort-carrier TF stands guard: one on each gate, beside its battle line, and any more on the
        beachhead itself. Never two on a gate: with the battle line that would be three TFs, and 5.5 allows two, so
        a battle line that stepped out to fight could not get back onto its gate."""
        taffies = sorted(t["id"] for t in view["own_tfs"] if self.role(t) == "escort_carriers")
        idx = taffies.index(tf_id) if tf_id in taffies else len(GATES)
        return GATES[idx] if idx < len(GATES) else BEACHHEAD

    def hunt_value(self, etf: dict[str, Any]) -> float:
        """What an enemy TF is worth chasing, from its last contact report (carriers above all); an unreported
        marker may be a dummy (5.4), so it is worth little until a search says otherwise."""
        if not etf.get("last_report"):
            return 1.0
        return (10 * reported(etf, "carriers") + 6 * reported(etf, "battleships") + 3 * reported(etf, "cruisers")
                + reported(etf, "destroyers"))

    def report_bias(self, category: str) -> int:
        # Show battleships (a deterrent), hide carriers (kamikaze and strike bait).
        return 1 if category == "battleships" else -1

    def _setup(self, view: dict[str, Any], d: Decision) -> Action | None:
        # Battle lines start on the beachhead's gates when the set-up zone reaches them; everything else starts
        # where the historical forces stood (the decision names the hex).
        tf = next((t for t in view["own_tfs"] if t["id"] == next((o.get("tf") for o in d.options), None)), None)
        if tf is not None and self.role(tf) == "battle_line":
            lines = sorted(t["id"] for t in view["own_tfs"] if self.role(t) == "battle_line")
            idx = lines.index(tf["id"])
            if idx < len(GATES):
                gate = next((o for o in d.options if o.get("hex") == GATES[idx]), None)
                if gate is not None:
                    return gate
        historical = d.data.get("historical_hex")
        if tf is not None and self.role(tf) == "escort_carriers" and historical:
            # ... escort carriers on the gates too (see _tf_activation), else inside the 12.2 radius as near their
            # historical hex as that allows.
            post = next((o for o in d.options if o.get("hex") == self.taffy_post(view, tf["id"])), None)
            if post is not None:
                return post
            near = [o for o in d.options if hex_dist(o.get("hex"), BEACHHEAD) <= SEVENTH_FLEET_RADIUS]
            if near:
                return best(near, lambda o: -hex_dist(o.get("hex"), historical))
        if historical:
            return next((o for o in d.options if o.get("hex") == historical), None)
        return None

    def _reorganize(self, view: dict[str, Any], d: Decision) -> Action | None:
        return by_kind(d, "reorg_done")[0] if by_kind(d, "reorg_done") else None

    def _reinforcement(self, view: dict[str, Any], d: Decision) -> Action | None:
        # Newcomers enter as close to the fighting (the beachhead) as they may.
        return best(d.options, lambda o: -hex_dist(o.get("hex", BEACHHEAD), BEACHHEAD))

    def _pt_place(self, view: dict[str, Any], d: Decision) -> Action | None:
        # PT boats picket the approaches: toward the nearest known IJN TF, else Surigao's mouth at the beachhead.
        enemies = [t["hex"] for t in self.enemy_tfs(view)]
        goal = min(enemies, key=lambda h: hex_dist(h, BEACHHEAD)) if enemies else BEACHHEAD
        return best(d.options, lambda o: -hex_dist(o.get("hex"), goal))

    def _tf_activation(self, view: dict[str, Any], d: Decision) -> Action | None:
        tf = active_tf(view, d) or {}
        role = self.role(tf)
        here = tf.get("hex")
        enemies = self.enemy_tfs(view)
        detected = [t for t in enemies if t["detected"]]
        # Search early and often: nothing can be struck or avoided until it is found (7.2).
        if by_kind(d, "air_search") and any(not t["detected"] for t in enemies):
            return by_kind(d, "air_search")[0]
        # Strike detected carrier and battleship TFs in range (the strike is composed escorted, below).
        strikes = by_kind(d, "air_strike")
        if strikes:
            pick = best(strikes, lambda o: self.strike_score(view, o.get("target", "")))
            if pick is not None:
                return pick
        # Fight a surface battle only when we outgun what the contact report says is there.
        if by_kind(d, "surface_attack"):
            etfs = [t for t in detected if t["hex"] == here]
            theirs = max((enemy_punch(t) or 30.0 for t in etfs), default=30.0)
            if own_punch(tf) >= theirs or not by_kind(d, "move", "end_activation"):
                return by_kind(d, "surface_attack")[0]
        moves = by_kind(d, "move")
        if role == "escort_carriers":
            # 12.2 keeps them within three hexes of the beachhead anyway; on the gates they add a search roll
            # against every IJN TF that comes through (each TF in a hex searches an arrival, 7.1.1), and they sit
            # under the battle line's guns (see taffy_post).
            post = self.taffy_post(view, tf.get("id", ""))
            if moves and here != post:
                pick = best(moves, lambda o: -sea_dist(o.get("to"), post))
                if pick is not None and sea_dist(pick.get("to"), post) < sea_dist(here, post):
                    return pick
            if here and hex_dist(here, BEACHHEAD) > SEVENTH_FLEET_RADIUS and moves:
                return best(moves, lambda o: -hex_dist(o.get("to"), BEACHHEAD))
        elif role == "battle_line":
            # Kinkaid's old battleships hold the two gates of the beachhead (12.3 ends the game the moment 25 VP of
            # IJN ships stand in 3521, whoever else is there): the first battle line takes the north gate, the
            # second the south one, any other waits off the beachhead. They do not sally out after a contact: an
            # open gate is how the game is lost, and an IJN TF that wants the beachhead must come to them (as
            # Nishimura came to Oldendorf in Surigao Strait).
            lines = sorted(t["id"] for t in view["own_tfs"] if self.role(t) == "battle_line")
            idx = lines.index(tf["id"]) if tf.get("id") in lines else len(GATES)
            post = GATES[idx] if idx < len(GATES) else "3523"
            goal = post
            if moves and sea_dist(here, goal) > 0:
                pick = best(moves, lambda o: -sea_dist(o.get("to"), goal))
                if pick is not None and sea_dist(pick.get("to"), goal) < sea_dist(here, goal):
                    return pick
        elif role == "fast_carriers":
            # Close to strike range of the detected IJN TF most worth sinking for the distance (Halsey went north
            # for Ozawa's carriers: 25 VP afloat that cost the USN 75 % of their value if they survive, 12.2).
            # Wild Bull, when in force, is the engine's job: it only offers closing moves. Keep two hexes off to
            # stay out of gun range.
            targets = detected or enemies
            if targets and moves:
                origin = here or BEACHHEAD
                goal = max(targets, key=lambda t: (self.hunt_value(t) / (1 + hex_dist(t["hex"], origin) / 5),
                                                   -hex_dist(t["hex"], origin)))["hex"]
                if hex_dist(here, goal) > 4:
                    pick = best(moves, lambda o: -sea_dist(o.get("to"), goal))
                    if pick is not None and sea_dist(pick.get("to"), goal) < sea_dist(here, goal):
                        return pick
                if hex_dist(here, goal) < 2:
                    return best(moves, lambda o: hex_dist(o.get("to"), goal))
        if by_kind(d, "end_activation"):
            return by_kind(d, "end_activation")[0]
        # Obliged to keep moving (Wild Bull): the engine offers only the closing moves; take the first.
        return moves[0] if moves else None


def make_heuristic(game: str, side: str, seed: int) -> Bot:
    """The ``heuristic`` bot factory: one bot per side of Imperial Sunset."""
    from leyte.core.errors import LeyteError

    if game != GAME:
        raise LeyteError(f"the heuristic bot plays {GAME} only, not {game!r}")
    if side == "IJN":
        return HeuristicIJN(side, seed)
    if side == "USN":
        return HeuristicUSN(side, seed)
    raise LeyteError(f"no heuristic bot for side {side!r}")
