"""Build Formosa's counters and charts (``scenarios/formosa/``: units, value provenance, tables, constants).

The counter sheet, both CRTs, the Air Combat and B-29 tables and the TEC were lost in OCR; the LP charts, the Fleet
Sortie Table, the victory schedule and most constants are printed. This tool is the record of every value we chose
and why: each row it writes carries its provenance and source, and ``scenarios/formosa/RULINGS.md`` (R-n, P-n)
explains the rulings and how each lost chart was rebuilt. Edit the values here, never the CSV files by hand.

Usage::

    python tools/build_formosa_data.py            # write the files
    python tools/build_formosa_data.py --check    # exit 1 if any file differs from a fresh build
    python tools/build_formosa_data.py --out DIR  # write somewhere else

The output is a pure function of this file: no clock, no randomness, fixed row order.
"""

from __future__ import annotations

import argparse
import csv
import filecmp
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "scenarios" / "formosa"
OUTPUTS = ("units.csv", "value_provenance.csv", "constants.csv", "markers.csv", "tables")
_quiet = [False]


def _log(*args: object) -> None:
    if not _quiet[0]:
        print(*args)


def _build_units(root: Path) -> None:
    OUT = root
    FIELDS = ["id", "name", "side", "nationality", "type", "size", "division", "cf", "bonus", "mf", "mechanised",
              "static", "concealed_mf", "opt", "setup_only", "replaceable", "lp_recruit", "lp_replace", "scenario",
              "at_start", "provenance", "source"]
    VALUE_FIELDS = ["name", "type", "size", "division", "cf", "bonus", "mf", "mechanised", "static", "concealed_mf",
                    "opt", "setup_only", "replaceable", "lp_recruit", "lp_replace", "at_start"]

    rows = []
    vp = []

    # LP charts (printed, end of rules)
    JCH = {  # type -> (recruit, replace, setup_only, line)
        "armor": (3, None, True, "L1601"), "coastal_defense": (3, None, True, "L1601"),
        "heavy_weapons": (3, None, True, "L1601"), "marine": (3, None, True, "L1601"),
        "airborne": (3, None, True, "L1601"), "special_forces": (3, None, True, "L1601"),
        "infantry": (2, None, True, "L1602"), "engineer": (2, None, True, "L1602"),
        "second_line": (1, 1, False, "L1603"), "construction": (1, 1, False, "L1603"),
        "guerrilla": (1, 1, False, "L1603"), "deception": (0, None, False, "L1604"),
    }
    ACH = {
        "hq": (4, 2, "L1626"), "heavy_weapons": (4, 2, "L1626"), "armor": (3, 2, "L1627"),
        "artillery": (3, 2, "L1627"), "airborne": (3, 2, "L1627"), "ranger": (3, 2, "L1627"),
        "marine": (2, 1, "L1628"), "infantry": (2, 1, "L1628"), "engineer": (2, 1, "L1628"),
    }


    def ordinal(n):
        n = int(n)
        suf = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
        return f"{n}{suf}"


    def add(uid, name, side, nat, typ, size, div, cf, bonus, mf, *, mech=False, opt=False, at_start="",
            scenario="both", combat_prov="reconstructed", combat_src="", chart_note="", name_src="", pw=False):
        static = mf == 0
        if side == "Japanese":
            rec, rep, setup_only, line = JCH[typ]
            if pw:
                rec, rep, setup_only, line = 0, None, True, "L1608"
            cmf = 0 if static else 7
            lp_src = f"Japanese LP Expenditure Chart {line}" + (f"; {chart_note}" if chart_note else "")
            lp_prov = "printed" if not chart_note else "reconstructed"
        else:
            rec, rep, line = ACH[typ]
            setup_only = False
            cmf = ""
            lp_src = f"Allied LP Expenditure Chart {line}" + (f"; {chart_note}" if chart_note else "")
            lp_prov = "printed" if not chart_note else "reconstructed"
        # Special reinforcements priced by their own rules
        if at_start == "special_6mar":
            rec, rep = 0, 1
            lp_src = "24.1 L1440: free the GT after Amoy falls; replacement at the Marine price L1628"
            lp_prov = "printed"
        if pw:
            lp_src = "Japanese LP Expenditure Chart L1608 defers to the optional rules, which give no price: R-30"
            lp_prov = "reconstructed"
        replaceable = rep is not None
        row = dict(id=uid, name=name, side=side, nationality=nat, type=typ, size=size, division=div, cf=cf,
                   bonus=bonus, mf=mf, mechanised=str(mech).lower(), static=str(static).lower(), concealed_mf=cmf,
                   opt=str(opt).lower(), setup_only=str(setup_only).lower(), replaceable=str(replaceable).lower(),
                   lp_recruit=rec, lp_replace="" if rep is None else rep, scenario=scenario, at_start=at_start or "no",
                   provenance="mixed", source="per-value provenance in value_provenance.csv")
        rows.append(row)
        srcs = {
            "name": ("reconstructed", name_src or "historical identification (reading notes §2b; see RULINGS.md P-5)"),
            "type": ("reconstructed", "unit type from the historical unit; chart types L1599-1631"),
            "size": ("reconstructed", "historical size; size symbols 2.3.2 L221-232"),
            "division": ("reconstructed", "historical parent formation (2.3.2 L180: regiment/division)"),
            "cf": (combat_prov, combat_src),
            "bonus": (combat_prov if bonus == "none" and combat_prov == "example" else "reconstructed", combat_src),
            "mf": (combat_prov, combat_src),
            "mechanised": ("example" if mech and combat_prov == "example" else "reconstructed",
                           combat_src if mech else "non-mechanised type (2.4 L266-288)"),
            "static": ("printed", "2.3.2 L199: MF 0 means static"),
            "concealed_mf": (("reconstructed", "R-11: one concealed MF for every Japanese mobile counter (11.1 L745)")
                             if side == "Japanese" and not static else
                             ("printed", "11.1 L745: concealed static units cannot move" if side == "Japanese"
                              else "11.1: only Japanese units are concealed")),
            "opt": ("printed" if opt else "reconstructed",
                    "25.5-25.10 name the optional units" if opt else "not named by any optional rule (25.0)"),
            "setup_only": ("printed", "8.2 L614, 3.0 L376, chart rows L1601-1602" if side == "Japanese"
                           else "8.2 L614: the Allies may recruit any unit at any time"),
            "replaceable": (lp_prov, lp_src),
            "lp_recruit": (lp_prov, lp_src),
            "lp_replace": (lp_prov, lp_src),
            "at_start": ("printed", "24.1 L1412/L1428 order of battle" if at_start not in ("", "no")
                         else "not in the 24.1 at-start lists"),
        }
        for f in VALUE_FIELDS:
            p, s = srcs[f]
            vp.append(dict(unit_id=uid, field=f, value=row[f], provenance=p, source=s))


    # ---------------- United States ----------------
    E5 = "15.5 example L1029 (E5): a pair of US 5-5 counters against a Japanese 3-6; the Army rifle regiment is the 5-5"
    MAR = ("by analogy with the E5 US 5-5 (L1029): a Marine regiment had the same three battalions as an Army "
           "regiment; the A reflects Marine assault doctrine and its larger organic support (reconstructed)")
    for div, regs in (("1st MarDiv", (1, 5, 7)), ("2nd MarDiv", (2, 6, 8)), ("6th MarDiv", (4, 22, 29))):
        for r in regs:
            start = "special_6mar" if div.startswith("6th") else "staging"
            add(f"us_{r}mar", f"{ordinal(r)} Mar/{div}", "Allied", "US", "marine", "regiment", div, 5, "A", 5,
                at_start=start, combat_src=MAR)
    for div, regs, opt in (("7th ID", (17, 32, 184), False), ("27th ID", (105, 106, 165), False),
                           ("81st ID", (321, 322, 323), False), ("96th ID", (381, 382, 383), False),
                           ("97th ID", (303, 386, 387), True)):
        for r in regs:
            add(f"us_{r}inf", f"{r} Inf/{div}", "Allied", "US", "infantry", "regiment", div, 5, "none", 5, opt=opt,
                at_start="" if opt else "staging", combat_prov="example", combat_src=E5,
                scenario="both")
    add("us_iii_ac", "III Amphibious Corps HQ", "Allied", "US", "hq", "corps", "Tenth Army", 1, "none", 6,
        at_start="staging", combat_src="HQ: weak in combat; MF 6 sets its LOS reach (19.2 L1279), as long as the "
        "longest foot MF so it can follow the regiments")
    add("us_xxiv", "XXIV Corps HQ", "Allied", "US", "hq", "corps", "Tenth Army", 1, "none", 6, at_start="staging",
        combat_src="as III AC HQ")
    add("us_10army", "Tenth Army HQ", "Allied", "US", "hq", "army", "Tenth Army", 1, "none", 6,
        combat_src="as III AC HQ; Buckner's army HQ, a reinforcement (4 LP, L1626)")
    for i, nm in enumerate(("1st Armored Group (USMC tank bns)", "2nd Armored Group (Army tank bns)",
                            "3rd Armored Group (amtank bns)"), start=1):
        add(f"us_armor{i}", nm, "Allied", "US", "armor", "group", "Tenth Army", 4, "A", 8, mech=True,
            at_start="staging" if i <= 2 else "",
            combat_src="4 A 8 boxed: 3-4 tank battalions massed; one more CF and two more MF than the 3 A 6 sample "
            "of 2.3.2 L200")
    for i in range(1, 5):
        add(f"us_arty{i}", f"{i}{'st' if i == 1 else 'nd' if i == 2 else 'rd' if i == 3 else 'th'} Artillery Group",
            "Allied", "US", "artillery", "group", "Tenth Army", 4, "A", 4, at_start="staging" if i <= 3 else "",
            combat_src="corps artillery groups (155 mm/8-inch): strong in the attack (A), slow (tractor-drawn)")
    for i in range(1, 8):
        add(f"us_eng{i}", f"{ordinal(1100 + i)} Engineer Group", "Allied", "US", "engineer", "group", "Tenth Army", 2,
            "none", 5, at_start="staging", combat_src="engineer groups: 2 CF, foot MF 5 like the infantry",
            name_src="Tenth Army engineer groups (1102nd-1108th were its numbered groups on Okinawa); numbering ours")
    for i in (1, 2):
        add(f"us_sb{i}", f"{i}{'st' if i == 1 else 'nd'} Naval Construction Brigade (SB)", "Allied", "US", "engineer",
            "brigade", "Tenth Army", 1, "none", 5, combat_src="Seabees: builders first (CF 1), engineer type (L246 SB)")
    for r, nm in ((511, "511 Para Inf/11th Abn"), (187, "187 Glider Inf/11th Abn"), (188, "188 Glider Inf/11th Abn")):
        add(f"us_{r}abn", nm, "Allied", "US", "airborne", "regiment", "11th Abn Div", 4, "none", 5,
            combat_src="lighter than a 5-5 line regiment (fewer heavy weapons); foot MF 5")
    add("us_6ranger", "6th Ranger Bn", "Allied", "US", "ranger", "battalion", "Sixth Army", 2, "A", 6,
        combat_src="a battalion: 2 CF; A and MF 6 for a raiding unit (22.0 infiltration)")
    for i in (1, 2):
        add(f"us_db{i}", f"{i}{'st' if i == 1 else 'nd'} Defense Bn (USMC)", "Allied", "US", "heavy_weapons",
            "battalion", "FMF Pacific", 3, "D", 0,
            combat_src="R-27: the chart's Allied 'Heavy Weapons' read as USMC defense battalions (L246 DB), static")

    # ---------------- Commonwealth (scenario 2) ----------------
    add("cw_i_aus", "I Australian Corps HQ", "Allied", "CW", "hq", "corps", "I Aus Corps", 1, "none", 6,
        scenario="2", combat_src="as the US corps HQs; CW units need a CW HQ (5.1 L425)")
    for b in (18, 21, 25):
        add(f"cw_{b}bde", f"{ordinal(b)} Aus Inf Bde/7th Aus Div", "Allied", "CW", "infantry", "brigade",
            "7th Aus Div", 5, "none", 5, scenario="2",
            combat_src="an Australian brigade (3 bns) rated as a US 5-5 regiment (E5 L1029), by analogy")
    add("cw_4armd", "4th Aus Armoured Bde", "Allied", "CW", "armor", "brigade", "I Aus Corps", 3, "A", 8, mech=True,
        scenario="2", combat_src="Matilda regiments; weaker than a US armoured group (4 A 8)")

    # ---------------- Japanese ----------------
    J36 = "15.5 example L1029: a Japanese 3-6 (E5); read as the line infantry regiment"
    for div, regs, start in (("9th Div", (7, 19, 35), "formosa"), ("12th Div", (24, 46, 48), "formosa"),
                             ("50th Div", (301, 302, 303), "formosa"), ("66th Div", (249, 304, 305), "formosa"),
                             ("10th Div", (10, 39, 63), ""), ("23rd Div", (64, 71, 72), "")):
        for r in regs:
            note = ("" if start == "" else
                    "R-29: at-start divisions are not on the chart; priced as First Line Infantry (L1602)")
            add(f"ij_{r}inf", f"{r} Inf/{div}", "Japanese", "Japanese", "infantry", "regiment", div, 3, "none", 6,
                at_start=start, scenario="both" if start else "1", combat_prov="example", combat_src=J36,
                chart_note=note)
    for b in (75, 76, 100, 102, 103, 112):
        add(f"ij_{b}imb", f"{b} IMB", "Japanese", "Japanese", "infantry", "brigade", "10th Area Army", 4, "D", 5,
            at_start="formosa_choice",
            combat_src="independent mixed brigades: 5-6 bns, more men than a regiment but little transport; D for "
            "prepared positions")
    for i, nm in enumerate(("Kiirun Fortress CD", "Takao Fortress CD", "Mako Fortress CD", "Tansui CD"), start=1):
        add(f"ij_cd{i}", nm, "Japanese", "Japanese", "coastal_defense", "regiment", "10th Area Army", 2, "D", 0,
            at_start="formosa_choice", combat_src="fixed coast artillery: static (MF 0) with a defence bonus")
    for i in range(1, 8):
        add(f"ij_hw{i}", f"{i}{'st' if i == 1 else 'nd' if i == 2 else 'rd' if i == 3 else 'th'} Heavy Weapons Bde",
            "Japanese", "Japanese", "heavy_weapons", "brigade", "10th Area Army", 4, "D", 0,
            at_start="formosa_choice",
            combat_src="artillery and mortar brigades in caves: static, D; 5 of 7 set up (24.1 'player's choice')")
    for i in range(1, 4):
        add(f"ij_eng{i}", f"{i}{'st' if i == 1 else 'nd' if i == 2 else 'rd'} Engineer Regt", "Japanese", "Japanese",
            "engineer", "regiment", "10th Area Army", 2, "none", 6, at_start="formosa_choice",
            combat_src="engineers: 2 CF, foot MF 6 as the line regiments")
    add("ij_tank", "Formosa Tank Regt", "Japanese", "Japanese", "armor", "regiment", "10th Area Army", 3, "A", 6,
        mech=True, combat_prov="example", combat_src="2.3.2 L200: the sample counter 3 A 6 with a boxed MF")
    for nm, uid in (("Takao Nav Gd", "ij_ngd_takao"), ("Kiirun Nav Gd", "ij_ngd_kiirun"),
                    ("Mako Nav Gd", "ij_ngd_mako"),
                    ("Formosa Eng Gd", "ij_engd"), ("1st Guard Bn", "ij_gd1"), ("2nd Guard Bn", "ij_gd2")):
        add(uid, nm, "Japanese", "Japanese", "second_line", "battalion", "10th Area Army", 2, "none", 4,
            combat_src="second-line guard troops (2.4 L284-286): 2 CF, MF 4",
            chart_note="R-28: naval and engineer guards priced as 2nd Line Infantry" if "Gd" in nm else "")
    for i in (1, 2):
        add(f"ij_con{i}", f"{i}{'st' if i == 1 else 'nd'} Construction Bn", "Japanese", "Japanese", "construction",
            "battalion", "10th Area Army", 1, "none", 4, combat_src="construction troops: 1 CF, MF 4")
    for i in range(1, 5):
        add(f"ij_gue{i}", f"Guerrilla {i}", "Japanese", "Japanese", "guerrilla", "company", "", 1, "none", 6,
            combat_src="militia and stay-behind parties (23.0 designer's note): 1 CF; MF 6 in the hills; CF 1 makes "
            "the 25.6 die-hard roll need a d6 below the dead unit's CF")
    for i in range(1, 5):
        add(f"ij_dec{i}", f"Deception {i}", "Japanese", "Japanese", "deception", "", "", 0, "none", 0,
            at_start="formosa",
            combat_src="R-12: a dummy: no CF; static (11.1 L745 says deception units cannot move)")
    add("ij_marine", "Takao SNLF Bde (Marine)", "Japanese", "Japanese", "marine", "brigade", "IJN", 3, "A", 6, opt=True,
        combat_src="25.7 counter-landing brigade: 3 A 6 as the sample counter, not mechanised")
    add("ij_raider", "Giretsu Air Raider Bn (AR)", "Japanese", "Japanese", "airborne", "battalion", "IJA", 2, "A", 6,
        opt=True, combat_src="25.8 raiders: a battalion, 2 CF with an attack bonus")
    add("ij_takasago", "Takasago Special Force (Tag)", "Japanese", "Japanese", "special_forces", "battalion", "IJA", 2,
        "none", 6, opt=True, combat_src="25.9: Taiwanese volunteers, battalion size, jungle-mobile")
    add("ij_pw", "PW Camp", "Japanese", "Japanese", "deception", "", "", 0, "none", 0, opt=True, pw=True,
        combat_src="25.10: never attacks; CF 0 (R-30)")
    rows[-1]["type"] = "pw_camp"
    for r in vp:
        if r["unit_id"] == "ij_pw" and r["field"] == "type":
            r["value"] = "pw_camp"

    with (OUT / "units.csv").open("w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, FIELDS, lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
    with (OUT / "value_provenance.csv").open("w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, ["unit_id", "field", "value", "provenance", "source"], lineterminator="\n")
        w.writeheader()
        w.writerows(vp)
    _log(len(rows), "units;", len(vp), "value rows")


def _build_tables(root: Path) -> None:
    T = root / "tables"
    COLS = ["49-", "50-99", "100-199", "200-299", "300-399", "400-499", "500-599", "600-699", "700+"]


    def write(name, header, fields, rows):
        with (T / f"{name}.csv").open("w", newline="", encoding="utf-8") as f:
            w = csv.writer(f, lineterminator="\n")
            w.writerow(["column", "roll", *fields, "provenance", "source"])
            w.writerows(rows)
        # the headers are written indented in this file; TOML lines carry no meaningful indentation
        text = "# Generated by tools/build_formosa_data.py: edit the values there, not here.\n" + "".join(
            line.strip() + "\n" for line in header.strip().splitlines())
        (T / f"{name}.toml").write_text(text, encoding="utf-8")


    def crt(name, title, case, grid, note, special=None):
        special = special or {}
        rows = []
        for ci, col in enumerate(COLS):
            for roll in range(1, 7):
                res = grid[roll - 1][ci]
                p, s = special.get((col, roll), ("reconstructed", note))
                rows.append([col, roll, res, p, s])
        head = f'''# Reconstructed chart (the printed one was lost in OCR): RULINGS.md, PROVENANCE P-1.
    id = "{name}"
    name = "{title}"
    case = "{case}"
    die = "d6"
    provenance = "reconstructed"
    source = "{note}"

    [columns]
    by = "percent"
    below = "clamp"
    above = "clamp"

    [rolls]
    below = "clamp"
    above = "clamp"

    [fields]
    result = "str"
    '''
        write(name, head, ["result"], rows)


    # rows = rolls 1..6, columns = COLS; roll 6 is always the attacker's best cell in a column
    ALLIED = [
        ["AE", "A1", "A1", "AR", "CA", "BB", "B1", "DR", "DR"],
        ["A1", "A1", "AR", "CA", "BB", "B1", "DR", "D1", "D1"],
        ["A1", "AR", "CA", "BB", "B1", "DR", "D1", "D1", "DE"],
        ["AR", "CA", "BB", "B1", "DR", "D1", "D1", "DE", "DE"],
        ["AR", "CA", "B1", "DR", "D1", "DE", "DE", "DE", "DE"],
        ["CA", "BB", "DR", "D1", "DE", "DE", "DE", "DE", "DE"],
    ]
    JAPANESE = [
        ["AE", "AE", "A1", "A1", "AR", "CA", "BB", "B1", "DR"],
        ["AE", "A1", "A1", "AR", "CA", "BB", "B1", "DR", "D1"],
        ["A1", "A1", "AR", "CA", "BB", "B1", "DR", "D1", "D1"],
        ["A1", "AR", "CA", "BB", "B1", "DR", "D1", "D1", "DE"],
        ["AR", "CA", "BB", "B1", "DR", "D1", "DE", "DE", "DE"],
        ["CA", "BB", "B1", "DR", "D1", "DE", "DE", "DE", "DE"],
    ]
    CRT_NOTE = ("reconstructed: Miranda percentage-CRT shape (9 columns, 15.3 L939-941; result set 15.5 L993-1027); "
                "defender losses rise with the column and with the roll (roll 6 best for the attacker)")
    crt("crt_allied", "Combat Results Table (Allied Attacking)", "15.2, 15.3, 15.5", ALLIED, CRT_NOTE,
        {("300-399", 2): ("example", "15.5 example L1029 (E5): two US 5-5 vs a Japanese 3-6 (333%) gives BB; the roll "
                          "2 place is ours")})
    crt("crt_japanese", "Combat Results Table (Japanese Attacking)", "15.2, 15.3, 15.5", JAPANESE,
        CRT_NOTE + "; richer in AE, BB and CA than the Allied table (costly night attacks)")

    # Air Combat Table: columns = air points, result = enemy air points (or kamikaze: markers/NG units) lost
    AIR_COLS = ["0", "1", "2", "3", "4", "5-6", "7-9", "10-14", "15-19", "20+"]
    rows = []
    for col in AIR_COLS:
        lo = int(col.split("-")[0].rstrip("+"))
        for roll in range(1, 7):
            rows.append([col, roll, max(0, (lo + 2 * roll - 4) // 6), "reconstructed",
                         "loss = max(0, floor((points + 2 x roll - 4) / 6)), points at the column's low end"])
    write("air_combat", '''# Reconstructed chart: RULINGS.md PROVENANCE P-2.
    id = "air_combat"
    name = "Air Combat Table"
    case = "16.2, 16.6"
    die = "d6"
    provenance = "reconstructed"
    source = "loss formula calibrated so 15 Allied points kill 2-3 Japanese points a turn and flak alone 1 on 5-6"

    [columns]
    by = "factor"
    below = "error"
    above = "clamp"

    [rolls]
    below = "clamp"
    above = "clamp"

    [fields]
    losses = "int"
    ''', ["losses"], rows)

    # B-29 Attack Table: one column per terrain, as result fields (a roll reads across)
    B29 = {  # terrain: results for rolls 1..6
        "open": ["NE", "DS", "DS", "D1", "D1", "D1"],
        "rough": ["NE", "NE", "DS", "DS", "D1", "D1"],
        "mud_flats": ["NE", "NE", "DS", "DS", "D1", "D1"],
        "mountain": ["NE", "NE", "NE", "DS", "DS", "D1"],
        "peak": ["NE", "NE", "NE", "DS", "DS", "D1"],
        "city": ["NE", "NE", "DS", "DS", "DS", "D1"],
        "town": ["NE", "DS", "DS", "DS", "D1", "D1"],
        "fortified": ["NE", "NE", "NE", "NE", "DS", "D1"],
    }
    rows = []
    for roll in range(1, 7):
        rows.append(["-", roll, *[B29[t][roll - 1] for t in B29], "reconstructed",
                     "cover grades the bomb pattern: open worst, Fortified (CD/HW present, 16.5 L1173) best"])
    write("b29", '''# Reconstructed chart: RULINGS.md PROVENANCE P-3. Printed columns are result fields here.
    id = "b29"
    name = "B-29 Attack Table"
    case = "16.5"
    die = "d6"
    provenance = "reconstructed"
    source = "terrain columns + Fortified (16.5 L1171-1173); results D1/DS printed (L1179-1190), NE ours"

    [columns]
    by = "none"

    [rolls]
    below = "clamp"
    above = "clamp"

    [fields]
    ''' + "".join(f'{t} = "str"\n' for t in B29), list(B29), rows)

    FLEET = ["Fiasco", "Fiasco", "Fiasco", "Indecisive Action", "Indecisive Action", "Decisive Battle"]
    FLEET2 = ["Fiasco", "Fiasco", "Fiasco", "Fiasco", "Indecisive Action", "Decisive Battle"]
    code = {"Fiasco": "fiasco", "Indecisive Action": "indecisive", "Decisive Battle": "decisive"}
    rows = [["-", r, code[FLEET[r - 1]], code[FLEET2[r - 1]], "printed", f"Japanese Mobile Fleet Sortie Table "
             f"L{1616 + r}"] for r in range(1, 7)]
    write("fleet_sortie", '''# Printed chart (end of rules, L1615-1622).
    id = "fleet_sortie"
    name = "Japanese Mobile Fleet Sortie Table"
    case = "18.0"
    die = "d6"
    provenance = "printed"
    source = "Japanese Mobile Fleet Sortie Table, L1615-1622"

    [columns]
    by = "none"

    [rolls]
    below = "error"
    above = "error"

    [fields]
    scenario_1 = "str"
    scenario_2 = "str"
    ''', ["scenario_1", "scenario_2"], rows)
    # Small printed d6 charts of the optional rules.
    def printed_d6(tid, title, case, fields, bands, src):
        rows = [["-", band, *vals, "printed", f"{src}"] for band, vals in bands]
        head = (f'# Printed chart ({src}).\nid = "{tid}"\nname = "{title}"\ncase = "{case}"\ndie = "d6"\n'
                f'provenance = "printed"\nsource = "{src}"\n\n[columns]\nby = "none"\n\n[rolls]\n'
                'below = "error"\nabove = "error"\n\n[fields]\n' + "".join(f'{f} = "{ty}"\n' for f, ty in fields))
        write(tid, head, [f for f, _ in fields], rows)

    printed_d6("counter_landing", "Japanese Marine and Air Raider landing roll", "25.7, 25.8",
               [("outcome", "str")], [("1-2", ["eliminated"]), ("3", ["turned_back"]), ("4-6", ["lands"])],
               "25.7 L1549-1551, 25.8 L1564-1566")
    printed_d6("raider_airfield", "Air Raiders on an Allied airfield", "25.8", [("tac_points_lost", "int")],
               [("1-2", [0]), ("3-4", [1]), ("5-6", [2])], "25.8 L1570-1572")
    printed_d6("pw_camp_b29", "PW camp under a B-29 D1 with other units", "25.10", [("outcome", "str")],
               [("1-3", ["camp_removed"]), ("4-6", ["unit_eliminated"])], "25.10 L1596-1597")
    _log("tables written")


def _build_charts(root: Path) -> None:
    F = root
    def w(path, header, rows):
        with path.open("w", newline="", encoding="utf-8") as f:
            x = csv.writer(f, lineterminator="\n")
            x.writerow(header)
            x.writerows(rows)


    JCH = "Japanese LP Expenditure Chart"
    w(F / "tables/lp_japanese.csv",
      ["id", "item", "unit_types", "recruit", "replace", "setup_only", "provenance", "source"],
      [["top_box", "Armor, Coastal Defense, Heavy Weapons, Marines, Airborne, Special Forces",
        "armor;coastal_defense;heavy_weapons;marine;airborne;special_forces", "3", "N/A", "true", "printed",
        f"{JCH} L1601 (set-up only: 8.2 L614)"],
       ["first_line", "First Line Infantry (10th and 23rd ID, separate infantry brigades) or Engineer",
        "infantry;engineer", "2", "N/A", "true", "printed", f"{JCH} L1602 (set-up only: 8.2 L614)"],
       ["second_line", "2nd Line Infantry, Construction, Guerrilla", "second_line;construction;guerrilla", "1", "1",
        "false", "printed", f"{JCH} L1603"],
       ["deception", "Deception", "deception", "0", "N/A", "false", "printed", f"{JCH} L1604"],
       ["tac_air", "TAC Air Point", "", "2", "2", "false", "printed", f"{JCH} L1605"],
       ["kamikaze", "Kamikaze Air Point", "", "1/2", "N/A", "false", "printed",
        f"{JCH} L1606 (not at set-up: 24.1 L1424; R-21)"],
       ["fleet_sortie", "Mobile Fleet Sortie", "", "4", "N/A", "false", "printed", f"{JCH} L1607"],
       ["pw_camp", "PW Camp", "pw_camp", "See Optional Rules", "N/A", "false", "printed",
        f"{JCH} L1608 (25.10 names no price: R-30)"],
       ["attack_shift", "Ground Attack Shift", "", "1", "", "false", "printed", f"{JCH} L1610"],
       ["defense_shift", "Ground Defense Shift", "", "1", "", "false", "printed", f"{JCH} L1611"]])

    ACH = "Allied LP Expenditure Chart"
    w(F / "tables/lp_allied.csv",
      ["id", "item", "unit_types", "recruit", "replace", "setup_only", "provenance", "source"],
      [["hq_hw", "Headquarters, Heavy Weapons", "hq;heavy_weapons", "4", "2", "false", "printed", f"{ACH} L1626"],
       ["armor_arty", "Armor, Artillery Group, Airborne, Ranger", "armor;artillery;airborne;ranger", "3", "2", "false",
        "printed", f"{ACH} L1627"],
       ["line", "Marine, Infantry, Engineer", "marine;infantry;engineer", "2", "1", "false", "printed", f"{ACH} L1628"],
       ["ng_b29", "Naval Gunfire, B-29", "naval_gunfire;b29", "3", "3", "false", "printed", f"{ACH} L1629"],
       ["air_supply", "Airborne Supply", "air_supply", "2", "2", "false", "printed", f"{ACH} L1630"],
       ["tac_air", "TAC Air Point", "", "1", "1", "false", "printed", f"{ACH} L1631"],
       ["amphibious", "Amphibious (marker)", "", "3", "3", "false", "printed",
        f"{ACH} L1633 (markers are only ever recruited: R-24)"],
       ["drop_zone", "Airborne Drop Zone (marker)", "", "1", "1", "false", "printed", f"{ACH} L1634 (R-24)"],
       ["base_port", "Convert Engineer to a Base in a Port hex", "", "3", "", "false", "printed",
        f"{ACH} L1636 garbled '77-3'; 20.1 L1335 prints 3 (R-25)"],
       ["base_airfield", "Convert Engineer to a Base in an Airfield hex", "", "1", "", "false", "printed",
        f"{ACH} L1637-1638; 20.1 L1335"],
       ["base_port_airfield", "Convert Engineer to a Base in a Port + Airfield hex", "", "4", "", "false", "printed",
        f"{ACH} L1639-1640; 20.1 L1335-1337"]])

    w(F / "tables/victory.csv", ["level", "winner", "margin_min", "margin_max", "provenance", "source"],
      [["strategic", "Allied", "25", "", "printed", "4.2 L410"],
       ["operational", "Allied", "19", "24", "printed", "4.2 L410"],
       ["draw", "", "13", "18", "printed", "4.2 L412"],
       ["operational", "Japanese", "7", "12", "printed", "4.2 L414"],
       ["strategic", "Japanese", "", "6", "printed", "4.2 L414"]])

    TEC_SRC = "reconstructed: Miranda/DG island-game TEC (reading notes §2b), checked against the printed fragments"
    tec = []


    def t(terrain, kind, field, value, prov="reconstructed", src=TEC_SRC):
        tec.append([terrain, kind, field, value, prov, src])


    for terr, mp, mm, sa, sj in (("open", 1, 1, 0, 0), ("rough", 2, 3, 1, 1), ("mud_flats", 2, "P", 0, 0),
                                 ("mountain", 3, "P", 1, 2), ("peak", 4, "P", 2, 3)):
        t(terr, "hex", "mp_nonmech", mp, *(("printed", "12.1 example L777: open costs 1") if terr == "open" else ()))
        t(terr, "hex", "mp_mech", mm,
          *(("reconstructed", "12.2 L786 bars mechanised units from some terrain off road; 19.0 L1261 names mountain "
             "and peak for LOS, so movement follows (R-16)") if mm == "P" else ()))
        t(terr, "hex", "def_shift_allied", sa)
        t(terr, "hex", "def_shift_japanese", sj,
          *(("reconstructed", "15.4.1 L984 says Japanese shifts differ on some terrain: one more column in mountain, "
             "peak (cave defences) and city (R-17)") if sj != sa else ()))
    t("sea", "hex", "mp_nonmech", "P", "printed", "10.2.2 L717: land units cannot remain at sea; 19.0 L1258")
    t("sea", "hex", "mp_mech", "P", "printed", "10.2.2 L717")
    t("sea", "hex", "def_shift_allied", 0)
    t("sea", "hex", "def_shift_japanese", 0)
    for terr, sa, sj in (("city", 1, 2), ("town", 0, 1)):
        t(terr, "feature", "mp_nonmech", 1, "reconstructed", "a city/town costs as open; 2.2 L128 makes a hex with "
          "rougher terrain cost that terrain")
        t(terr, "feature", "mp_mech", 1, "reconstructed", "as mp_nonmech")
        t(terr, "feature", "def_shift_allied", sa)
        t(terr, "feature", "def_shift_japanese", sj,
          "reconstructed", "15.4.1 L984: Japanese urban defence one column better (R-17)")
    t("river", "hexside", "mp_nonmech", 1, "printed", "12.1 example L777: +1 MP to cross an unbridged river")
    t("river", "hexside", "mp_mech", 1, "reconstructed", "12.1 L777 as for non-mechanised (the example names no class)")
    t("river", "hexside", "def_shift_allied", 1, "reconstructed",
      "15.4.1 L982 prints that hexsides can shift when every attacker crosses one; one column ours")
    t("river", "hexside", "def_shift_japanese", 1, "reconstructed", "as def_shift_allied")
    t("all_sea", "hexside", "mp_nonmech", "P", "printed", "15.0 L890 (no attack) and 19.0 L1258 (no LOS) across "
      "all-sea hexsides; movement barred likewise (R-18)")
    t("all_sea", "hexside", "mp_mech", "P", "printed", "as mp_nonmech")
    t("all_sea", "hexside", "def_shift_allied", 0, "printed", "15.0 L890: no attack across it, so no shift")
    t("all_sea", "hexside", "def_shift_japanese", 0, "printed", "15.0 L890")
    for terr, src in (("road", "12.4 L798: 1/2 MP along a contiguous road whatever the terrain"),
                      ("rail", "12.4 L803: railroads count as roads")):
        t(terr, "hexside", "mp_nonmech", "0.5", "printed", src)
        t(terr, "hexside", "mp_mech", "0.5", "printed", src)
        t(terr, "hexside", "def_shift_allied", 0, "printed", "15.4.1 L986: roads never negate terrain; no shift")
        t(terr, "hexside", "def_shift_japanese", 0, "printed", "15.4.1 L986")
    w(F / "tables/tec.csv", ["terrain", "kind", "field", "value", "provenance", "source"], tec)

    C = []


    def c(id_, v, case, desc, prov="printed", src=None):
        C.append([id_, v, case, desc, prov, src or case])


    c("counters.total", 176, "2.0 L94", "counters on the sheet (units and markers)")
    c("lp.cap", 20, "7.2 L545", "most LP a side may keep once the Recruit Phase closes (and of set-up: R-8)")
    c("lp.floor", 0, "7.2 L546", "LP never go below zero")
    c("lp.allied_income_s1", 5, "7.2 L532", "Allied LP each GT in Scenario 1")
    c("lp.allied_income_s2", 10, "7.2 L534", "Allied LP each GT in Scenario 2")
    c("lp.allied_amoy", 5, "7.2 L536, 9.1 L656", "Allied LP each GT, starting the GT after Amoy falls")
    c("lp.allied_major_port", 3, "7.2 L538", "Allied LP per functional major port")
    c("lp.allied_minor_port", 1, "7.2 L540", "Allied LP per functional minor port")
    c("lp.airfields_per_lp", 2, "7.2 L528, L542", "functional (Allied) or controlled (Japanese) airfields per LP, "
      "rounded down")
    c("lp.japanese_income_dice", 1, "7.2 L527", "d6 rolled for Japanese income each GT")
    c("lp.shift_allied_attack_max", 2, "15.4.1 L974", "LP the Allies may spend for shifts on one attack")
    c("lp.shift_japanese_max", 1, "15.4.1 L974", "LP the Japanese may spend for a shift in one combat")
    c("lp.shift_defence_max", 1, "15.4.1 L978", "LP a defender may spend for a left shift")
    c("lp.motorised", 1, "22.0 L1391", "LP per hex stack for Allied motorised movement")
    c("motorised.mf_multiplier", 2, "22.0 L1389", "motorised movement doubles the MF")
    c("base.port", 3, "20.1 L1335", "LP to turn an engineer into a port base (E16)")
    c("base.airfield", 1, "20.1 L1335", "LP to turn an engineer into an airfield base (E16)")
    c("base.port_airfield", 4, "20.1 L1335-1337", "LP for a base in a hex with a port and an airfield (E16)")
    c("base.max_per_hex", 1, "20.1 L1341", "engineer bases in one hex")
    c("stack.allied_mobile", 4, "13.1 L822", "Allied mobile ground units per hex")
    c("stack.allied_static", 1, "13.1 L822", "Allied static ground units per hex")
    c("stack.allied_tac", 2, "13.1 L824", "Allied tactical air points per hex (plus the air supply unit)")
    c("stack.allied_air_supply", 1, "13.1 L824", "air supply units per hex")
    c("stack.allied_ng", 2, "13.1 L828", "Allied naval gunfire units per hex")
    c("stack.japanese_mobile", 3, "13.2 L836", "Japanese mobile ground units per hex")
    c("stack.japanese_static", 1, "13.2 L836", "Japanese static ground units per hex")
    c("stack.japanese_tac", 1, "13.2 L838", "Japanese tactical air points per hex")
    c("transfer.functional_port", 4, "21.0 L1362", "units in plus out of one functional port per Naval Transfer "
      "Phase (E10: 3 out + 1 in)")
    c("transfer.coast_hex", 1, "21.0 L1363", "units out of one open coastal hex or non-functional port per phase")
    c("invasion.amphib_capacity", 4, "10.2 L697", "mobile units one amphibious marker lands")
    c("invasion.dz_capacity", 2, "10.3 L721", "regiment-sized airborne units one drop zone marker lands")
    c("invasion.markers_per_hex", 1, "10.1 L679", "amphibious markers in one hex")
    c("interdiction.max_points_per_hex", 2, "16.4 L1156", "Allied interdiction air points in one hex")
    c("interdiction.mp_per_point", 1, "16.4 L1158-1159", "extra MP a Japanese unit pays per interdiction point")
    c("ground_support.allied_max", 2, "16.3 L1143", "Allied ground-support air points per hex")
    c("ground_support.japanese_max", 1, "16.3 L1143", "Japanese ground-support air points per hex")
    c("ng.max_per_combat", 2, "17.0 L1226", "naval gunfire units committed to one combat")
    c("air_supply.combats_per_gt", 1, "19.4 L1295", "Allied combats one air supply unit helps each GT")
    c("amoy.first_gt", 2, "9.1 L653", "first GT of the Amoy roll (captured on a d6 below the GT number)")
    c("sudden_death.from_gt", 2, "4.1 L385", "sudden death is checked from GT 2 on (R-3)")
    c("vp.major_port", 4, "4.2 L397", "Allied VP per controlled major port with a base")
    c("vp.minor_port", 2, "4.2 L398", "Allied VP per controlled minor port with a base (R-4)")
    c("vp.airfield", 1, "4.2 L399", "Allied VP per controlled airfield with a base (R-4)")
    c("vp.industrial", 1, "4.2 L400", "Allied VP per controlled Industrial Objective")
    c("vp.peak", 1, "4.2 L400", "Allied VP per controlled Peak")
    c("vp.japanese_per_unit", 1, "4.2 L404", "Japanese VP per eliminated Allied HQ, regiment, brigade or group (R-5)")
    c("vp.97th_penalty", 5, "25.5 L1524", "Allied VP lost for using the 97th Division")
    c("vp.pw_liberated", 5, "25.10 L1590", "Allied VP for destroying the PW camp in ground combat and entering")
    c("vp.pw_survives", 3, "25.10 L1592", "Japanese VP if the PW camp survives on the map to the end")
    c("vp.pw_bombed", 5, "25.10 L1593", "Japanese VP if a B-29 D1 kills the PW camp")
    c("battlefield_lp.allied_cf", 9, "25.2 L1490", "Japanese CF the US must kill in one attack for 1 LP")
    c("battlefield_lp.japanese_cf", 6, "25.2 L1491", "Allied CF the Japanese must kill in one attack for 1 LP")
    c("s1.turns", 13, "24.1 L1408", "game turns of Scenario 1")
    c("s2.turns", 8, "24.2 L1454", "game turns of Scenario 2")
    c("s1.allied_lp", 30, "24.1 L1432", "Allied set-up LP, Scenario 1")
    c("s2.allied_lp", 40, "24.2 L1464", "Allied set-up LP, Scenario 2")
    c("s1.allied_min_spend", 10, "24.1 L1434", "LP the Allies should spend at set-up so none are lost to the cap (E13)")
    c("s2.allied_min_spend", 20, "24.2 L1466", "40 set-up LP less the 20 cap (E13)", "example",
      "24.2 L1466 with 7.2 L545: 40 - 20")
    c("s1.japanese_lp_base", 15, "24.1 L1420", "Japanese set-up LP = 1d6 + this (a 6 gives 21: spend at least 1, E12)")
    c("s2.japanese_lp_base", 20, "24.2 L1456", "Japanese set-up LP = 1d6 + this, spent down to 20")
    c("s1.japanese_tac_base", 3, "24.1 L1418", "Japanese TAC points = 1d6 + this")
    c("s1.japanese_kamikaze_base", 0, "24.1 L1420", "Japanese kamikaze points = 1d6 + this")
    c("s1.allied_tac", 15, "24.1 L1430", "US TAC points, Scenario 1")
    c("s2.allied_tac", 20, "24.2 L1462", "US TAC points, Scenario 2")
    c("s2.cw_tac", 2, "24.2 L1462", "British TAC points, Scenario 2")
    c("s1.allied_ng", 4, "24.1 L1430", "US naval gunfire units")
    c("s2.cw_ng", 1, "24.2 L1462", "British naval gunfire units, Scenario 2 (L1462 'qunfire': R-31)")
    c("s1.japanese_cd", 2, "24.1 L1412", "Japanese coastal defence units at start")
    c("s1.japanese_hw", 5, "24.1 L1412", "Japanese heavy weapons brigades at start (player's choice)")
    c("s1.japanese_brigades", 5, "24.1 L1412", "Japanese infantry brigades at start")
    c("s1.japanese_engineers", 2, "24.1 L1412", "Japanese engineer units at start")
    c("s1.japanese_deception", 4, "24.1 L1412", "deception markers at start (all four; R-12)")
    c("s1.recon_dice", 1, "24.1 L1446", "d6 of Japanese stacks the Allies reveal before play")
    c("concealed.mf", 7, "11.1 L745", "MF of every concealed Japanese mobile counter", "reconstructed",
      "R-11: the back MF is lost; 7, one above the revealed infantry MF 6, gives the extra mobility of the 11.1 "
      "designer's note")
    w(F / "constants.csv", ["id", "value", "case", "description", "provenance", "source"], C)

    # The rest of the 176-counter sheet (2.0 L94): air, naval and marker counters. Which kinds exist is printed
    # (2.5-2.7, 16.0, 17.0, 18.0); how many of each is ours, sized to the scenarios' needs and to fill the sheet
    # with the 113 ground units. The count is a design limit on purchases (8.2 L617).
    mix = "reconstructed: count sized to the scenarios and to fill the 176-counter sheet (2.0 L94) with units.csv"
    markers = [
        ["tac_us", "US tactical air strike (1/2 points)", "Allied", "US", "air", 16, mix + "; 20 US points in "
         "Scenario 2 (24.2 L1462) as 1s and 2s"],
        ["tac_cw", "British tactical air strike (1/2 points)", "Allied", "CW", "air", 2,
         mix + "; 2 British points (24.2 L1462)"],
        ["tac_japanese", "Japanese tactical air strike (1/2 points)", "Japanese", "Japanese", "air", 10,
         mix + "; up to 9 points at start (24.1 L1418) plus purchases"],
        ["kamikaze", "Kamikaze air strike", "Japanese", "Japanese", "air", 6, mix + "; up to 6 points at start "
         "(24.1 L1420)"],
        ["b29", "B-29 (suppressed on the back)", "Allied", "US", "air", 1, "printed: 16.5 L1167-1194 speak of "
         "the one B-29 unit"],
        ["air_supply", "Air supply", "Allied", "US", "air", 1, "printed: 19.4 L1295 speaks of the one air supply "
         "unit"],
        ["ng_us", "US naval gunfire", "Allied", "US", "naval", 7, mix + "; 4 at start (24.1 L1430)"],
        ["ng_cw", "British naval gunfire", "Allied", "CW", "naval", 1, mix + "; 1 in Scenario 2 (24.2 L1462)"],
        ["amphibious", "Amphibious invasion marker", "Allied", "", "marker", 9, mix],
        ["drop_zone", "Airborne drop zone marker", "Allied", "", "marker", 3, mix + "; one per airborne pair "
         "(10.3 L721: two regiments each) and a spare"],
        ["fleet", "Japanese mobile fleet sortie", "Japanese", "Japanese", "naval", 1, "printed: 18.0 L1232 (one "
         "sortie a game)"],
        ["turn", "Game Turn", "", "", "admin", 1, "printed: 2.7 L348"],
        ["lp_allied", "US Logistics Points (1s and 10s)", "Allied", "", "admin", 2, mix + "; kind printed 2.7 L356"],
        ["lp_japanese", "Japanese Logistics Points (1s and 10s)", "Japanese", "", "admin", 2,
         mix + "; kind printed 2.7 L364"],
        ["amoy", "Allied Amoy Control", "Allied", "", "admin", 1, "printed: 2.7 L360"],
    ]
    w(F / "markers.csv", ["id", "name", "side", "nationality", "kind", "count", "provenance", "source"],
      [[*m[:6], "printed" if m[6].startswith("printed") else "reconstructed", m[6]] for m in markers])
    _log(len(C), "constants", len(tec), "tec values")


def build(root: Path) -> None:
    """Write every Formosa data file under ``root`` (which must exist)."""
    (root / "tables").mkdir(parents=True, exist_ok=True)
    _build_units(root)
    _build_tables(root)
    _build_charts(root)


def _differences(fresh: Path, current: Path) -> list[str]:
    bad = []
    for f in sorted(fresh.rglob("*")):
        if f.is_file():
            rel = f.relative_to(fresh)
            other = current / rel
            if not other.is_file() or not filecmp.cmp(f, other, shallow=False):
                bad.append(str(rel))
    return bad


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="exit 1 if a file differs from a fresh build")
    ap.add_argument("--out", type=Path, default=DATA, help="folder to write (default: scenarios/formosa)")
    args = ap.parse_args(argv)
    if args.check:
        _quiet[0] = True
        with tempfile.TemporaryDirectory() as tmp:
            build(Path(tmp))
            bad = _differences(Path(tmp), args.out)
        for rel in bad:
            print(f"{args.out / rel}: differs from a fresh build (run tools/build_formosa_data.py)")
        return 1 if bad else 0
    args.out.mkdir(parents=True, exist_ok=True)
    build(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
