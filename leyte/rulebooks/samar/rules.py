"""Battle off Samar as a ``leyte`` game: the stateless Rules object the core Game drives."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from leyte.core.errors import IllegalAction
from leyte.core.game import Action, Context, Decision
from leyte.rulebooks.samar import engine, scenario, views
from leyte.rulebooks.samar.data import data
from leyte.rulebooks.samar.state import State

# Importing the rules modules registers their frames with the engine.
from leyte.rulebooks.samar import gunnery, movement, sequence  # noqa: E402,F401  isort: skip


class Samar:
    id = "samar"
    name = "Yamato Unleashed: Battle off Samar, 25 October 1944"
    players = ("IJN", "USN")

    def scenario_ids(self) -> list[str]:
        ids = sorted(data().scenarios)
        return ["historical"] + [i for i in ids if i != "historical"] if "historical" in ids else ids

    def load_scenario(self, source: str | Mapping[str, Any]) -> dict[str, Any]:
        return scenario.read_position(source)

    def new_state(self, pos: Mapping[str, Any], options: Mapping[str, Any], ctx: Context) -> State:
        return scenario.new_state(pos, options, ctx)

    def decision(self, st: State) -> Decision | None:
        return engine.decision(st)

    def apply(self, st: State, action: Action, ctx: Context) -> None:
        engine.act(st, action, ctx)

    def refusal(self, st: State, action: Action) -> IllegalAction:
        why = engine.ENGINE.refusal(st, action)
        if why is not None:
            return why
        d = engine.decision(st)
        if d is None:
            return IllegalAction("3.4", "the game is over")
        kinds = sorted({o.kind for o in d.options})
        return IllegalAction(d.rule, f"{action.text!r} is not one of the {len(d.options)} legal options for "
                             f"{d.player}'s {d.kind} decision (option kinds: {', '.join(kinds)})",
                             state=f"turn {st.turn} {st.phase}")

    def result(self, st: State) -> dict[str, Any] | None:
        return st.result

    def view(self, st: State, player: str | None) -> dict[str, Any]:
        return views.view(st, player)

    def state_to_dict(self, st: State) -> dict[str, Any]:
        return st.to_dict()

    def copy_state(self, st: State) -> State:
        return st.copy()

    def data(self) -> Any:
        return data()

    def summary_row(self, st: State) -> dict[str, Any]:
        """Extra columns for ``leyte simulate``: armor exited into Leyte Gulf and whether the map was cleared."""
        return {"exited_armor": st.exited_armor, "cleared": st.cleared}


RULES = Samar()
