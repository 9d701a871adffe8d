"""Every game's own bots decide from the decision's data, its options and their view — never from words (issue 13,
item 3). A bot that parsed prompts would change its play the day a prompt is reworded or translated.

A second set of the same seeded bots plays each game in step with the first, but is handed every decision with its
prompt and every option's text replaced by nonsense (the prompt in its view too); each of its choices must be the
first set's, to the end of the game.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from conformance_kit import GAMES

import leyte
from leyte.bots import make_bot
from leyte.core import registry
from leyte.core.game import Action, Decision
from leyte.simulation import bot_view

# Numbers, a hex and a unit-like word, so a bot still reading text is misled rather than merely failing.
NONSENSE = "colourless green ideas sleep furiously (range 99) in 0101, 7 MP left, historical: 0202"

CASES = [(g, b) for g in GAMES for b in sorted(registry.plugin(g).bots)]


def blinded(d: Decision) -> Decision:
    opts = tuple(Action(o.kind, dict(o.params), NONSENSE) for o in d.options)
    return dataclasses.replace(d, prompt=NONSENSE, options=opts)


def blind_view(view: dict[str, Any]) -> dict[str, Any]:
    if view.get("decision") and "prompt" in view["decision"]:
        view = {**view, "decision": {**view["decision"], "prompt": NONSENSE}}
    return view


def test_blinding_removes_every_word_and_keeps_every_fact() -> None:
    g = leyte.new_game(GAMES[0], seed=1)
    d = blinded(g.decision)
    assert d.prompt == NONSENSE and all(o.text == NONSENSE for o in d.options)
    assert d.options == g.decision.options and d.data == g.decision.data


@pytest.mark.parametrize(("game", "bot"), CASES, ids=[f"{g}-{b}" for g, b in CASES])
def test_bot_choices_do_not_change_when_every_prompt_and_option_text_is_nonsense(game: str, bot: str) -> None:
    g = leyte.new_game(game, seed=1)
    seeing = {p: make_bot(bot, game, p, 1000 + i) for i, p in enumerate(g.players)}
    blind = {p: make_bot(bot, game, p, 1000 + i) for i, p in enumerate(g.players)}
    n, kinds = 0, set()
    while (d := g.decision) is not None and n < 20_000:
        want = seeing[d.player].choose(bot_view(g, d.player), d)
        got = blind[d.player].choose(blind_view(bot_view(g, d.player)), blinded(d))
        assert got == want, f"decision {n} ({d.kind}, {d.rule}): {got.to_dict()} != {want.to_dict()}"
        kinds.add(d.kind)
        g.apply(want)
        n += 1
    assert g.over and n > 10 and len(kinds) >= 2  # a whole game, several kinds of question asked blind
