"""The plug-in path end to end, with a game core has never heard of: trio (``trio_game/``), three players of whom
two share a side, each hiding a number until the reveal.

``conftest.py`` installs it the way ``pip`` would (a dist-info folder with an entry point); from then on it is an
ordinary game: listed, created, played by the random bot and its own bot, drawn by the default face, and checked
by every other test of this folder. Here we check what is special about it: the entry point is real, the side
is shared, and the secrets stay secret.
"""

from __future__ import annotations

import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest
from conformance_kit import bots, play_out

import leyte
from leyte.bots import bot_names, make_bot
from leyte.core import registry
from leyte.core.game import canonical

HERE = Path(__file__).parent


def test_trio_is_found_through_a_real_entry_point() -> None:
    eps = [ep for ep in metadata.entry_points(group="leyte.games") if ep.name == "trio"]
    assert len(eps) == 1 and eps[0].value == "trio_game:PLUGIN"
    assert metadata.distribution("trio_game").version == "0.1"
    assert "trio" in leyte.games()
    plugin = registry.plugin("trio")
    assert plugin is eps[0].load()
    assert plugin.rules is registry.get("trio") and plugin.id == "trio"
    # the shipped games are still there, found the same way
    assert {"imperial-sunset", "samar"} <= set(leyte.games())


@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_trio_plays_to_the_end(bot: str) -> None:
    assert {"random", "greedy"} <= set(bot_names("trio"))
    g = leyte.new_game("trio", seed=5)
    players = {p: make_bot(bot, "trio", p, i) for i, p in enumerate(g.players)}
    n = 0
    while (d := g.decision) is not None:
        g.apply(players[d.player].choose(g.view(d.player), d))
        n += 1
    assert n == 3 * 6  # three rounds of three picks and three moves
    assert g.result["winner"] in ("Blue", "Red", "draw")
    assert set(g.result["points"]) == {"Blue", "Red"}
    assert g.face.result_text(g.result)


def test_two_players_share_a_side() -> None:
    g = leyte.new_game("trio")
    assert g.players == ("blue_north", "blue_south", "red")
    assert g.sides == {"blue_north": "Blue", "blue_south": "Blue", "red": "Red"}
    assert [(p.id, p.side) for p in g.face.players()] == list(g.sides.items())
    assert len(leyte.rules("trio").map) == 20


def _to_first_pick_of(g: leyte.Game, player: str, b: dict) -> None:
    """Play on to the round in which ``player`` picks first (the first picker turns round)."""
    while not (g.decision.kind == "pick" and g.decision.player == player and not g.view(player)["picked"]):
        d = g.decision
        g.apply(b[d.player].choose({}, d))


@pytest.mark.parametrize("picker", ["blue_north", "blue_south", "red"])
def test_a_pick_stays_secret_from_everyone_else_until_the_reveal(picker: str) -> None:
    """Fork the game at ``picker``'s pick and pick 1 in one branch, 3 in the other: until the reveal, every other
    player's view and log are the same byte for byte in both branches (its side-mate's included), while the
    picker and the umpire can tell them apart."""
    g = leyte.new_game("trio", seed=11)
    b = bots(g, 11)
    _to_first_pick_of(g, picker, b)
    low, high = g.fork(), g.fork()
    low.apply({"kind": "pick", "n": 1})
    high.apply({"kind": "pick", "n": 3})
    others = [p for p in g.players if p != picker]
    compared = 0
    while True:
        for p in others:
            assert canonical(low.view(p)) == canonical(high.view(p)), f"{p} can tell what {picker} picked"
            assert low.events_json(p) == high.events_json(p)
        assert canonical(low.view(picker)) != canonical(high.view(picker))
        assert canonical(low.view(None)) != canonical(high.view(None))
        compared += 1
        # the players who pick after make the same choice in both branches; the last pick triggers the reveal
        d = low.decision
        assert d.kind == "pick" and d.player != picker
        choice = b[d.player].choose({}, d)
        low.apply(choice)
        high.apply(choice)
        if low.decision.kind != "pick":
            break
    assert compared == 2  # after the secret pick, and after the next player's
    # revealed: now everyone can tell
    for p in others:
        assert low.events_json(p) != high.events_json(p)


def test_trio_refuses_a_pick_out_of_range_citing_its_rule() -> None:
    g = leyte.new_game("trio")
    with pytest.raises(leyte.IllegalAction, match=r"\(T2\).*not 4"):
        g.apply({"kind": "pick", "n": 4})
    with pytest.raises(leyte.ScenarioError, match="rounds"):
        leyte.new_game("trio", scenario={"rounds": 0})
    custom = leyte.new_game("trio", scenario={"rounds": 2}, seed=3)
    play_out(custom, bots(custom, 3))
    assert custom.result["turn"] == 2
    assert leyte.load_game(custom.to_json()).state_digest() == custom.state_digest()  # inline scenario saved


def test_the_installation_is_taken_back() -> None:
    """What the session end does, done in a fresh interpreter: no path, no entry point, no game left behind."""
    code = (
        "import sys, leyte; from importlib import metadata; before = list(sys.path); import conftest; "
        "assert 'trio' in leyte.games() and leyte.new_game('trio').decision; "
        "conftest._uninstall(); "
        "assert 'trio' not in leyte.games(), leyte.games(); "
        "assert not [e for e in metadata.entry_points(group='leyte.games') if e.name == 'trio']; "
        "assert sys.path == before, set(sys.path) ^ set(before); "
        "assert not [m for m in sys.modules if m.startswith('trio_game')]; print('clean')"
    )
    env_path = [str(HERE.parent.parent), str(HERE)]  # the worktree (leyte) and this folder (conftest)
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=HERE.parent.parent,
                          env={"PYTHONPATH": ":".join(env_path), "PATH": "/usr/bin:/bin"})
    assert proc.returncode == 0 and proc.stdout.strip() == "clean", proc.stderr


def test_the_jupyter_app_seats_all_three_players_and_plays_a_human_turn() -> None:
    """The front end knows no game: a three-player game gets a player chooser per seat, every seat's eyes, and a
    human's click through the decision panel plays an option for that seat."""
    from leyte.jupyter import GameApp

    g = leyte.new_game("trio", seed=2)
    first = g.decision.player
    app = GameApp(g, players={p: ("human" if p == first else "random") for p in g.players}, cards=True)
    assert list(app.controls.sides) == list(g.players)
    assert app.controls.viewer.options == (*g.players, "umpire")
    assert app.session.viewer == first  # the one human looks through their own eyes
    before = len(g.actions)
    app.panel.buttons.children[0].click()
    assert len(app.session.game.actions) > before
