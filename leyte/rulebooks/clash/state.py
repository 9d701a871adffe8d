"""What a Clash of the Carriers position holds beyond Imperial Sunset's ``State``.

Clash plays on Imperial Sunset's ``State``: each Clash task group (TG, 3.1) is one of its ``TFState`` records, so
the shared modules move, search and strike it as they would an Imperial Sunset TF. What Clash adds is kept as plain
data in ``st.flags["clash"]`` — the state saves, copies and undoes it with everything else, and Imperial Sunset's
records stay exactly as they are:

- ``tfs``: the one task force a side may have (3.2: TF 58, the Mobile Fleet), with its hex and name;
- ``parent_tf``: TG id -> TF id for every TG inside a TF (3.2.3); a TG not listed is on the map by itself;
- ``origin``: ship id -> the group it started in, for the rule that TG 52.10's ships never share a TG with TG 58.x's
  (3.1.4);
- ``detected``: per side, per search channel, the enemy formations that side's channel has detected — carrier
  search, island search and US land-based search never share what they find (6.3.1-6.3.3);
- ``air_bases``: the island air bases (16.1.1), on the map (``hex``) or off it (``hexes_beyond``, 2.1);
- ``er_track``: USN air units held off the board after an extended-range strike, by the turn they come back
  (8.1.2);
- ``reinforcements``: IJN island air reinforcements still to come (16.1.2), each with the turn it arrives and each
  unit's base; ``recurring``: the standing ones (16.1.2's revived units, every day turn);
- ``waivers``: TGs the scenario sets up over the 16-unit limit, with their count (ruling U-1);
- ``saipan_hex``: the hex whose garrison 10.2 counts.
"""

from __future__ import annotations

from typing import Any

from leyte.core.cases import own
from leyte.rulebooks.imperial_sunset.state import State, TFState

KEY = "clash"
CHANNELS = {"IJN": ("carrier", "island"), "USN": ("carrier", "land")}  # 6.3.1-6.3.3


def empty() -> dict[str, Any]:
    """A new Clash section of ``State.flags``."""
    return {
        "tfs": {},
        "parent_tf": {},
        "origin": {},
        "detected": {side: {ch: [] for ch in chans} for side, chans in CHANNELS.items()},
        "air_bases": {},
        "er_track": {},
        "reinforcements": [],
        "recurring": [],
        "waivers": {},
        "saipan_hex": None,
    }


def extras(st: State) -> dict[str, Any]:
    """The Clash section of a state (created on first use, so a bare Imperial Sunset state can be given one)."""
    c = st.flags.get(KEY)
    if c is None:
        c = st.flags[KEY] = empty()
    return c


def tf_of(st: State, tg_id: str) -> str | None:
    """The TF a TG belongs to (3.2.3), or None if it stands on the map by itself."""
    return extras(st)["parent_tf"].get(tg_id)


def tgs_of(st: State, tf_id: str) -> list[TFState]:
    """The live TGs of a TF, in id order."""
    parents = extras(st)["parent_tf"]
    return sorted((t for t in st.tfs.values() if t.in_play and parents.get(t.id) == tf_id), key=lambda t: t.id)


def side_tf(st: State, side: str) -> tuple[str, dict[str, Any]] | None:
    """A side's one task force (3.2), or None if the position gives it none."""
    for tid, tf in extras(st)["tfs"].items():
        if tf["side"] == side:
            return tid, tf
    return None


def tgs(st: State, side: str | None = None) -> list[TFState]:
    """Every TG in play (real and dummy), in id order."""
    return sorted((t for t in st.tfs.values() if t.in_play and (side is None or t.side == side)),
                  key=lambda t: t.id)


def loose_tgs_at(st: State, hex_label: str, side: str) -> list[TFState]:
    """TGs of ``side`` in a hex that are not part of a TF (what 3.3's limit of two counts)."""
    parents = extras(st)["parent_tf"]
    return [t for t in tgs(st, side) if t.hex == hex_label and t.id not in parents]


def move_tf(st: State, tf_id: str, hex_label: str) -> None:
    """Put a TF and every TG in it in ``hex_label`` (a TF's TGs are always in its hex, 3.2.3)."""
    extras(st)["tfs"][tf_id]["hex"] = hex_label
    for t in tgs_of(st, tf_id):
        t.hex = hex_label


