"""Movement (module 6): task forces hex by hex, the limits on where they may go, and damaged ships going home.

6.1 TFs move one hex at a time through sea hexes only (partial-sea and land hexes are closed). 6.2 A TF has the MPs
of its slowest ship (mixed speeds: lower on odd turns), less its -1/-2 MP markers; surface combat ends its move
(6.2.5). 6.3 The IJN may leave by the west and north edges, the USN only with damaged ships and their escorts by
the east edge; USN forces may enter the San Bernardino Strait hex but go no further west, and only USN cruisers and
destroyers may go one hex beyond Surigao Strait. 6.4 Damaged ships may detach; once alone they head for a base at
full speed (IJN: north or west edge, cruisers also Manila; USN: east edge) and move in the Terminal Phase.

The special rules that limit movement also live here: IJN Fanaticism (13.1.5.2) and the Wild Bull (13.1.5.1).
"""

from __future__ import annotations

from collections import deque
from functools import cache
from typing import Any

from leyte.core.errors import IllegalAction
from leyte.core.game import Action, Context, Decision
from leyte.rulebooks.imperial_sunset import air, cap, damage, detection, engine, special, submarines, surface, victory
from leyte.rulebooks.imperial_sunset.common import dist, has_live_ships, has_type, is_day, live_ships, ship_speed
from leyte.rulebooks.imperial_sunset.data import CARRIER_TYPES, CRUISER_TYPES, ISData
from leyte.rulebooks.imperial_sunset.engine import ask, opt, pop
from leyte.rulebooks.imperial_sunset.state import State, TFState

BEACHHEAD = "3521"
ORMOC = "3520"
MANILA = "2512"
SAN_BERNARDINO = "3119"
SURIGAO = "3722"
FANATIC_FORCES = ("Force A", "Force B", "Force C", "Shima Force")


def queue(st: State, frames: list[tuple[str, dict[str, Any]]]) -> None:
    """Push reaction frames (searches, reports, submarine and PT attacks) to run next, in the order given."""
    engine.push_many(st, frames)


# -- geometry the rules need ------------------------------------------------------------------------------------


@cache
def sea_distance_field(D: ISData, goal: str) -> dict[str, int]:
    """Sea-path distance from every sea hex to ``goal`` (BFS through sea hexes only)."""
    m = D.map
    start = m.hex(goal)
    out = {goal: 0}
    q = deque([start])
    while q:
        h = q.popleft()
        d = out[m.label(h)]
        for n in m.neighbours(h):
            lab = m.label(n)
            if lab not in out and m.is_sea(n) and not side_blocked(D, m.label(h), lab):
                out[lab] = d + 1
                q.append(n)
    return out


def sea_distance(D: ISData, a: str, b: str) -> int | None:
    return sea_distance_field(D, b).get(a)


@cache
def _zone(D: ISData, label: str, kind: str, name: str | None = None) -> bool:
    m = D.map
    return m.has_feature(m.hex(label), kind, name)


def beyond_straits(D: ISData, label: str) -> bool:
    """Inner-sea hexes west of the two straits (the map tags them ``west_of``), where 6.3 limits the USN."""
    return _zone(D, label, "west_of")


@cache
def _blocked(D: ISData) -> frozenset[tuple[str, str]]:
    """Hexsides closed by land between two sea hexes (map feature ``blocked_side:<neighbour>``), both ways."""
    m = D.map
    out = set()
    for h in m.hexes:
        for kind, name in m.features(h):
            if kind == "blocked_side":
                out.add((m.label(h), name))
                out.add((name, m.label(h)))
    return frozenset(out)


def side_blocked(D: ISData, a: str, b: str) -> bool:
    return (a, b) in _blocked(D)


def sea_step(D: ISData, a_label: str, b_label: str) -> bool:
    """Can a ship go from one hex to the adjacent one (both sea, the hexside open)?"""
    m = D.map
    return m.is_sea(m.hex(b_label)) and not side_blocked(D, a_label, b_label)


@cache
def edge_of(D: ISData, label: str) -> frozenset[str]:
    m = D.map
    return frozenset(n for k, n in m.features(m.hex(label)) if k == "edge")


# -- legality ---------------------------------------------------------------------------------------------------


