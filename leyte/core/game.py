"""The game-agnostic machinery: Action, Decision, Event, the Rules protocol and the Game every front end drives.

Shape (after OpenSpiel and boardgame.io): a game's *rules* object is stateless and knows one game; the *state* is
plain data the rules mutate; the ``Game`` here owns one state, the dice, the event log and the action history, and
guarantees the invariants every game keeps:

- the game always says who must decide what (``decision``), as a finite list of concrete legal options;
- an action not among them is refused with ``IllegalAction`` naming the rule case, and nothing changes;
- same scenario + seed + actions => same events, byte for byte (saves store the actions and replay them, and carry
  a digest of the state so a changed or corrupted file is caught rather than silently diverging);
- each player's view and log hold nothing that player has not seen.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from leyte.core.dice import Dice, Modifier, RollRecord
from leyte.core.errors import IllegalAction, LeyteError, SaveError, ScenarioError
from leyte.core.limits import check_plain, excerpt

__all__ = ["Action", "Decision", "Event", "Context", "Rules", "Game", "SAVE_FORMAT", "SAVE_VERSION", "canonical"]

SAVE_FORMAT = "leyte-save"
SAVE_VERSION = 1
KNOWN_SAVE_VERSIONS = (1,)
MAX_SAVE_BYTES = 64 * 1024 * 1024

_Scalar = str | int | float | bool | None
_SCALARS = frozenset({str, int, float, bool, type(None)})
_new = object.__new__
_set = object.__setattr__  # frozen dataclasses are filled in through object's own setter


def _freeze(v: Any, where: str) -> Any:
    """Turn JSON-like data into hashable values (lists -> tuples) and reject anything else."""
    if v is None or isinstance(v, (str, bool, int)):
        return v
    if isinstance(v, float):
        return v
    if isinstance(v, (list, tuple)):
        return tuple(_freeze(x, where) for x in v)
    raise LeyteError(
        f"{where}: action values must be strings, numbers, booleans, null or lists, not {type(v).__name__}"
    )


def _thaw(v: Any) -> Any:
    if isinstance(v, tuple):
        return [_thaw(x) for x in v]
    return v


def canonical(obj: Any) -> str:
    """The one JSON text of a value: sorted keys, no spaces. Used for saves, digests and byte-for-byte checks."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


@dataclass(frozen=True, slots=True)
class Action:
    """A move as plain data: a kind plus named parameters, with a readable text that is not part of its identity.

    ``Action("move", {"tf": "force-a", "to": "3423"})`` equals the dict ``{"kind": "move", "tf": "force-a",
    "to": "3423"}`` after ``Action.from_dict``; options can be compared with ``in``.
    """

    kind: str
    params: tuple[tuple[str, Any], ...] = ()
    text: str = field(default="", compare=False)

    def __init__(self, kind: str, params: Mapping[str, Any] | Iterable[tuple[str, Any]] = (), text: str = "") -> None:
        if not isinstance(kind, str) or not kind:
            raise LeyteError("an action needs a non-empty kind")
        items = params if type(params) is dict else dict(params)
        if "kind" in items:
            raise LeyteError("'kind' cannot be an action parameter")
        # Rules build tens of thousands of options a game; plain scalar values skip the general freezing.
        frozen = tuple(sorted(
            (k, v) if type(k) is str and type(v) in _SCALARS else (str(k), _freeze(v, f"action {kind}.{k}"))
            for k, v in items.items()
        ))
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "params", frozen)
        object.__setattr__(self, "text", text or _default_text(kind, frozen))

    @classmethod
    def option(cls, kind: str, params: dict[str, Any], text: str) -> Action:
        """The rules' fast path for building an option (tens of thousands a game): ``params`` is a fresh dict of
        keyword arguments, so its keys are strings; all-scalar values skip the general freezing, and one or no
        parameter skips the sort. Anything else takes the checked constructor."""
        if not kind or "kind" in params or not _SCALARS.issuperset(map(type, params.values())):
            return cls(kind, params, text)  # the checked path freezes containers or raises the proper error
        frozen = tuple(params.items())
        if len(frozen) == 2:
            if frozen[0][0] > frozen[1][0]:
                frozen = (frozen[1], frozen[0])
        elif len(frozen) > 2:
            frozen = tuple(sorted(frozen))
        self = _new(cls)
        _set(self, "kind", kind)
        _set(self, "params", frozen)
        _set(self, "text", text or _default_text(kind, frozen))
        return self

    def __getitem__(self, key: str) -> Any:
        for k, v in self.params:
            if k == key:
                return v
        raise KeyError(key)

    def get(self, key: str, default: Any = None) -> Any:
        try:
            return self[key]
        except KeyError:
            return default

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, **{k: _thaw(v) for k, v in self.params}}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Action:
        if not isinstance(d, Mapping):
            raise LeyteError(f"an action must be an object with a 'kind', not {type(d).__name__}")
        if "kind" not in d:
            raise LeyteError("an action needs a 'kind'")
        check_plain(d, "action")
        rest = {k: v for k, v in d.items() if k != "kind"}
        return cls(d["kind"], rest)

    def __str__(self) -> str:
        return self.text


