"""The Samar heuristic bot decides from the decision's data and options, never from words (issue 13, item 2).

A bot that parsed prompts would change its play the day a prompt is reworded or translated. Here a second pair of
bots plays the same seeded game in step with the first, but is handed every decision with its prompt, and the text
of every option, replaced by nonsense (and the prompt in its view too); each of its choices must be the first pair's.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import leyte
from leyte.bots import make_bot
from leyte.core.game import Action, Decision
from leyte.simulation import bot_view

NONSENSE = "colourless green ideas sleep furiously (99 dice) hex 7 of 3, entering at 0101"
GOLDEN = Path(__file__).parents[1] / "golden" / "samar" / "historical-heuristic-1.json"


def blinded(d: Decision) -> Decision:
    """The same decision with no words left in it: prompt and option texts are nonsense (with numbers and a hex
    in them, so that a bot still reading text would be misled rather than merely fail)."""
    opts = tuple(Action(o.kind, dict(o.params), NONSENSE) for o in d.options)
    return dataclasses.replace(d, prompt=NONSENSE, options=opts)


def blind_view(view: dict[str, Any]) -> dict[str, Any]:
    if view.get("decision") and "prompt" in view["decision"]:
        view = {**view, "decision": {**view["decision"], "prompt": NONSENSE}}
    return view


def test_heuristic_choices_do_not_change_when_every_prompt_and_option_text_is_nonsense() -> None:
    # the golden heuristic game (seed 1, bots seeded as golden_kit seeds them), played to the end
    g = leyte.new_game("samar", scenario="historical", seed=1)
    seeing = {p: make_bot("heuristic", "samar", p, 1000 + i) for i, p in enumerate(g.players)}
    blind = {p: make_bot("heuristic", "samar", p, 1000 + i) for i, p in enumerate(g.players)}
    n, kinds = 0, set()
    while g.decision is not None:
        d = g.decision
        view = bot_view(g, d.player)
        want = seeing[d.player].choose(view, d)
        got = blind[d.player].choose(blind_view(bot_view(g, d.player)), blinded(d))
        assert got == want, f"decision {n} ({d.kind}: {d.prompt}): {got.to_dict()} != {want.to_dict()}"
        kinds.add(d.kind)
        g.apply(want)
        n += 1
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert n == golden["decisions"] and g.result["winner"] == golden["winner"]  # the very game the golden file holds
    # every kind of question the bot scores was asked blind (air strikes, entries, Taffy Two, fire, moves)
    assert {"speed", "step", "fire", "select_firer", "entry_hex", "entry_facing", "taffy2", "air_strike",
            "first_mover", "setup"} <= kinds


def test_blinding_really_removes_the_words() -> None:
    # the check above is only worth something if the bot never sees a real prompt or option text
    g = leyte.new_game("samar", scenario="historical", seed=1)
    d = blinded(g.decision)
    assert d.prompt == NONSENSE and all(o.text == NONSENSE for o in d.options)
    assert d.options == g.decision.options and d.data == g.decision.data  # same choices, same facts