def tf_is_fanatic(st: State, tf: TFState) -> bool:
    """IJN Fanaticism binds Forces A, B, C and Shima (13.1.5.2) until they have fought a significant battle."""
    if not st.options.get("fanaticism", True) or tf.side != "IJN" or tf.dummy:
        return False
    # Ruling E22: the rule binds the ships of those forces, not the markers, so a group split off a force (5.1)
    # stays bound until a TF it is in fights a significant battle.
    ships = st.ships
    return any(ships[s].force in FANATIC_FORCES and not ships[s].fanaticism_met
               and not ships[s].sunk and not ships[s].exited for s in tf.ships)


def holds_ozawa_ships(st: State, tf: TFState) -> bool:
    """Ships that started in the Ozawa Force may not leave the map before 26 October, in whatever TF (E22)."""
    return any(st.ships[s].force == "Ozawa Force" for s in live_ships(st, tf))


def wild_bull_target(st: State, tf: TFState) -> str | None:
    """The hex a Wild Bull-bound Third Fleet TF must close on, if it is bound (13.1.5.1)."""
    wb = st.secret.get("wild_bull")
    if not wb or tf.side != "USN" or tf.id not in wb.get("bound", []):
        return None
    if st.turn > wb.get("until_turn", 0):
        return None
    target = st.tfs.get(wb.get("target", ""))
    if target is None or not target.in_play:
        return None
    return target.hex


@cache
def _neighbour_labels(D: ISData, label: str) -> tuple[str, ...]:
    m = D.map
    return tuple(m.label(n) for n in m.neighbours(m.hex(label)))


@cache
def _terrain(D: ISData, label: str) -> str:
    m = D.map
    return m.terrain(m.hex(label))


def move_refusal(st: State, tf: TFState, fr: dict[str, Any], to: str) -> tuple[str, str] | None:
    """Why ``tf`` may not enter ``to`` now, as (rule, reason); None if it may."""
    D = st.data
    m = D.map
    here = tf.hex or ""
    try:
        m.hex(to)
    except ValueError:
        return "6.1", f"{to} is not a hex on the map"
    if to not in _neighbour_labels(D, here):
        return "6.1", f"{to} is not adjacent to {here}; hexes cannot be skipped"
    return step_refusals(st, tf, fr, (to,))[to]


@cache
def _step_table(D: ISData, here: str) -> tuple[tuple[str, tuple[str, str] | None, bool], ...]:
    """Each neighbour of ``here`` with the refusal that never changes (a land hex, a land hexside; 6.1) and whether
    it lies beyond the straits (6.3 for the USN): map facts, worked out once per hex for the whole run."""
    blocked = _blocked(D)
    rows = []
    for to in _neighbour_labels(D, here):
        terrain = _terrain(D, to)
        why: tuple[str, str] | None = None
        if terrain != "sea":
            why = "6.1", f"{to} is {terrain} — only sea hexes may be entered"
        elif (here, to) in blocked:
            why = "6.1", f"the hexside between {here} and {to} is land — the hexes are not connected by sea"
        rows.append((to, why, beyond_straits(D, to)))
    return tuple(rows)