def detect(st: State, side: str, channel: str, formation: str) -> None:
    """Record that ``side``'s ``channel`` search found ``formation`` (6.3.1-6.3.3: channels are not shared)."""
    if channel not in CHANNELS[side]:
        raise ValueError(f"{side} has no {channel!r} search channel (6.3.1-6.3.3: {', '.join(CHANNELS[side])})")
    found = extras(st)["detected"][side][channel]
    if formation not in found:
        found.append(formation)
        found.sort()


def detected_by(st: State, side: str, channel: str) -> list[str]:
    return list(extras(st)["detected"][side][channel])


def secret(st: State) -> bool:
    """Whether the game plays optional rule 15.7, secret movement (``options={"secret_movement": True}``): the enemy
    sees a TG or TF marker only while one of his search channels has it found."""
    return bool(st.options.get("secret_movement"))


def found_by(st: State, viewer: str) -> set[str]:
    """Every enemy formation (TF, TG or detached group) any of ``viewer``'s channels holds as found (15.7: a marker is
    placed only when found; a land-based sighting places it too, though it allows no strike, 6.3.3)."""
    return {f for ids in extras(st)["detected"][viewer].values() for f in ids}


def marker_seen(st: State, viewer: str, marker: str) -> bool:
    """Whether ``viewer`` sees the enemy marker ``marker`` on the map: always without 15.7; under it, only while
    found (directly, or through the TF it is in)."""
    if not secret(st):
        return True
    found = found_by(st, viewer)
    return marker in found or extras(st)["parent_tf"].get(marker) in found


def flotilla(base_id: str, base: dict[str, Any]) -> str:
    """The Air Flotilla an island base belongs to: its ``air_fleet`` (airfields.csv, map ruling M-8: 61 for the
    Marianas, Yap and Peleliu, 22 for Truk and Iwo Jima); ruling R-5 defers to it. A base the data gives no flotilla
    (a hand-written position) is the 61st's if it is Guam, the 22nd's otherwise."""
    fleet = str(base.get("air_fleet", "")).strip()
    if fleet:
        return "61st" if fleet.startswith("61") else "22nd"
    return "61st" if base_id == "guam" else "22nd"


# -- public marker labels (3.1.6) ----------------------------------------------------------------------------------


def public_id(st: State, marker: str) -> str:
    """The label the other side reads on a TG marker. A dummy TG is a marker like any other until a search finds it
    out (3.1.6), so an id that says "dummy" must never reach the enemy: from the end of set-up every TG carries a
    label drawn in secret (``label_markers``), and a TG formed later takes the side's next label. A TF, an AF marker
    or a chit is its own label; so is a TG of a hand-built position that started after set-up."""
    return str(labels(st).get(marker, marker))


def labels(st: State) -> dict[str, str]:
    """Marker id -> the label the enemy reads, kept where Imperial Sunset's shared strike code looks for it
    (``air_ops.public_label``), so its events and questions never carry a TG's id either."""
    return st.flags.setdefault("marker_labels", {})


def label_markers(st: State, ctx: Any) -> None:
    """16.1: once both sides are set up, give every TG in play a label, numbered in a secret random order per side
    so the numbers tell neither the set-up order nor which markers are dummies."""
    extras(st)["labels_on"] = True
    given = labels(st)
    for side in ("IJN", "USN"):
        left = sorted(t.id for t in st.tfs.values() if t.side == side and t.in_play and t.id not in given)
        while left:
            tid = left.pop(ctx.pick(len(left), purpose="secret order of the marker labels", rule=own("3.1.6"),
                                    visible=()))
            label_new(st, tid)


def label_new(st: State, tid: str) -> None:
    """Give a TG formed in play (3.1.5) or a new dummy (3.1.6) its side's next label, the same way for both."""
    given = labels(st)
    if not extras(st).get("labels_on"):
        return  # a hand-built position with no set-up: ids stay as they are
    side = st.tfs[tid].side
    n = sum(1 for v in given.values() if v.startswith(f"{side.lower()}-marker-"))
    given[tid] = f"{side.lower()}-marker-{n + 1}"
