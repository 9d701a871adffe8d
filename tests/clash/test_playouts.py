"""Whole games of the real 16.1 scenario (the game's own data folder), played by seeded random bots to the end.

Each game must reach its end with a result (10.0-10.3, or the 16.1.4 duty of ruling R-35) without a crash, a stall
or a step that is not built; every decision names its case and offers distinct options. The same seed gives the same
game, byte for byte, and a game saved in mid-turn and loaded goes on as if never saved. One game is played under the
conformance leak check (``tests/conformance/test_leaks``): at every decision neither player meets a name
``views.hidden_names`` hides from it — the ships of TGs it has not found, enemy carrier air units, and enemy dummy ids
(3.1.6: every TG marker reads as a label once set-up is over).

Until the submarines (11.0) are merged their Initial Phase step is the one ``pending`` placeholder left, so these
games run on ``clash_kit.real_rules_until_subs`` (the real folder, with no USN submarine markers while the
placeholder remains; the real folder as it is once it is gone).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from clash_kit import real_rules_until_subs
from test_leaks import check_names, decision_texts, event_texts, hidden

from leyte.core.game import Game
from leyte.core.players import RandomBot

SEEDS = (0, 2, 3)  # and seed 1 under the leak check: four whole games in all
LIMIT = 20_000  # decisions: a game that has not ended by then stalls


def new_game(seed: int) -> Game:
    r = real_rules_until_subs()
    return Game(r, r.load_scenario("historical"), seed=seed, scenario_ref="historical")


def play(g: Game, seed: int, *, until: int = LIMIT) -> int:
    bots = {p: RandomBot(p, seed) for p in g.players}
    n = 0
    while g.decision is not None and n < until:
        d = g.decision
        assert d.player in g.players and d.rule and d.prompt and d.options, (d.kind, d.rule)
        assert len(set(d.options)) == len(d.options), f"{d.kind} ({d.rule}) repeats an option"
        json.dumps(dict(d.data))
        g.apply(bots[d.player].choose({}, d))
        n += 1
    return n


def events(g: Game) -> list[Any]:
    return [(e.rule, e.kind, e.text, json.dumps(e.data, sort_keys=True), e.visible) for e in g.events]


@pytest.mark.parametrize("seed", SEEDS)
def test_16_1_random_games_play_to_the_end_with_a_result(seed: int) -> None:
    g = new_game(seed)
    n = play(g, seed)
    assert g.over, f"seed {seed}: no end after {n} decisions (stuck at {g.decision and g.decision.kind})"
    assert g.legal_actions() == []
    res = g.result
    assert res["winner"] in ("IJN", "USN") and res["level"]
    assert 1 <= g.state.turn <= g.state.last_turn
    assert g.events[-1].rule.startswith(("10.", "16.1.4"))
    turns = [e.data["turn"] for e in g.events if e.kind == "turn"]
    assert turns == list(range(1, len(turns) + 1)) and turns[-1] == g.state.turn  # 4.0: every turn, in order


def test_4_0_the_same_seed_gives_the_same_game_and_a_save_in_mid_game_goes_on_the_same() -> None:
    seed, cut = 2, 150
    a, b = new_game(seed), new_game(seed)
    play(a, seed, until=300)
    play(b, seed, until=300)
    assert events(a) == events(b) and a.to_json() == b.to_json()
    c = new_game(seed)
    bots = {p: RandomBot(p, seed) for p in c.players}
    for _ in range(cut):  # the same seeded bots choose what they chose in a
        d = c.decision
        c.apply(bots[d.player].choose({}, d))
    loaded = Game.from_json(c.to_json(), lambda gid: real_rules_until_subs())
    assert events(loaded) == events(c) and loaded.state_digest() == c.state_digest()
    for action in a.actions[cut:]:
        loaded.apply(action)
    assert events(loaded) == events(a) and loaded.state_digest() == a.state_digest()


def test_3_1_6_a_whole_game_leaks_nothing_either_player_has_not_found() -> None:
    seed = 1
    g = new_game(seed)
    bots = {p: RandomBot(p, seed) for p in g.players}
    before = {p: hidden(g, p) for p in g.players}
    found: dict[str, set[str]] = {p: set() for p in g.players}
    seen, n = len(g.events), 0
    dummies_hidden: set[str] = set()
    while True:
        where = f"seed {seed}, decision {n}"
        new = g.events[seen:]
        seen = len(g.events)
        for p in g.players:
            now = hidden(g, p)
            found[p] |= before[p] - now  # found during the step: it may be named from now on
            if now:
                check_names(event_texts(new, p), (before[p] & now) - found[p], f"{where}, {p}'s new events")
                check_names(decision_texts(g, p, view=n % 4 == 0), now - found[p], f"{where}, {p}")
            before[p] = now
        dummies_hidden |= {x for x in before["USN"] if x.startswith("ijn-dummy-")}
        if g.decision is None:
            break
        assert n < LIMIT, f"{where}: the game does not end"
        d = g.decision
        g.apply(bots[d.player].choose({}, d))
        n += 1
    assert g.over
    assert dummies_hidden  # this seed's IJN made dummy TGs, and the check looked for their ids in all the USN met