def step_refusals(st: State, tf: TFState, fr: dict[str, Any],
                  targets: tuple[str, ...] | None = None) -> dict[str, tuple[str, str] | None]:
    """``move_refusal`` for several adjacent hexes at once (default: every neighbour of the TF's hex).

    The facts that do not depend on the destination (MPs left, Fanaticism, the Wild Bull, friendly stacks) are
    worked out once, and the map's own refusals come from ``_step_table``: this runs for every activation decision,
    the commonest question of the game.
    """
    D = st.data
    here = tf.hex or ""
    table = _step_table(D, here)
    if targets is None:
        targets = tuple(row[0] for row in table)
    else:
        table = tuple(row for row in table if row[0] in targets)
    if fr.get("combat_done"):
        return dict.fromkeys(targets, ("6.2.5", "surface combat has ended this TF's movement"))
    if fr["mp"] < 1:
        return dict.fromkeys(targets, ("6.2", "no movement points left"))
    side = tf.side
    usn_real = side == "USN" and not tf.dummy
    light: bool | None = None
    friends: dict[str, list[TFState]] = {}
    for t in st.tfs.values():
        if t.side == side and t.in_play and t.hex in targets and t is not tf:
            friends.setdefault(t.hex, []).append(t)
    fanatic = tf_is_fanatic(st, tf)
    d_here = sea_distance(D, here, BEACHHEAD) if fanatic else None
    bull = wild_bull_target(st, tf)
    out: dict[str, tuple[str, str] | None] = {}
    for to, why, beyond in table:
        if why is None and usn_real and beyond:
            if light is None:
                light = all(D.ships[s].type in CRUISER_TYPES | {"DD", "DE"} for s in live_ships(st, tf))
            if not _zone(D, to, "one_west_of", "surigao"):
                why = "6.3", (f"USN forces may enter San Bernardino ({SAN_BERNARDINO}) and Surigao ({SURIGAO}) "
                              "Straits but not the inner seas beyond them")
            elif not light:
                why = "6.3", "only USN cruisers and destroyers may go beyond Surigao Strait"
            elif beyond_straits(D, here):
                why = "6.3", "USN cruisers and destroyers may go only one hex beyond Surigao Strait"
        if why is None:
            there = friends.get(to, ())
            if len(there) >= 2:
                why = "5.5", f"two friendly TFs are already in {to}"
            elif side == "USN" and tf.fleet and any(t.fleet and t.fleet != tf.fleet for t in there):
                why = "5.5", "Third and Seventh Fleet TFs may not stack together"
            elif fanatic and d_here is not None and (d_to := sea_distance(D, to, BEACHHEAD)) is not None \
                    and d_to >= d_here:
                why = "13.1.5.2", f"IJN Fanaticism: {tf.name} must keep advancing on the beachhead {BEACHHEAD}"
            elif bull is not None and dist(D, to, bull) >= dist(D, here, bull):
                why = "13.1.5.1", "Wild Bull: this Third Fleet TF must close on the detected IJN carrier force"
        out[to] = why
    return out


def exit_refusal(st: State, tf: TFState, fr: dict[str, Any]) -> tuple[str, str] | None:
    """Why ``tf`` may not leave the map from its hex now; None if it may (6.3, 12.2, 13.1.5.2)."""
    D = st.data
    edges = edge_of(D, tf.hex or "")
    if not edges:
        return "6.3", f"{tf.hex} is not on a map edge"
    if fr["mp"] < 1 or fr.get("combat_done"):
        return "6.2", "no movement points left to leave the map"
    if tf.side == "IJN":
        if not edges & {"west", "north"}:
            return "6.3", "IJN forces leave only by the west or north edge"
        if any(D.ships[s].type == "APD" for s in live_ships(st, tf)):
            return "12.2", "the IJN transport (APD) may never be withdrawn"
        if tf_is_fanatic(st, tf):
            return "13.1.5.2", f"IJN Fanaticism: {tf.name} may not leave before fighting a significant battle"
        date = str(st.flags.get("turn_info", {}).get("date", ""))
        if holds_ozawa_ships(st, tf) and st.options.get("fanaticism", True) and date < "1944-10-26":
            return "13.1.5.2", "the Ozawa Force may not leave the map before 26 October"
        return None
    if "east" not in edges:
        return "6.3", "USN forces leave only by the east edge"
    if tf.dummy or not all(st.ships[s].hits or st.ships[s].destination == "east" for s in live_ships(st, tf)):
        return "6.3", "only damaged USN ships and their escorts may leave the map"
    return None


def _fightable(st: State, tf: TFState) -> bool:
    """Whether a detected real enemy TF with ships afloat shares the TF's hex (asked after every step, so one pass
    over the markers that stops at the first)."""
    here, side = tf.hex or "", tf.side
    return any(t.hex == here and t.side != side and t.in_play and t.detected and not t.dummy and has_live_ships(st, t)
               for t in st.tfs.values())


def mandatory_battle(st: State, tf: TFState, fr: dict[str, Any]) -> bool:
    """8.3: a detected active TF with a detected enemy TF in its hex must fight before it moves on or stops."""
    if tf.dummy or fr.get("combat_done") or not tf.detected or not has_live_ships(st, tf):
        return False
    return _fightable(st, tf)


def battle_possible(st: State, tf: TFState, fr: dict[str, Any]) -> bool:
    if tf.dummy or fr.get("combat_done") or not has_live_ships(st, tf):
        return False
    return _fightable(st, tf)


