"""Trio: a three-player toy game that exists only to prove the plug-in path and give the leak tests teeth.

Two players (``blue_north`` and ``blue_south``) play on one side, Blue, and may not confer; ``red`` plays Red
alone. Each round every player in turn secretly picks a number from 1 to 3 (sequential hidden decisions, as the
architecture notes ask for simultaneous choices; the first picker changes each round). Only the picker sees its
pick until the reveal, where the highest single pick scores its value for its side (a tie at the top scores
nothing) and a d6 of 5 or 6 adds a bonus point. Then each player moves its piece one hex (or stays) on a 5 x 4
board read from ``map.toml`` / ``map.csv``; a piece on the goal hex when the game ends scores one more point for
its side.

Rule cases are numbered "T1" (set-up) to "T5" (the end) so refusals and events can cite them like a real game.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from leyte.core.errors import IllegalAction, ScenarioError
from leyte.core.flow import FrameEngine, FrameRules, ask, opt
from leyte.core.game import Action, Context
from leyte.core.hexgrid import HexMap

HERE = Path(__file__).parent
PLAYERS = ("blue_north", "blue_south", "red")
SIDES = {"blue_north": "Blue", "blue_south": "Blue", "red": "Red"}
LABELS = {"blue_north": "BN", "blue_south": "BS", "red": "R"}
PICKS = (1, 2, 3)
SCENARIOS: dict[str, dict[str, Any]] = {
    "standard": {"id": "standard", "rounds": 3},
    "sprint": {"id": "sprint", "rounds": 1},
}

ENGINE = FrameEngine("trio")


class TrioData:
    """The game's data (what ``leyte.rules("trio")`` returns): the board and the scenarios."""

    def __init__(self) -> None:
        self.map = HexMap.load(HERE)
        self.scenarios = dict(SCENARIOS)
        self.starts = {name: self.map.label(self.map.find("start", name)[0]) for name in PLAYERS}
        self.goal = self.map.label(self.map.find("goal")[0])


@cache
def data() -> TrioData:
    return TrioData()


class State:
    """The whole position as plain data; ``asked`` is the engine's cache slot and is never saved."""

    def __init__(self, rounds: int) -> None:
        self.stack: list[dict[str, Any]] = []
        self.asked: Any = None
        self.rounds = rounds
        self.round = 0
        self.pos: dict[str, str] = dict(data().starts)
        self.picks: dict[str, int] = {}  # this round's secret picks, until the reveal
        self.history: list[dict[str, Any]] = []  # revealed rounds
        self.score: dict[str, int] = {"Blue": 0, "Red": 0}
        self.result: dict[str, Any] | None = None

    @property
    def phase(self) -> str:
        return self.stack[-1]["kind"] if self.stack else "over"

    def to_dict(self) -> dict[str, Any]:
        return {
            "stack": self.stack, "rounds": self.rounds, "round": self.round, "pos": self.pos, "picks": self.picks,
            "history": self.history, "score": self.score, "result": self.result,
        }

    def copy(self) -> State:
        st = State.__new__(State)
        for k, v in copy.deepcopy(self.to_dict()).items():
            setattr(st, k, v)
        st.asked = None
        return st


@ENGINE.frame("game")
class GameFrame:
    """T1/T5: start each round (picks, reveal, moves) until the last one, then score the goal hex and finish."""

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        if st.round >= st.rounds:
            goal = data().goal
            for p in PLAYERS:
                if st.pos[p] == goal:
                    st.score[SIDES[p]] += 1
                    ctx.emit("T5", f"{p} holds the goal hex {goal}: +1 for {SIDES[p]}", data={"player": p})
            blue, red = st.score["Blue"], st.score["Red"]
            winner = "Blue" if blue > red else "Red" if red > blue else None
            st.result = {
                "winner": winner or "draw", "level": "win" if winner else "draw", "turn": st.round,
                "points": {side: {"total": n} for side, n in st.score.items()},
            }
            ctx.emit("T5", f"game over: Blue {blue}, Red {red}", kind="end", data=dict(st.score))
            ENGINE.pop(st, fr)
            return
        st.round += 1
        ctx.emit("T1", f"round {st.round} of {st.rounds}", kind="round", data={"round": st.round})
        k = (st.round - 1) % len(PLAYERS)  # who picks first turns round, so each player's secret waits a while
        ENGINE.push_many(st, [*(("pick", {"player": p}) for p in PLAYERS[k:] + PLAYERS[:k]), ("reveal", {}),
                              *(("move", {"player": p}) for p in PLAYERS)])


@ENGINE.frame("pick")
class Pick:
    """T2: one player's secret pick; the event naming the number is visible to that player alone."""

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Any:
        return ask(fr["player"], "pick", f"Round {st.round}: pick your secret number", "T2",
                   [opt("pick", f"Pick {n}", n=n) for n in PICKS], data={"round": st.round})

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        p, n = fr["player"], action["n"]
        st.picks[p] = n
        ctx.emit("T2", f"{p} secretly picks {n}", kind="pick", data={"player": p, "n": n}, visible=[p])
        ctx.emit("T2", f"{p} has picked", data={"player": p})
        ENGINE.pop(st, fr)

    @staticmethod
    def refuse(st: State, fr: dict[str, Any], action: Action) -> IllegalAction | None:
        if action.kind == "pick" and action.get("n") not in PICKS:
            return IllegalAction("T2", f"a pick must be one of {PICKS}, not {action.get('n')!r}")
        return None


