"""Build the Battle off Samar counters (``scenarios/samar/ships.csv``, ``air_units.csv``) from real characteristics.

The order of battle (9.0) and the counter sheet are lost. The set-up rules (3.1, 3.2) print which ships take part
and their numbering, so names, types, groups and numbers are ``printed``; every rating is ``reconstructed`` by one
formula per value from the ships' real armament, armour, speed and size (``tools/sources/samar_ships.csv``,
``samar_air.csv``). The formulas are here and in ``scenarios/samar/PROVENANCE.md``; change a formula and re-run::

    /work/venv/bin/python tools/build_samar_units.py [--check]

Armor is scaled so the 3.4 thresholds mean something: the twelve Japanese heavy ships total 48 armor points, so an
IJN major victory (20 exited) takes about two battleships and a couple of cruisers getting through, and a USN major
victory (8 or less) allows about one battleship or two cruisers to slip by.
"""

from __future__ import annotations

import argparse
import csv
import io
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "tools" / "sources"
OUT = ROOT / "scenarios" / "samar"
NM = 1.852


def rnd(x: float) -> int:
    """Round half up (Python's round() rounds half to even, which would make the formulas harder to check)."""
    return int(math.floor(x + 0.5))


def flag(v: str) -> bool:
    return v.strip().lower() in ("true", "yes", "1")


FORMULAS = {
    "range": "round(main gun max range in nm x 2/3), so 1.5 x rating is about the gun's maximum range (5.4)",
    "range_m": "M when the main guns are under 6 in: low-trajectory guns without a plunging-fire band (2.5)",
    "range_r": "R when the ship had radar fire control for its main battery in October 1944",
    "gunnery": "ceil(main guns / 2)",
    "secondary": "min(4, max(1, round((heavy AA guns + light AA barrels / 8) / 4))); A unless the secondary "
                 "guns were anti-ship weapons (casemate or DP secondaries on capital ships and Cleveland CLs)",
    "weight": "round(bore in inches x barrel length in calibres / 90)",
    "armor": "max(1, round(0.6 x sqrt(standard displacement in kt) + belt in mm / 100))",
    "armor_p": "P when the deck armour is under 40 mm on a ship of 5,000 t or more",
    "armor_t": "T when a ship of 5,000 t or more has no torpedo-defence system (bulge or layered void spaces)",
    "torpedo": "ceil(torpedo tubes / 4)",
    "speed": "round(0.16 x maximum speed in knots): 80 per cent of top speed, in nm per 12-minute turn",
    "speed_h": "H when the maximum speed is under 25 knots",
    "maneuver": "3 under 125 m long, 2 under 210 m, else 1",
    "reverse": "armor ceil(A/2); gunnery and secondary ceil(x/2); torpedo floor(T/2); speed max(2, speed - 1)",
}