def sweep_empty_tfs(st: State, ctx: Context) -> None:
    """A real TF whose ships are all sunk, detached or gone leaves play (5.1)."""
    empty = [tf for tf in st.tfs.values() if tf.in_play and not tf.dummy and not has_live_ships(st, tf)]
    for tf in sorted(empty, key=lambda t: t.id):
        tf.in_play = False
        ctx.emit("5.1", f"TF {tf.id} has no ships left and is removed", kind="tf_removed", data={"tf": tf.id})


def air_search_possible(st: State, tf: TFState, fr: dict[str, Any]) -> bool:
    return is_day(st) and not tf.dummy and not fr.get("air_searched") and detection.air_search_range(st, tf) > 0


def _must_keep_moving(st: State, tf: TFState, fr: dict[str, Any],
                      moves: list[str] | None = None) -> tuple[str, str] | None:
    """Fanaticism and the Wild Bull oblige full-speed moves while a closing move exists.

    ``moves`` is the list of hexes the TF may enter, when the caller has it already.
    """
    if fr.get("combat_done") or fr["mp"] < 1:
        return None
    if not tf_is_fanatic(st, tf) and wild_bull_target(st, tf) is None:
        return None
    if moves is None:
        moves = [to for to, why in step_refusals(st, tf, fr).items() if why is None]
    if not moves:
        return None
    if tf_is_fanatic(st, tf):
        return "13.1.5.2", f"IJN Fanaticism: {tf.name} must use its MPs to advance on {BEACHHEAD}"
    if wild_bull_target(st, tf) is not None:
        return "13.1.5.1", "Wild Bull: this Third Fleet TF must use its MPs to close on the IJN carriers"
    return None


# -- the activation's decision ----------------------------------------------------------------------------------


def activation_decision(st: State, fr: dict[str, Any]) -> Decision:
    tf = st.tfs[fr["tf"]]
    options: list[Action] = []
    # battle_possible and mandatory_battle in one look at the hex (this question is asked after every step)
    can_fight = not tf.dummy and not fr.get("combat_done") and has_live_ships(st, tf) and _fightable(st, tf)
    must_fight = can_fight and tf.detected
    if not tf.dummy:
        options += air.activation_options(st, fr)
    if air_search_possible(st, tf, fr):
        options.append(opt("air_search", "Air search: search every enemy TF in range (7.2)"))
    if can_fight:
        options.append(opt("surface_attack", f"Surface attack the detected enemy in {tf.hex} (8.3)"))
    if not must_fight:
        moves = [to for to, why in step_refusals(st, tf, fr).items() if why is None]
        options += [_move_option(to) for to in moves]
        if exit_refusal(st, tf, fr) is None:
            options.append(opt("exit", f"Leave the map from {tf.hex} (6.3)"))
        if _can_unload(st, tf, fr):
            options.append(opt("unload", f"Unload the transport at Ormoc {ORMOC} (1 MP, 12.1)"))
        if _must_keep_moving(st, tf, fr, moves) is None:
            options.append(opt("end_activation", "End this activation"))
    prompt = f"{tf.name} in {tf.hex}, {fr['mp']} MP left" + (" — must fight (8.3)" if must_fight else "")
    return ask(tf.side, "tf_activation", prompt, "4.4", options,
               data={"tf": tf.id, "tf_name": tf.name, "hex": tf.hex, "mp_left": fr["mp"], "must_fight": must_fight})


@cache
def _move_option(to: str) -> Action:
    return opt("move", f"Move to {to}", to=to)  # immutable, so one per hex serves every activation


def _can_unload(st: State, tf: TFState, fr: dict[str, Any]) -> bool:
    if tf.side != "IJN" or tf.hex != ORMOC or fr["mp"] < 1 or fr.get("combat_done"):
        return False
    return any(st.data.ships[s].type == "APD" and not st.ships[s].landed_at_ormoc for s in live_ships(st, tf))


def explain_refusal(st: State, fr: dict[str, Any], action: Action) -> IllegalAction | None:
    tf = st.tfs[fr["tf"]]
    if action.kind == "move":
        to = str(action.get("to", ""))
        why = move_refusal(st, tf, fr, to)
        if why is None and mandatory_battle(st, tf, fr):
            why = ("8.3", "a detected enemy TF shares this hex: surface combat must be fought first")
        if why:
            return IllegalAction(why[0], f"{tf.name} cannot move to {to}: {why[1]}")
    if action.kind == "exit":
        why = exit_refusal(st, tf, fr)
        if why:
            return IllegalAction(why[0], f"{tf.name} cannot leave the map: {why[1]}")
    if action.kind == "end_activation":
        why = _must_keep_moving(st, tf, fr)
        if mandatory_battle(st, tf, fr):
            why = ("8.3", "a detected enemy TF shares this hex: surface combat must be fought first")
        if why:
            return IllegalAction(why[0], f"{tf.name} cannot stop yet: {why[1]}")
    return None


