"""Positions consistent with one side's view, for a search bot's forward model (issue 19).

A side cannot tell which enemy TF marker holds which ships, nor which markers are dummies (5.4, 7.2), until a
search detects a TF. ``sample`` keeps everything the side sees (marker places, detected status, moves, its own
forces, its contact reports, every public fact) and deals the hidden contents of the enemy's unseen markers out
again at random: each undetected enemy marker gets one of the contents those markers hold between them (a real
TF's ships, fleet and dummy status, or a dummy's nothing), so a dummy may come out real and a real TF a dummy. The
dice still to come are reseeded from ``rng``.

The draw reads only what the side knows. The markers it may reshuffle are picked by what it was told: undetected,
never counted for it (by a contact report or a new TF's announced size), none of their ships named in its log, not
in a frame under way. The contents are sorted into a canonical order before the shuffle, so which marker really held
which contents cannot move the result: the same ``rng`` state gives the same sample whichever way the real game
dealt them. The multiset of contents itself is the enemy's remaining order of battle in those markers (the
scenario's ships less what the side has seen elsewhere or sunk).

Kept as they are (not yet redrawn): a marker with a contact report (its counts constrain it; kept whole rather than
checked against the report's ± tolerance), undetected enemy independents, sonar marker identities, enemy air unit
boxes and the other side's secret rolls (What-If OB, Wild Bull).
"""

from __future__ import annotations

import random
from typing import Any

from leyte.core.errors import LeyteError
from leyte.core.game import Game
from leyte.rulebooks.imperial_sunset.state import State, TFState
from leyte.rulebooks.imperial_sunset.views import _strings

__all__ = ["sample", "shufflable"]


def _words(v: Any, out: set[str]) -> set[str]:
    """Every string in a frame's plain data: which TFs and ships an action under way refers to."""
    if isinstance(v, str):
        out.add(v)
    elif isinstance(v, dict):
        for k, x in v.items():
            _words(k, out)
            _words(x, out)
    elif isinstance(v, list | tuple):
        for x in v:
            _words(x, out)
    return out


def _what_was_told(game: Game, player: str) -> tuple[set[str], str]:
    """From ``player``'s own log: the TFs it was told a count of (a contact report, 7.2, or a new TF's size, 5.1)
    and one string of everything else it read, to look enemy ship names and ids up in (a detected TF's ships,
    a battle's display, an air strike's target)."""
    counted: set[str] = set()
    texts: list[str] = []
    for e in game.log(player):
        data = e.data or {}
        if "counts" in data and isinstance(data.get("tf"), str):
            counted.add(data["tf"])
        texts.append(_strings(e.text, data))
    return counted, "\x00".join(texts)


def shufflable(game: Game, player: str) -> list[TFState]:
    """The enemy TF markers whose contents ``player`` cannot know, by id: in play, undetected, never counted for
    ``player`` (no contact report, not announced with a size on forming), none of their ships named in
    ``player``'s log, and named by no frame under way (an activation, a battle, a strike: their frames hold ship
    lists the rules will read back). Conservative: a marker it learnt anything of keeps its contents."""
    if game.quiet:
        raise LeyteError("sample: a quiet game keeps no log, so what the player was told cannot be read from it; "
                         "sample from the game itself and fork the sample quietly")
    st: State = game.state
    D = st.data
    enemy = "USN" if player == "IJN" else "IJN"
    reports = st.flags.get("reports", {}).get(player, {})
    counted, told = _what_was_told(game, player)
    busy = _words(st.stack, set())
    out = []
    for tf in sorted(st.tfs.values(), key=lambda t: t.id):
        if (tf.side != enemy or not tf.in_play or tf.detected or tf.id in reports or tf.id in counted
                or tf.id in busy):
            continue
        if any(s in busy or s in told or D.ships[s].name in told for s in tf.ships):
            continue
        out.append(tf)
    return out


def sample(game: Game, player: str, rng: random.Random) -> Game:
    """A fork of ``game`` whose unseen enemy TF contents are dealt again at random (see the module docstring).

    The copy is for playing forward: its state no longer follows from its actions, so its save would replay the
    real game. Its log is the real game's, which ``player`` sees only through its own view.
    """
    g = game.fork(seed=rng.getrandbits(62))
    st: State = g.state
    if st.result is not None:
        return g
    tfs = shufflable(g, player)
    contents = sorted((tf.dummy, tf.fleet or "", tuple(tf.ships)) for tf in tfs)
    rng.shuffle(contents)
    moved: dict[str, str] = {}  # old TF id -> the TF that now holds its contents
    for tf in tfs:
        for sid in tf.ships:
            moved[sid] = tf.id
    new_home: dict[str, str] = {}
    for tf, (dummy, fleet, ships) in zip(tfs, contents):
        if ships:
            new_home[moved[ships[0]]] = tf.id
        tf.dummy, tf.fleet, tf.ships = dummy, fleet or None, list(ships)
        for sid in ships:
            st.ships[sid].tf = tf.id
    enemy = "USN" if player == "IJN" else "IJN"
    for a in st.air.values():  # a carrier's CAP flies over the ships it guarded, wherever they now sit
        if a.side == enemy and a.cap_over in new_home:
            a.cap_over = new_home[a.cap_over]
    g._decision = False
    return g