def _default_text(kind: str, params: tuple[tuple[str, Any], ...]) -> str:
    if not params:
        return kind
    return kind + " " + " ".join(f"{k}={_thaw(v)}" for k, v in params)


@dataclass(frozen=True, slots=True)
class Decision:
    """Who must decide what now: the player, a kind, a short prompt, the rule case and the legal options.

    ``data`` holds, as JSON-ready values, the facts the prompt states in words (the unit deciding, its hex, the MP
    it has left, a range, the dice to be thrown...). Bots and front ends read ``data``, never the prompt, so
    rewording a prompt changes nothing a program does. It holds only what the deciding player may know.
    """

    player: str
    kind: str
    prompt: str
    rule: str
    options: tuple[Action, ...]
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "kind": self.kind,
            "prompt": self.prompt,
            "rule": self.rule,
            "data": dict(self.data),
            "options": [o.to_dict() | {"text": o.text} for o in self.options],
        }


@dataclass(frozen=True, slots=True)
class Event:
    """One entry of the log: the rule case, a readable text and structured data (rolls keep every detail).

    ``visible`` lists the players who may see it; ``None`` means everyone. A player's log is the events whose
    ``visible`` is ``None`` or names that player.
    """

    rule: str
    text: str
    kind: str = "info"
    data: Mapping[str, Any] = field(default_factory=dict)
    visible: tuple[str, ...] | None = None

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"rule": self.rule, "kind": self.kind, "text": self.text, "data": self.data}
        if self.visible is not None:
            d["visible"] = list(self.visible)
        return d

    def seen_by(self, player: str | None) -> bool:
        """Whether ``player`` (None or "umpire": the umpire) sees this event.

        The umpire sees everything once: an event a game wrote in several copies, one masked for each player who
        may not know what it names (``data["masked"]``), reaches the umpire as the unmasked copy only.
        """
        if player is None or player == "umpire":
            return not self.data.get("masked")
        return self.visible is None or player in self.visible


class Context:
    """What rules code may touch while applying an action: the dice and the event log."""

    __slots__ = ("dice", "events")

    def __init__(self, dice: Dice, events: list[Event]) -> None:
        self.dice = dice
        self.events = events

    def emit(
        self, rule: str, text: str, *, kind: str = "info", data: Mapping[str, Any] | None = None,
        visible: Sequence[str] | None = None,
    ) -> Event:
        # Filled in like Action.option: a game emits tens of thousands of events, and a frozen dataclass's own
        # __init__ is the slower way to set five fields.
        ev = _new(Event)
        _set(ev, "rule", rule)
        _set(ev, "text", text)
        _set(ev, "kind", kind)
        _set(ev, "data", dict(data) if data else {})
        _set(ev, "visible", tuple(visible) if visible is not None else None)
        self.events.append(ev)
        return ev

    def roll_on(
        self, table: Any, column: Any, modifiers: Sequence[Modifier] = (), *, purpose: str, rule: str,
        visible: Sequence[str] | None = None, text: str | None = None,
    ) -> RollRecord:
        """Roll on a table and log the full record (raw, each modifier and its source, final, cell)."""
        rec = self.dice.roll_on(table, column, modifiers, purpose=purpose, rule=rule)
        self.emit(rule, text or rec.text(), kind="roll", data={"roll": rec.to_dict()}, visible=visible)
        return rec

    def roll(
        self, die: str, modifiers: Sequence[Modifier] = (), *, purpose: str, rule: str,
        visible: Sequence[str] | None = None, text: str | None = None,
    ) -> RollRecord:
        """A roll read against a rule rather than a table; logged the same way."""
        rec = self.dice.roll_plain(die, modifiers, purpose=purpose, rule=rule)
        self.emit(rule, text or rec.text(), kind="roll", data={"roll": rec.to_dict()}, visible=visible)
        return rec

    def pick(self, n: int, *, purpose: str, rule: str, visible: Sequence[str] | None = None) -> int:
        """A random draw among ``n`` things (activation chits, random targets); returns a 0-based index."""
        i = self.dice.choice_index(n)
        self.emit(rule, f"{purpose}: drew {i + 1} of {n}", kind="draw", data={"index": i, "of": n},
                  visible=visible)
        return i