def activation_act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
    D = st.data
    tf = st.tfs[fr["tf"]]
    k = action.kind
    if k == "move":
        frm, to = tf.hex or "", str(action["to"])
        fr["mp"] -= 1
        fr["entered_from"] = frm
        fr["moved"] = True
        fr["path"].append(to)
        tf.hex = to
        tf.moved = True
        if tf.side == "IJN" and (to in (SAN_BERNARDINO, SURIGAO)):
            tf.through_strait = True
        ctx.emit("6.1", f"{tf.name} moves {frm} -> {to}", kind="move",
                 data={"tf": tf.id, "from": frm, "to": to, "mp_left": fr["mp"]}, visible=(tf.side,))
        ctx.emit("6.1", f"TF {tf.id} moves {frm} -> {to}", kind="move_public",
                 data={"tf": tf.id, "from": frm, "to": to}, visible=("IJN", "USN"))
        cap.check_cap_ranges(st, ctx)  # CAP over a TF that has moved out of range goes home (8.2.1)
        reactions: list[tuple[str, dict[str, Any]]] = []
        reactions += submarines.contact_frames(st, tf, frm, leaving=True)
        reactions += submarines.contact_frames(st, tf, to, leaving=False)
        reactions += special.pt_frames(st, tf, to)
        reactions += detection.arrival_searches(st, tf, ctx, arriving=True)
        queue(st, reactions)
        victory.check_beachhead(st, tf, ctx)
        return
    if k == "exit":
        _exit_tf(st, tf, ctx)
        pop(st, fr)
        end_of_subphase(st, ctx)
        return
    if k == "air_search":
        fr["air_searched"] = True
        queue(st, detection.air_search(st, tf, ctx))
        return
    if k == "surface_attack":
        surface.start_battle(st, tf.hex or "", tf.id, ctx, entered_from=fr.get("entered_from"))
        return
    if k == "unload":
        fr["mp"] -= 1
        for s in live_ships(st, tf):
            if D.ships[s].type == "APD" and not st.ships[s].landed_at_ormoc:
                st.ships[s].landed_at_ormoc = True
                left = D.ships[s].capacity - st.ships[s].hits
                victory.award(st, "IJN", left, f"{D.ships[s].name} lands troops at Ormoc", "12.1", ctx)
        return
    if k == "end_activation":
        if not fr.get("moved"):
            queue(st, submarines.contact_frames(st, tf, tf.hex or "", leaving=False, stayed=True))
            if st.stack[-1] is not fr:
                fr["ending"] = True
                return
        _finish(st, fr, ctx)
        return
    if air.act(st, fr, action, ctx):
        return
    raise IllegalAction("4.4", f"{action.text} is not something this TF can do now")


def _finish(st: State, fr: dict[str, Any], ctx: Context) -> None:
    tf = st.tfs[fr["tf"]]
    pop(st, fr)
    ctx.emit("4.4", f"{tf.name} ends its activation in {tf.hex}", kind="activate_end",
             data={"tf": tf.id}, visible=(tf.side,))
    end_of_subphase(st, ctx)


def _exit_tf(st: State, tf: TFState, ctx: Context) -> None:
    tf.exited = True
    tf.in_play = False
    for s in live_ships(st, tf):
        st.ships[s].exited = True
    ctx.emit("6.3", f"TF {tf.id} leaves the map from {tf.hex}", kind="exit",
             data={"tf": tf.id, "hex": tf.hex, "side": tf.side})
    tf.hex = None


def end_of_subphase(st: State, ctx: Context) -> None:
    """After any activation: owners may detach ships damaged in it (6.4, 9.4); then clear the damage flags."""
    sweep_empty_tfs(st, ctx)
    hit = [s for s in st.ships.values() if s.damaged_this_activation]  # one pass: usually there are none
    engine.push_many(st, damage.detach_frames(st, hit) + [("sweep_tfs", {})])
    for s in hit:
        s.damaged_this_activation = False