def ship_rows() -> list[dict[str, object]]:
    out = []
    with (SRC / "samar_ships.csv").open(encoding="utf-8") as f:
        for r in csv.DictReader(f):
            disp = float(r["std_displacement_t"])
            main_in, main_cal = float(r["main_in"]), float(r["main_cal"])
            big = disp >= 5000
            rng = rnd(float(r["main_range_km"]) / NM * 2 / 3)
            gun = math.ceil(int(r["main_n"]) / 2)
            sec = min(4, max(1, rnd((int(r["ha_guns"]) + int(r["light_aa"]) / 8) / 4)))
            sec_surface = flag(r["sec_surface"])
            sec_in, sec_cal = float(r["sec_in"] or 0), float(r["sec_cal"] or 0)
            armor = max(1, rnd(0.6 * math.sqrt(disp / 1000) + float(r["belt_mm"]) / 100))
            speed = rnd(0.16 * float(r["max_speed_kn"]))
            length = float(r["length_m"])
            tubes = int(r["tubes"])
            torp = math.ceil(tubes / 4)
            out.append({
                "id": r["id"], "name": r["name"], "side": r["side"], "group": r["group"], "type": r["type"],
                "number": r["number"], "class": r["class"],
                "range": rng, "range_m": main_in < 6, "radar": flag(r["radar_fc"]),
                "gunnery": gun, "secondary": sec, "secondary_aa_only": not sec_surface,
                "secondary_range": rnd(float(r["sec_range_km"]) / NM * 2 / 3) if sec_surface else 0,
                "secondary_weight": rnd(sec_in * sec_cal / 90) if sec_surface else 0,
                "weight": rnd(main_in * main_cal / 90),
                "armor": armor, "armor_p": big and float(r["deck_mm"]) < 40, "armor_t": big and not flag(r["tds"]),
                "torpedo": torp, "speed": speed, "speed_h": float(r["max_speed_kn"]) < 25,
                "maneuver": 3 if length < 125 else 2 if length < 210 else 1,
                "r_armor": math.ceil(armor / 2), "r_gunnery": math.ceil(gun / 2), "r_secondary": math.ceil(sec / 2),
                "r_torpedo": torp // 2, "r_speed": max(2, speed - 1),
                "provenance": "reconstructed",
                "source": f"name, type, group, number printed (3.1-3.2); ratings by the formulas of "
                          f"tools/build_samar_units.py from {r['citation']}",
            })
    return out


def air_rows() -> list[dict[str, object]]:
    out = []
    with (SRC / "samar_air.csv").open(encoding="utf-8") as f:
        for r in csv.DictReader(f):
            kind = r["kind"]
            fm2, tbm, ac = int(r["fm2"]), int(r["tbm"]), int(r["aircraft"])
            if kind == "D":
                gun, weight, torp = rnd(tbm / 4), 4, 0
                note = "TBMs with 500-lb bombs: dice round(TBM/4), weight 4 (a 500-lb bomb taken as an 8-in shell)"
            elif kind == "T":
                gun, weight, torp, note = 0, 8, rnd(tbm / 4), "TBMs with torpedoes: torpedo dice round(TBM/4), " \
                    "weight 8 (7.2)"
            elif kind == "F":
                gun, weight, torp, note = rnd(fm2 / 6), 1, 0, "FM-2 strafing: dice round(FM-2/6), weight 1 " \
                    "(.50-cal guns); fighters cause no hits (8.4)"
            else:
                gun, weight, torp, note = rnd(ac / 3), 5, 0, "special attack Zeros with 250-kg bombs: dice " \
                    "round(aircraft/3), weight 5 (bomb plus the aircraft)"
            out.append({
                "id": r["id"], "name": r["name"], "side": r["side"], "group": r["group"], "carrier": r["carrier"],
                "kind": "D" if kind in ("D", "K") else kind, "special_attack": kind == "K",
                "gunnery": gun, "weight": weight, "torpedo": torp, "range": 0,
                "provenance": "reconstructed",
                "source": f"{note}; {r['citation']}",
            })
    return out


def to_csv(rows: list[dict[str, object]]) -> str:
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=list(rows[0]), lineterminator="\n")
    w.writeheader()
    for r in rows:
        w.writerow({k: (str(v).lower() if isinstance(v, bool) else v) for k, v in r.items()})
    return buf.getvalue()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args(argv)
    files = {OUT / "ships.csv": to_csv(ship_rows()), OUT / "air_units.csv": to_csv(air_rows())}
    if args.check:
        bad = [p.name for p, t in files.items() if not p.exists() or p.read_text(encoding="utf-8") != t]
        print("units up to date" if not bad else f"differ: {bad}")
        return 1 if bad else 0
    for p, t in files.items():
        p.write_text(t, encoding="utf-8")
        print(f"wrote {p}")
    heavy = [r for r in ship_rows() if r["side"] == "IJN" and r["type"] != "DD"]
    print("IJN heavy armor total:", sum(int(r["armor"]) for r in heavy))  # type: ignore[call-overload]
    return 0


if __name__ == "__main__":
    sys.exit(main())
