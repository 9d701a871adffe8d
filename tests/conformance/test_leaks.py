"""Hidden information, for every game: nothing a player has not detected reaches it (ARCHITECTURE's invariant "the
other side's view holds no name, place or composition of anything it has not seen").

Each game says what "detected" means for its pieces through ``Rules.hidden_names(state, player)``: the strings
(names, ids) that would give away what that player has not found. The default is an open map, hiding nothing.

A seeded random game is played to the end and, at every decision, for every player:

- the new events it may see, the decision's prompt, data and options when it decides, and (at every
  ``VIEW_EVERY``-th decision and at the end) its view less the log, hold none of the names hidden from it, each
  searched as a whole word;
- a name counts as hidden for the events of a step only if it was hidden both before and after the step (a search
  inside the step may have found it honestly), and a name once found may be met again later (the player has seen
  it), so the test remembers what each player has already found.

``check_names`` is also used by a game's own tests on positions built for one leak.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

import pytest
from conformance_kit import bots, scenario_params

import leyte
from leyte.core.game import canonical

LEAK_SEED = 1  # one seeded game per scenario, played to the end and checked at every decision
VIEW_EVERY = 4  # the whole view (the costly part) is searched at every 4th decision; events and options at each


def hidden(g: leyte.Game, player: str) -> frozenset[str]:
    """What ``player`` must not see now, by the game's own account (an open map hides nothing)."""
    names = getattr(g.rules, "hidden_names", None)
    return frozenset(names(g.state, player)) if names is not None else frozenset()


TOKEN = re.compile(r"[\w/-]+")  # the words of a text, as whole as the search below treats them


@lru_cache(maxsize=256)
def pattern(names: frozenset[str]) -> re.Pattern[str] | None:
    """One regex finding any of ``names`` as a whole word ("Ise" is not found in "raise", nor "Taffy 3" in
    "Taffy 3/2"); longest first, so a name is reported rather than a shorter one inside it."""
    words = sorted({n for n in names if n}, key=lambda n: (-len(n), n))
    if not words:
        return None
    return re.compile(r"(?<![\w/])(?:" + "|".join(map(re.escape, words)) + r")(?![\w/])")


@lru_cache(maxsize=256)
def _by_first_word(names: frozenset[str]) -> dict[str, frozenset[str]]:
    out: dict[str, set[str]] = {}
    for n in names:
        words = TOKEN.findall(n)
        if words:
            out.setdefault(words[0], set()).add(n)
    return {k: frozenset(v) for k, v in out.items()}


def find(text: str, names: frozenset[str]) -> str | None:
    """The first of ``names`` found in ``text`` as a whole word, or None. The words of the text are looked up first
    (a set intersection), so the regex runs only on the few names whose first word the text holds: a game's
    hundreds of names against every view of every decision stay cheap."""
    index = _by_first_word(names)
    hits = index.keys() & set(TOKEN.findall(text))
    if not hits:
        return None
    rx = pattern(frozenset().union(*(index[w] for w in hits)))
    m = rx.search(text) if rx is not None else None
    return m.group(0) if m else None


def check_names(texts: Iterable[tuple[str, str]], names: Iterable[str], where: str) -> None:
    """Fail on the first text (labelled by what it is) that holds one of ``names``."""
    names = frozenset(names)
    if not names:
        return
    for what, text in texts:
        found = find(text, names)
        assert found is None, f"{where}: {what} gives away {found!r}: {text[:300]!r}"


def decision_texts(g: leyte.Game, player: str, *, view: bool = True) -> list[tuple[str, str]]:
    """The view less its log and decision (the rules' part of ``Game.view``: test_views checks the rest is exactly
    the visible events and the player's own decision), and the decision's prompt, data and options when ``player``
    decides."""
    d = g.decision
    out = [("the view", canonical(g.rules.view(g.state, player)))] if view else []
    if d is not None and d.player == player:
        out.append((f"the {d.kind} prompt", d.prompt))
        out.append((f"the {d.kind} data", canonical(dict(d.data))))
        out += [(f"a {d.kind} option", f"{o.text} {canonical(o.to_dict())}") for o in d.options]
    return out


def event_texts(events: Iterable[leyte.Event], player: str) -> list[tuple[str, str]]:
    return [(f"a {e.kind} event ({e.rule})", f"{e.text} {canonical(e.data)}") for e in events if e.seen_by(player)]


@pytest.mark.parametrize("game_id,scenario,seed", scenario_params("leaks", seeds=(LEAK_SEED,)))
def test_no_player_meets_what_it_has_not_detected(game_id: str, scenario: str, seed: int) -> None:
    g = leyte.new_game(game_id, scenario=scenario, seed=seed)
    players = bots(g, seed)
    before = {p: hidden(g, p) for p in g.players}
    found: dict[str, set[str]] = {p: set() for p in g.players}
    seen = len(g.events)
    n = 0
    while True:
        where = f"{game_id}/{scenario} seed {seed}, decision {n}"
        new = g.events[seen:]
        seen = len(g.events)
        for p in g.players:
            now = hidden(g, p)
            found[p] |= before[p] - now  # found during the step: it may be named from now on
            if now:
                check_names(event_texts(new, p), (before[p] & now) - found[p], f"{where}, {p}'s new events")
                check_names(decision_texts(g, p, view=n % VIEW_EVERY == 0 or g.decision is None), now - found[p],
                            f"{where}, {p}")
            before[p] = now
        d = g.decision
        if d is None:
            break
        assert n < 200_000, f"{where}: the game does not end"
        g.apply(players[d.player].choose({}, d))
        n += 1
    assert n > 0


def test_whole_word_search() -> None:
    """The search the leak test relies on: whole names only, and a failure names what leaked."""
    names = frozenset({"Ise", "Taffy 3", "Intrepid VT-18", "vt-18"})
    assert find("Ise takes 1 hit", names) == "Ise" and find("hits on Ise.", names) == "Ise"
    assert find('{"ship":"Taffy 3"}', names) == "Taffy 3" and find('{"air":"vt-18"}', names) == "vt-18"
    assert find("Intrepid VT-18 (1) attacks", names) == "Intrepid VT-18"
    assert find("the IJN raises a Taffy 3/2 marker; Intrepid sails; vt-180", names) is None
    assert pattern(frozenset()) is None and find("Ise", frozenset()) is None
    check_names([("a text", "nothing here")], ["Ise"], "here")
    with pytest.raises(AssertionError, match="a text gives away 'Ise'"):
        check_names([("a text", "torpedoes at Ise")], ["Ise"], "here")