@engine.frame("sweep_tfs")
class SweepTFs:
    """Remove TFs left without ships once detachments are done (5.1)."""

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        pop(st, fr)
        sweep_empty_tfs(st, ctx)


# -- damaged ships going home (6.4, 9.4; detaching itself is in ``damage``) ------------------------------------


def _goal_hexes(D: ISData, destination: str) -> list[str]:
    m = D.map
    if destination == "manila":
        return [MANILA]
    return [m.label(h) for h in m.find("edge", destination) if m.is_sea(h)]


@cache
def _route_field(D: ISData, destination: str) -> dict[str, str]:
    """For every sea hex, the next hex on a shortest sea route to ``destination`` (breadth-first search from all
    of its goal hexes at once, through open hexsides). Cached: the map never changes, and the Terminal Phase asks
    for these routes every turn."""
    m = D.map
    goals = sorted(_goal_hexes(D, destination))
    nxt: dict[str, str] = {g: g for g in goals}
    q = deque(goals)
    while q:
        lab = q.popleft()
        for n in m.neighbours(m.hex(lab)):
            nl = m.label(n)
            if nl not in nxt and m.is_sea(n) and not side_blocked(D, nl, lab):
                nxt[nl] = lab
                q.append(nl)
    return nxt


def forced_route(st: State, sid: str) -> list[str] | None:
    """Shortest sea route from an independent's hex to its destination (6.4: the fewest hexes), or None."""
    s = st.ships[sid]
    field = _route_field(st.data, s.destination or "")
    here = s.hex or ""
    if here not in field:
        return None
    route = [here]
    while field[route[-1]] != route[-1]:
        route.append(field[route[-1]])
    return route


def _nearest_base(st: State, sid: str) -> str | None:
    best: tuple[int, str] | None = None
    for dest in damage.destinations(st.data, sid):
        st.ships[sid].destination = dest
        route = forced_route(st, sid)
        if route is not None and (best is None or len(route) < best[0]):
            best = (len(route), dest)
    st.ships[sid].destination = None
    return best[1] if best else None


def move_independents(st: State, side: str, ctx: Context) -> None:
    """3.3/6.4: each detached damaged ship spends its full speed along its forced route and leaves at the edge."""
    D = st.data
    for sid in sorted(s.id for s in st.ships.values() if s.side == side and s.independent):
        s = st.ships[sid]
        if s.sunk or s.exited or s.in_port:
            continue
        ward = st.ships.get(s.escorting) if s.escorting else None
        if ward is not None and not (ward.sunk or ward.exited or ward.in_port):
            continue  # escorts move with the ship they escort (6.4.2), below
        if not s.destination:
            if not s.hits:
                continue  # an over-stacked independent (8.3.9) waits to rejoin a TF
            s.destination = _nearest_base(st, sid)  # 6.4: a damaged ship alone heads for the nearest base
            if not s.destination:
                continue
        mp = max(0, ship_speed(st, sid) - s.mp_penalty)  # full speed (6.4), less a carried MP penalty
        s.mp_penalty = 0
        route = forced_route(st, sid)
        if route is None:
            ctx.emit("6.4", f"{D.ships[sid].name} has no sea route {s.destination}; it stays", kind="move")
            continue
        escorts = [e for e in st.ships.values()
                   if e.escorting == sid and e.independent and not e.sunk and not e.exited]
        for e in escorts:
            mp = min(mp, max(0, ship_speed(st, e.id)))  # the group moves at its slowest ship
        steps = route[1 : 1 + mp]
        if steps:
            s.hex = steps[-1]
        reached = s.hex == route[-1]
        for e in escorts:
            e.hex = s.hex
            if reached and mp > len(steps):
                e.exited = True
        if reached and s.destination == "manila":
            s.in_port = True
            ctx.emit("9.4", f"{D.ships[sid].name} reaches Manila and is safe from air attack", kind="move")
        elif reached and mp > len(steps):
            s.exited = True
            ctx.emit("6.3", f"{D.ships[sid].name} leaves the map by the {s.destination} edge", kind="exit",
                     data={"ship": sid, "side": side})
        elif steps:
            ctx.emit("6.4", f"{D.ships[sid].name} (damaged) moves to {s.hex}", kind="move",
                     data={"ship": sid, "to": s.hex})


_ = (CARRIER_TYPES, has_type)
