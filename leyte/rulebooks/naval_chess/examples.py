"""The rulebook's worked examples and table notes as positions, scripted dice and scripted choices.

Each ``Example`` is plain data, so a notebook, a test or the command line can replay it::

    from leyte.jupyter.session import play_script
    ex = EXAMPLES["night_surprise_e7"]
    g = leyte.new_game("naval-chess", scenario=ex.position, dice=list(ex.dice), seed=1)
    play_script(g, ex.script)

The position (the format of ``schema.py``, ``setup`` false) starts at the step the example needs; ``dice`` holds
every roll the example makes, in the order the engine asks for them, and nothing more; ``script`` holds the choices
the players make on the way, as matchers (an option's ``kind``, a ``text`` substring, parameters that must be
equal). After the script the game waits at the next decision with every scripted die used.

The rulebook's charts are lost (RULINGS R-26); where an example needs a cell, it reads the reconstructed
``tables/anti_ship.csv``, and the docstring of each example says which row. The seed is fixed at 1 because marker
labels are drawn from it (R-15); no example's dice depend on a label.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["Example", "EXAMPLES"]


@dataclass(frozen=True)
class Example:
    """One worked example: where it starts, the dice it rolls, the choices made, and what it shows."""

    id: str
    title: str
    case: str
    position: dict[str, Any]
    dice: tuple[int, ...]
    script: tuple[dict[str, Any], ...]
    shows: str = ""


def _pos(id: str, start: str, allied: dict[str, str], ijn: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {"id": id, "name": f"Worked example: {id}", "setup": False, "start": start, "allied": allied, "ijn": ijn,
            **more}


_STAY_AT_NIGHT = {"kind": "plot", "text": "Before Midnight: stay; After Midnight: stay"}

_ALL = [
    Example(
        "damage_note", "A second roll sinks a Damaged ship", "VI.B.1.b.2",
        _pos("damage_note", "morning_combat", {"washington": "F6"},
             {"task_forces": [{"units": ["kurita_cruisers"], "at": "F6"}]}, damaged=["washington"]),
        dice=(4, 1, 5),
        script=({"kind": "fire", "unit": "kurita_cruisers", "target": "washington"},
                {"kind": "fire", "unit": "washington", "target": "kurita_cruisers"}),
        shows="The Atago cruisers roll 4 at the already Damaged Washington; +1 against a Damaged target reads row "
              "5 of the CA column, the two-part cell that asks for a second roll (D on 1-3, DS on 4-6). Washington "
              "answers with 1 (no effect). The second roll is 5: DS, and a DS sinks a ship that is already "
              "Damaged, where a plain D would only have left it Damaged.",
    ),
    Example(
        "sub_contact_ijn", "An IJN submarine reports on 4 or more", "VI.B.1.b.2.a",
        _pos("sub_contact_ijn", "morning_combat", {"washington": "F6", "oldendorf_cruisers": "F6"},
             {"subs": {"i_boats_1": "F6"}}),
        dice=(4,),
        script=({"kind": "target", "unit": "washington"},),
        shows="I-boats attack in F6, where a Third Fleet and a Seventh Fleet unit lie; the Allies pick the target "
              "(the Third Fleet, R-19). The roll of 4 damages Washington and, being above 3, makes the surviving sub "
              "report every Allied ship unit in the hex — to the IJN player only.",
    ),
    Example(
        "sub_contact_allied", "An Allied submarine reports on 3 or more", "VI.B.1.b.2.a",
        _pos("sub_contact_allied", "morning_combat", {"darter": "C6", "tg38_1": "H6"},
             {"task_forces": [{"units": ["nagato"], "at": "C6"}]}),
        dice=(3,),
        script=({"kind": "target", "unit": "nagato"},),
        shows="Darter and Dace attack Nagato in C6 and roll 3: no hit, but above 2, so the Seventh Fleet learns "
              "what is under the marker. The Third Fleet, whose carriers are far off in H6, learns nothing.",
    ),
    Example(
        "sub_asw", "Escorts and a carrier sink a submarine", "VI.B.1.b.2.a",
        _pos("sub_asw", "morning_combat", {"tg38_1": "F6"}, {"subs": {"i_boats_1": "F6"}}),
        dice=(2,),
        script=({"kind": "target", "unit": "tg38_1"},),
        shows="An IJN sub rolls 2 against TG 38.1 alone by day: row 2 misses and its loss entry is XX. The task "
              "force has 1 anti-sub factor for its escorts and 1 for its Undamaged carrier by day: 2, enough, and "
              "the sub is lost (the loss is read on the unaltered roll).",
    ),
    Example(
        "air_plus_one", "+1 to hit a Damaged ship, not to the loss", "VI.B.1.b.2.b",
        _pos("air_plus_one", "morning_combat", {"taffy_1": "C6"},
             {"task_forces": [{"units": ["nagato"], "at": "C6"}]}, damaged=["nagato"]),
        dice=(5,),
        script=({"kind": "strike", "air": "air_taffy_1", "target": "nagato"},),
        shows="Taffy 1's weak air unit rolls 5 against the Damaged Nagato: the hit is read one row down, 6, so "
              "the weak column's 5/- becomes 6/DS and the Damaged battleship sinks. (A roll of 1 would stay 1/X: "
              "the loss is read on the unaltered roll.)",
    ),
    Example(
        "aa_lone_carrier", "A lone carrier has two anti-air factors", "VI.B.1.b.2.b",
        _pos("aa_lone_carrier", "morning_combat", {"taffy_1": "C6"},
             {"task_forces": [{"units": ["zuikaku"], "at": "C6"}]}),
        dice=(2,),
        script=({"kind": "strike", "air": "air_taffy_1", "target": "zuikaku"},),
        shows="Taffy 1's air unit rolls 2 against Zuikaku alone: no hit, loss XX. The lone carrier has 2 factors, "
              "one for its escorts' guns and one for being a carrier, so the attacker is shot down.",
    ),
    Example(
        "night_surprise_e7", "Surprise in Surigao Strait", "VI.B.2.b",
        _pos("night_surprise_e7", "after_midnight", {"oldbb_1": "E7"},
             {"task_forces": [{"units": ["yamashiro"], "at": "E8", "plot": {"after_midnight": "E7"}}]}),
        dice=(1,),
        script=({"kind": "done"},),
        shows="The Mississippi group was in E7 by day and stays after midnight; Yamashiro comes in from E8. The "
              "Allies get a shift of 1 on the one surprise die (R-18): 4-6 gives them surprise, 2-3 none, and the "
              "IJN has it only on 1 — the roll here.",
    ),
    Example(
        "fifth_af", "The 5th Air Force finds and bombs a task force", "VI.B.1.b.5",
        _pos("fifth_af", "fifth_af", {"tr_south": "E7"},
             {"task_forces": [{"units": ["yamato", "nagato"], "at": "F8"}]}),
        dice=(5, 1),
        script=({"kind": "target", "unit": "yamato"},),
        shows="Kurita's battleships are in F8, inside the 5th Air Force's zone (R-3). The search roll of 5 finds "
              "them (5-6), the Seventh Fleet picks Yamato (R-44), and the attack roll of 1 hits: DS, which damages "
              "the Undamaged Yamato. Against a Damaged ship it would hit on 1-2 and sink it.",
    ),
    Example(
        "fifth_af_dummy", "The 5th Air Force finds a dummy", "VI.B.1.b.5",
        _pos("fifth_af_dummy", "fifth_af", {"tr_south": "E7"}, {"dummies": ["G9"]}),
        dice=(5,),
        script=(),
        shows="A marker in G9 is found on 5 and turns out empty: the dummy is lifted (R-36).",
    ),
    Example(
        "strike_ceiling_same_hex", "Four same-hex strikes in a day", "VI.B.1.b.4",
        _pos("strike_ceiling_same_hex", "morning", {"tg38_1": "E5"},
             {"task_forces": [{"units": ["nagato"], "at": "D5"}]}),
        dice=(2, 2, 2, 2),
        script=({"kind": "move", "unit": "tg38_1", "to": "D5"},
                {"kind": "strike", "air": "air_38_1", "target": "nagato", "range": "same"},
                {"kind": "strike", "air": "air_38_1", "target": "nagato", "range": "same"},
                {"kind": "done"},
                {"kind": "strike", "air": "air_38_1", "target": "nagato", "range": "same"},
                {"kind": "strike", "air": "air_38_1", "target": "nagato", "range": "same"}),
        shows="TG 38.1 sails into Manila Bay, where Nagato lies in harbor (the Allies pass by the harbor, R-23), and "
              "its air unit strikes twice in the Morning and twice in the Afternoon: four same-hex strikes, the "
              "whole day's allowance (R-35: 4 points at 1 each). No fifth strike is offered; the battle follows.",
    ),
    Example(
        "strike_ceiling_long_then_same", "One long-range strike, then two same-hex", "VI.B.1.b.4",
        _pos("strike_ceiling_long_then_same", "morning_combat", {"tg38_1": "E5"},
             {"task_forces": [{"units": ["nagato"], "at": "D5"}]}),
        dice=(3, 2, 2, 2),
        script=({"kind": "strike", "air": "air_38_1", "target": "nagato", "range": "long"},
                {"kind": "done"},
                {"kind": "move", "unit": "tg38_1", "to": "D5"},
                {"kind": "strike", "air": "air_38_1", "target": "nagato", "range": "same"},
                {"kind": "strike", "air": "air_38_1", "target": "nagato", "range": "same"}),
        shows="From E5 TG 38.1 searches Manila (3: found at 1 hex on 3-6, R-25) and strikes at long range (2 points); "
              "in the Afternoon it sails in and strikes twice in the hex (1 point each). The 4 points are spent.",
    ),
    Example(
        "strike_ceiling_same_then_long", "Two same-hex strikes, then one long-range", "VI.B.1.b.4",
        _pos("strike_ceiling_same_then_long", "morning_combat", {"tg38_1": "G6"},
             {"task_forces": [{"units": ["nagato"], "at": "G6"}]}),
        dice=(2, 2, 2),
        script=({"kind": "strike", "air": "air_38_1", "target": "nagato", "range": "same"},
                {"kind": "strike", "air": "air_38_1", "target": "nagato", "range": "same"},
                {"kind": "flee", "to": "H6"},
                {"kind": "let_go"},
                {"kind": "done"},
                {"kind": "strike", "air": "air_38_1", "target": "nagato", "range": "long"}),
        shows="TG 38.1 and Nagato share G6 at sea: two same-hex strikes (1 point each), then the battle, which "
              "Nagato leaves for H6 unpursued. A unit that struck in its own hex may not strike at range in the "
              "same combat step (VI.B.1.b.2.d), so the long-range strike waits for the Afternoon: 2 more points, "
              "the last ones.",
    ),
    Example(
        "strike_ceiling_two_long", "Two long-range strikes", "VI.B.1.b.4",
        _pos("strike_ceiling_two_long", "morning_combat", {"tg38_1": "H6"},
             {"task_forces": [{"units": ["nagato"], "at": "G6"}, {"units": ["kongo"], "at": "F6"}]}),
        dice=(4, 4, 2, 2),
        script=({"kind": "strike", "air": "air_38_1", "target": "nagato", "range": "long"},
                {"kind": "strike", "air": "air_38_1", "target": "nagato", "range": "long"},
                {"kind": "done"}),
        shows="TG 38.1 in H6 finds Nagato (1 hex) and Kongo (2 hexes) with two searches of 4. It strikes Nagato at "
              "long range twice (2 points each); after the first, the extended-range strike at Kongo is no longer "
              "offered, and after the second nothing is, in the Afternoon either.",
    ),
    Example(
        "strike_ceiling_extended", "One extended-range strike", "VI.B.1.b.4",
        _pos("strike_ceiling_extended", "morning_combat", {"tg38_1": "H6"},
             {"task_forces": [{"units": ["nagato"], "at": "G6"}, {"units": ["kongo"], "at": "F6"}]}),
        dice=(4, 4, 4),
        script=({"kind": "strike", "air": "air_38_1", "target": "kongo", "range": "extended"},
                {"kind": "done"}),
        shows="The same position: an extended-range strike at Kongo (roll 4: D) costs all 4 points, so no "
              "long-range strike at Nagato is offered afterwards.",
    ),
    Example(
        "pt_gunfire", "Gunfire sinks a PT boat on 3-6", "VI.B.2.b",
        _pos("pt_gunfire", "after_midnight_combat", {"pt_boats": "E7"},
             {"task_forces": [{"units": ["shima_cruisers"], "at": "E7"}]}),
        dice=(3, 3, 1),
        script=({"kind": "fire", "unit": "shima_cruisers", "target": "pt_boats"},
                {"kind": "fire", "unit": "pt_boats", "target": "shima_cruisers"}),
        shows="After midnight in Surigao Strait the PT boats meet Shima's cruisers. Surprise roll 3: none. The "
              "cruisers roll 3 at the PT boats, which sinks them (any gunfire does on 3-6; by day they hide, "
              "R-38); the PT boats' roll of 1 misses. The Allies lose 1 VP.",
    ),
    Example(
        "victory_allied_strategic", "40 VP: an Allied strategic victory", "IV",
        _pos("victory_allied_strategic", "fifth_af", {"tr_south": "E7", "tr_north": "D4"},
             {"task_forces": [{"units": ["yamato"], "at": "F8"}, {"units": ["kurita_cruisers"], "at": "D9"}]},
             day=7, last_day=7, damaged=["yamato", "kurita_cruisers"], options={"unryu": True}),
        dice=(5, 1, 5, 1),
        script=({"kind": "target"}, {"kind": "target"}, {"kind": "done"}, _STAY_AT_NIGHT, {"kind": "done"}),
        shows="The last day, 26 October. The Unryu option gave the Allies 15 at the start; the 5th Air Force finds "
              "and sinks the Damaged Yamato (12) and Atago group (5); transports anchored in Leyte and Lingayen "
              "Gulfs score 4 each at the tally: 40, a strategic victory (40 or more, R-8).",
    ),
    Example(
        "victory_allied_tactical", "39 VP: an Allied tactical victory", "IV",
        _pos("victory_allied_tactical", "fifth_af", {"tr_south": "E7", "tr_north": "D4"},
             {"task_forces": [{"units": ["yamato"], "at": "F8"}, {"units": ["aoba"], "at": "D9"}]},
             day=7, last_day=7, damaged=["yamato", "aoba"], options={"unryu": True}),
        dice=(5, 1, 5, 1),
        script=({"kind": "target"}, {"kind": "target"}, {"kind": "done"}, _STAY_AT_NIGHT, {"kind": "done"}),
        shows="As the strategic example, but the second ship sunk is the Aoba transport group (4): 39, one short.",
    ),
    Example(
        "victory_japanese_tactical", "19 VP: a Japanese tactical victory", "IV",
        _pos("victory_japanese_tactical", "fifth_af", {"tr_south": "E7"}, {}, day=7, last_day=7,
             options={"unryu": True}),
        dice=(),
        script=({"kind": "done"}, _STAY_AT_NIGHT, {"kind": "done"}),
        shows="Only the Unryu option's 15 and one anchorage tally (4): 19, below the Allies' 20.",
    ),
    Example(
        "victory_japanese_strategic", "-1 VP: a Japanese strategic victory", "IV",
        _pos("victory_japanese_strategic", "before_midnight_combat", {"tr_north": "F6", "tr_south": "G6"},
             {"subs": {"i_boats_1": "F6", "i_boats_2": "G6"}}, day=7, last_day=7,
             damaged=["tr_north", "tr_south"], options={"unryu": True}),
        dice=(5, 5),
        script=({"kind": "target", "unit": "tr_north"}, {"kind": "target", "unit": "tr_south"}),
        shows="The Unryu option's 15, but two IJN submarines each roll 5 (+1 against a Damaged ship at sea: row 6, "
              "DS) and sink both Damaged transport units at sea, 8 each: -1, below zero.",
    ),
]

EXAMPLES: dict[str, Example] = {ex.id: ex for ex in _ALL}