@ENGINE.frame("reveal")
class Reveal:
    """T3: every pick is shown; the highest single pick scores its value, plus 1 on a d6 roll of 5-6."""

    @staticmethod
    def run(st: State, fr: dict[str, Any], ctx: Context) -> None:
        picks = dict(st.picks)
        ctx.emit("T3", "picks revealed: " + ", ".join(f"{p} {picks[p]}" for p in PLAYERS), kind="reveal",
                 data={"round": st.round, "picks": picks})
        top = max(picks.values())
        leaders = [p for p in PLAYERS if picks[p] == top]
        winner = leaders[0] if len(leaders) == 1 else None
        if winner is not None:
            bonus = 1 if ctx.roll("d6", purpose="reveal bonus", rule="T3").final >= 5 else 0
            st.score[SIDES[winner]] += top + bonus
            ctx.emit("T3", f"{winner} wins round {st.round}: +{top + bonus} for {SIDES[winner]}",
                     data={"player": winner, "points": top + bonus})
        else:
            ctx.emit("T3", f"round {st.round}: the top pick is tied, nobody scores", data={"tied": leaders})
        st.history.append({"round": st.round, "picks": picks, "winner": winner})
        st.picks = {}
        ENGINE.pop(st, fr)


@ENGINE.frame("move")
class Move:
    """T4: a piece moves to an adjacent sea hex, or stays; moves are seen by everyone."""

    @staticmethod
    def decide(st: State, fr: dict[str, Any]) -> Any:
        m = data().map
        here = m.hex(st.pos[fr["player"]])
        targets = sorted(m.label(h) for h in m.neighbours(here) if m.is_sea(h))
        return ask(fr["player"], "move", f"Move your piece from {st.pos[fr['player']]}", "T4",
                   [*(opt("move", f"Move to {t}", to=t) for t in targets), opt("stay", "Stay")],
                   data={"hex": st.pos[fr["player"]]})

    @staticmethod
    def act(st: State, fr: dict[str, Any], action: Action, ctx: Context) -> None:
        p = fr["player"]
        if action.kind == "move":
            ctx.emit("T4", f"{p} moves {st.pos[p]} -> {action['to']}", kind="move",
                     data={"player": p, "from": st.pos[p], "to": action["to"]})
            st.pos[p] = action["to"]
        else:
            ctx.emit("T4", f"{p} stays in {st.pos[p]}", kind="move", data={"player": p, "hex": st.pos[p]})
        ENGINE.pop(st, fr)


class TrioRules(FrameRules):
    """The stateless rules object ``leyte.Game`` drives."""

    engine = ENGINE
    end_rule = "T5"
    id = "trio"
    name = "Trio (conformance test game)"
    players = PLAYERS
    sides = SIDES

    def scenario_ids(self) -> list[str]:
        return list(SCENARIOS)

    def load_scenario(self, source: str | Mapping[str, Any]) -> dict[str, Any]:
        if isinstance(source, str):
            if source not in SCENARIOS:
                raise ScenarioError(f"trio: no scenario {source!r}; scenarios: {', '.join(SCENARIOS)}")
            return dict(SCENARIOS[source])
        rounds = source.get("rounds")
        if not isinstance(rounds, int) or isinstance(rounds, bool) or not 1 <= rounds <= 9:
            raise ScenarioError(f"trio scenario field 'rounds': must be an integer from 1 to 9, not {rounds!r}")
        return {"id": str(source.get("id", "custom")), "rounds": rounds}

    def new_state(self, scenario: Mapping[str, Any], options: Mapping[str, Any], ctx: Context) -> State:
        st = State(int(scenario["rounds"]))
        ctx.emit("T1", f"trio: {st.rounds} round(s); pieces at " + ", ".join(f"{p} {st.pos[p]}" for p in PLAYERS))
        ENGINE.push(st, "game")
        ENGINE.advance(st, ctx)
        return st

    def view(self, st: State, player: str | None) -> dict[str, Any]:
        """Everything public, plus the viewer's own unrevealed pick (the umpire sees all of them)."""
        umpire = player in (None, "umpire")
        v: dict[str, Any] = {
            "viewer": "umpire" if umpire else player,
            "turn": st.round,
            "rounds": st.rounds,
            "phase": st.phase,
            "pieces": [{"id": f"piece-{p}", "player": p, "team": SIDES[p], "name": p, "label": LABELS[p],
                        "hex": st.pos[p]} for p in PLAYERS],
            "goal": data().goal,
            "picked": sorted(st.picks),
            "history": copy.deepcopy(st.history),
            "score": dict(st.score),
            "result": copy.deepcopy(st.result),
        }
        if umpire:
            v["picks"] = dict(st.picks)
        else:
            v["my_pick"] = st.picks.get(player)
        return v

    def data(self) -> TrioData:
        return data()


RULES = TrioRules()