class _Tally(list):  # type: ignore[type-arg]
    """The event log of a quiet game (``Game.fork(quiet=True)``): it counts the events the rules write and keeps
    none of them.

    A search throws its copies' logs away, so keeping them would only cost memory; the count stays right because
    the frame engine's loop check compares log lengths (flow.advance), so a quiet game plays exactly as a full one.
    """

    __slots__ = ("n",)

    def __init__(self, n: int = 0) -> None:
        super().__init__()
        self.n = n

    def append(self, event: Any) -> None:
        self.n += 1

    def __len__(self) -> int:
        return self.n


class Rules(Protocol):
    """What a game package provides. Stateless: every method takes the state it works on."""

    id: str
    name: str
    players: tuple[str, ...]

    def scenario_ids(self) -> list[str]: ...

    def load_scenario(self, scenario: str | Mapping[str, Any]) -> dict[str, Any]: ...

    def new_state(self, scenario: Mapping[str, Any], options: Mapping[str, Any], ctx: Context) -> Any: ...

    def decision(self, state: Any) -> Decision | None: ...

    def apply(self, state: Any, action: Action, ctx: Context) -> None: ...

    def refusal(self, state: Any, action: Action) -> IllegalAction: ...

    def result(self, state: Any) -> dict[str, Any] | None: ...

    def view(self, state: Any, player: str | None) -> dict[str, Any]: ...

    def state_to_dict(self, state: Any) -> dict[str, Any]: ...

    def copy_state(self, state: Any) -> Any: ...

    def data(self) -> Any: ...


class Game:
    """One game in progress. Create it with ``leyte.new_game``; drive it with ``decision`` and ``apply``."""

    def __init__(
        self,
        rules: Rules,
        scenario: Mapping[str, Any],
        *,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
        dice: Sequence[int] | None = None,
        scenario_ref: Any = None,
    ) -> None:
        if dice is not None and (not isinstance(dice, (list, tuple))
                                 or not all(isinstance(v, int) and not isinstance(v, bool) for v in dice)):
            raise LeyteError(f"dice must be a list of integers (the scripted rolls), not {excerpt(dice)}")
        if options is not None and not isinstance(options, Mapping):
            raise LeyteError(f"options must be an object of option names and values, not {excerpt(options)}")
        check_plain(list(dice or []), "dice")
        check_plain(dict(options or {}), "options")
        self.rules = rules
        self.scenario = dict(scenario)
        self.scenario_ref = scenario_ref if scenario_ref is not None else self.scenario
        self.seed = seed
        self.options = dict(options or {})
        self.script = list(dice or [])
        self.dice = Dice(seed, self.script)
        self.events: list[Event] = []
        self.actions: list[Action] = []
        self.reseeds: list[tuple[int, int]] = []  # (number of actions played, new seed): for "what if" branches
        ctx = Context(self.dice, self.events)
        self.state = rules.new_state(self.scenario, self.options, ctx)
        self._decision: Decision | None | bool = False  # False = not computed yet

    # -- the public surface --------------------------------------------------------------------------------------

    @property
    def id(self) -> str:
        return self.rules.id

    @property
    def players(self) -> tuple[str, ...]:
        return self.rules.players

    @property
    def sides(self) -> dict[str, str]:
        """Player -> the side it plays on. Several players may share a side (two Allied fleet commanders who may
        not confer); by default each player is a side of its own."""
        declared = getattr(self.rules, "sides", None) or {}
        return {p: declared.get(p, p) for p in self.players}

    @property
    def face(self) -> Any:
        """What the front ends draw for this game (``leyte.core.face.Face``); a default face if it brings none."""
        from leyte.core import registry

        try:
            if registry.get(self.id) is self.rules:
                return registry.face(self.id)
        except LeyteError:
            pass
        cached = self.__dict__.get("_face")
        if cached is None:
            from leyte.core.face import DefaultFace

            cached = self.__dict__["_face"] = DefaultFace(self.rules)
        return cached

    @property
    def decision(self) -> Decision | None:
        """The decision the game waits for, or None once the game is over."""
        if self._decision is False:
            self._decision = self.rules.decision(self.state)
        return self._decision  # type: ignore[return-value]

    def legal_actions(self) -> list[Action]:
        d = self.decision
        return list(d.options) if d is not None else []

    @property
    def over(self) -> bool:
        return self.decision is None

    @property
    def result(self) -> dict[str, Any] | None:
        """Winner, victory level and points per side with their breakdown, once the game is over."""
        return self.rules.result(self.state)

    def apply(self, action: Action | Mapping[str, Any]) -> list[Event]:
        """Play one of the legal options; returns the events it caused.

        Refused actions raise ``IllegalAction`` (a ``ValueError``) naming the rule case and the reason, and leave
        the game exactly as it was.
        """
        act = action if isinstance(action, Action) else Action.from_dict(action)
        d = self.decision
        if d is None:
            raise IllegalAction("end", "the game is over; no action can be played")
        # Bots hand back one of the option objects themselves: find it by identity first (no __eq__ calls),
        # then by value for actions built elsewhere (scripts, saves, the terminal).
        opts = d.options
        for o in opts:
            if o is act:
                break
        else:
            check_plain(act.params, f"action {excerpt(act.kind)}")
            if act not in opts:
                raise self.rules.refusal(self.state, act)
            # Options carry the readable text; keep the matching option so logs and saves show it.
            act = opts[opts.index(act)]
        start = len(self.events)
        try:
            self.rules.apply(self.state, act, Context(self.dice, self.events))
        except BaseException:
            # A rule refused late (or crashed): rebuild the exact previous position by replaying.
            self._rebuild(self.actions)
            raise
        self.actions.append(act)
        self._decision = False
        return self.events[start:]

    def view(self, player: str | None = None) -> dict[str, Any]:
        """A JSON-ready dict of exactly what ``player`` may know (None or "umpire": everything)."""
        if player not in (None, "umpire") and player not in self.players:
            raise LeyteError(f"no player {player!r} in {self.id}; players: {', '.join(self.players)}")
        v = self.rules.view(self.state, player)
        d = self.decision
        v["decision"] = d.to_dict() if d is not None and (player in (None, "umpire") or d.player == player) else (
            {"player": d.player, "kind": d.kind, "rule": d.rule} if d is not None else None
        )
        v["log"] = [d for e, d in zip(self.events, self._event_dicts()) if e.seen_by(player)]
        return v

    def _event_dicts(self) -> list[dict[str, Any]]:
        """Each event's dict form, built once: views are asked for after every action, the log only grows."""
        cache = self.__dict__.get("_dicts")
        if cache is None or cache[0] is not self.events:
            cache = (self.events, [])
            self.__dict__["_dicts"] = cache
        built = cache[1]
        for e in self.events[len(built):]:
            built.append(e.to_dict())
        return built

    def log(self, player: str | None = None) -> list[Event]:
        """The events ``player`` may see."""
        return [e for e in self.events if e.seen_by(player)]

    def undo(self) -> Action:
        """Take back the last action (repeatable); returns it. Replays from the start, so it is exact."""
        if not self.actions:
            raise LeyteError("nothing to undo")
        last = self.actions[-1]
        self._rebuild(self.actions[:-1])
        return last

    def fork(self, seed: int | None = None, *, quiet: bool = False) -> Game:
        """An independent copy, for "what if" branches and for search.

        The state is copied by the rules' ``copy_state`` (a frame game walks it once, ``plain.clone_state``), so a
        search can copy a position thousands of times. With ``seed`` the copy's dice are reseeded (``reseed``, so
        its save still replays exactly): each copy then samples its own future while the original's is untouched.

        ``quiet=True`` gives a copy that keeps no log: ``events`` is empty and only its length counts on, so
        ``apply`` returns no events and views hold no log (nor what a front end folds out of it), while the state,
        the dice, the decisions and the save (its actions, digest and event count) are those of a full copy.
        What it saves is memory (thousands of copies each holding a game's log) and the copy of the log, not time
        per decision: the rules still write every event, and benchmarks/search_model.py finds the log's share of a
        decision too small (1-5 %) for skipping more of it to be worth a second way of playing.
        """
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise LeyteError(f"fork: seed must be an integer or None, not {seed!r}")
        g = Game.__new__(Game)
        g.rules = self.rules
        g.scenario = self.scenario
        g.scenario_ref = self.scenario_ref
        g.seed = self.seed
        g.options = dict(self.options)
        g.script = list(self.script)
        g.dice = self.dice.copy()
        g.events = _Tally(len(self.events)) if quiet or self.quiet else list(self.events)
        g.actions = list(self.actions)
        g.reseeds = list(self.reseeds)
        g.state = self.rules.copy_state(self.state)
        g._decision = False
        if seed is not None:
            g.reseed(seed)
        return g

    @property
    def quiet(self) -> bool:
        """Whether this game keeps no log (a copy made by ``fork(quiet=True)`` for search; its forks are quiet too)."""
        return type(self.events) is _Tally

    def reseed(self, seed: int) -> None:
        """Give the rest of the game a new random future (a "what if" branch from a saved position).

        Recorded in the save, so a reseeded game still replays exactly.
        """
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise LeyteError(f"seed must be an integer, not {seed!r}")
        self.dice = Dice(seed, [])
        self.reseeds.append((len(self.actions), seed))
        self._decision = False

    def state_digest(self) -> str:
        """A short hash of the full state and dice: equal digests mean equal games."""
        blob = canonical({"state": self.rules.state_to_dict(self.state), "dice": self.dice.to_dict()})
        return hashlib.sha256(blob.encode()).hexdigest()[:32]

    def events_json(self, player: str | None = None) -> str:
        """The log as canonical JSON, one event per line — what "byte for byte" compares. With no player: every
        event the rules wrote, every masked copy included (the umpire's ``log()`` shows each event once)."""
        return "\n".join(canonical(d) for e, d in zip(self.events, self._event_dicts())
                         if player is None or e.seen_by(player))

    # -- save / load ---------------------------------------------------------------------------------------------

    def to_json(self) -> str:
        """A versioned JSON save: how to rebuild the game (scenario, seed, options, script, actions) plus digests."""
        return json.dumps(
            {
                "format": SAVE_FORMAT,
                "version": SAVE_VERSION,
                "game": self.id,
                "scenario": self.scenario_ref if isinstance(self.scenario_ref, str) else self.scenario,
                "seed": self.seed,
                "options": self.options,
                "dice": self.script,
                "actions": [a.to_dict() for a in self.actions],
                "reseeds": [list(r) for r in self.reseeds],
                "digest": self.state_digest(),
                "events": len(self.events),
            },
            sort_keys=True,
            indent=1,
            ensure_ascii=False,
        )

    @classmethod
    def from_json(cls, text: str | bytes, resolve: Callable[[str], Rules]) -> Game:
        if isinstance(text, bytes):
            try:
                text = text.decode("utf-8")
            except UnicodeDecodeError as e:
                raise SaveError(f"save is not UTF-8 text: {e}") from None
        if not isinstance(text, str):
            raise SaveError(f"a save must be JSON text, not {type(text).__name__}")
        if len(text) > MAX_SAVE_BYTES:
            raise SaveError(f"save is larger than {MAX_SAVE_BYTES} bytes")
        try:
            d = json.loads(text, parse_constant=_reject_constant)
        except SaveError:
            raise
        except json.JSONDecodeError as e:
            tail = text.rstrip()
            truncated = e.pos >= len(tail) - 1 or (tail.startswith("{") and not tail.endswith("}"))
            hint = " (the file looks truncated)" if truncated else ""
            raise SaveError(f"save is not valid JSON{hint}: {e.msg} at line {e.lineno}, column {e.colno}") from None
        except RecursionError:
            raise SaveError("save nests too deeply to be a leyte save") from None
        except ValueError as e:  # e.g. an integer of thousands of digits
            raise SaveError(f"save holds a value no game uses: {excerpt(str(e), 80)}") from None
        if not isinstance(d, dict):
            raise SaveError("save must be a JSON object")
        check_plain(d, "save", error=SaveError)
        if d.get("format") != SAVE_FORMAT:
            raise SaveError(f"not a leyte save (format is {d.get('format')!r}, expected {SAVE_FORMAT!r})")
        ver = d.get("version")
        if not isinstance(ver, int) or isinstance(ver, bool):
            raise SaveError("save has no integer 'version'")
        if ver > SAVE_VERSION:
            raise SaveError(f"save version {ver} is newer than this leyte understands ({SAVE_VERSION})")
        if ver not in KNOWN_SAVE_VERSIONS:
            known = ", ".join(map(str, KNOWN_SAVE_VERSIONS))
            raise SaveError(f"save version {ver} is not one this leyte reads ({known})")
        expected = {"game": str, "seed": int, "options": dict, "dice": list, "actions": list, "digest": str,
                    "events": int}
        for key, ty in expected.items():
            if key not in d:
                raise SaveError(f"save is missing {key!r}")
            if not isinstance(d[key], ty) or isinstance(d[key], bool):
                raise SaveError(f"save field {key!r} must be {ty.__name__}")
        if "scenario" not in d or not isinstance(d["scenario"], (str, dict)):
            raise SaveError("save field 'scenario' must be a scenario id or a scenario object")
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in d["dice"]):
            raise SaveError("save field 'dice' must be a list of integers")
        try:
            rules = resolve(d["game"])
        except LeyteError as e:
            raise SaveError(f"save names an unknown game: {e}") from None
        # A save names its scenario by the game's own id or holds it inline; never by a path, so loading a save
        # reads no file (a save naming /dev/zero or another file on the machine is refused here).
        if isinstance(d["scenario"], str) and d["scenario"] not in rules.scenario_ids():
            raise SaveError(f"save's scenario {excerpt(d['scenario'])} is not a scenario of {rules.id} "
                            f"({', '.join(rules.scenario_ids())}); a save never names a file")
        try:
            scen = rules.load_scenario(d["scenario"])
            g = cls(rules, scen, seed=d["seed"], options=d["options"], dice=d["dice"],
                    scenario_ref=d["scenario"] if isinstance(d["scenario"], str) else None)
        except (ScenarioError, LeyteError) as e:
            raise SaveError(f"save's scenario cannot be set up: {e}") from None
        reseeds = d.get("reseeds", [])
        if not isinstance(reseeds, list) or not all(
            isinstance(r, list) and len(r) == 2 and all(isinstance(x, int) and not isinstance(x, bool) for x in r)
            for r in reseeds
        ):
            raise SaveError("save field 'reseeds' must be a list of [action count, seed] pairs")
        pending = sorted((int(a), int(b)) for a, b in reseeds)
        for i, raw in enumerate(d["actions"]):
            while pending and pending[0][0] == i:
                g.reseed(pending.pop(0)[1])
            try:
                act = Action.from_dict(raw)
                g.apply(act)
            except LeyteError as e:
                raise SaveError(f"save's action {i + 1} of {len(d['actions'])} cannot be replayed: {e}") from None
        for _, sd in pending:
            g.reseed(sd)
        if g.state_digest() != d["digest"]:
            raise SaveError(
                "save's digest does not match the replayed game: the file was altered or was written by a "
                "different version of the rules or data"
            )
        if len(g.events) != d["events"]:
            raise SaveError("save's event count does not match the replayed game")
        return g

    # -- internals -----------------------------------------------------------------------------------------------

    def _rebuild(self, actions: Sequence[Action]) -> None:
        fresh = Game(self.rules, self.scenario, seed=self.seed, options=self.options, dice=self.script,
                     scenario_ref=self.scenario_ref)
        pending = [r for r in self.reseeds if r[0] <= len(actions)]
        todo = list(pending)
        for i, a in enumerate(actions):
            while todo and todo[0][0] == i:
                fresh.reseed(todo.pop(0)[1])
            fresh.apply(a)
        for _, sd in todo:
            fresh.reseed(sd)
        self.reseeds = pending
        self.dice = fresh.dice
        self.events = _Tally(len(fresh.events)) if self.quiet else fresh.events
        self.actions = fresh.actions
        self.state = fresh.state
        self._decision = False

    def _repr_svg_(self) -> str | None:
        """The map as SVG where no widget runs (GitHub, nbviewer, exported HTML)."""
        try:
            from leyte.render import svg
        except ImportError:  # pragma: no cover - render ships with the package
            return None
        return svg.game_svg(self)

    def __repr__(self) -> str:
        d = self.decision
        where = f"{d.player} to decide {d.kind} ({d.rule})" if d else "over"
        return f"<leyte.Game {self.id} seed={self.seed} actions={len(self.actions)}: {where}>"


def _reject_constant(name: str) -> Any:
    raise SaveError(f"save contains {name}, which is not valid JSON")


def modifiers(*pairs: tuple[int, str]) -> tuple[Modifier, ...]:
    """Shorthand for building modifier tuples in rules code, dropping zero modifiers."""
    return tuple(Modifier(v, s) for v, s in pairs if v)


_ = _Scalar  # keep the alias importable for type hints elsewhere
