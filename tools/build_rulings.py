"""Assemble scenarios/<game>/RULINGS.md and PROVENANCE.md from the notes fragments each part of the data keeps.

The fragments (notes/*-rulings.md, notes/*-provenance.md) sit next to the data they explain and are cited by it;
this script gathers them into the one file per kind a reader looks for. `--check` fails when the files are stale.

    python tools/build_rulings.py [--check] [GAME ...]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

HEADERS = {
    "RULINGS.md": (
        "# {title} — rulings\n\n"
        "Every ambiguity, contradiction and OCR garble of the rulebook we ruled on: the case, what the text says "
        "(in our words), the ruling and the reason. Assembled by `tools/build_rulings.py` from the fragments in "
        "`notes/` (edit those, then re-run). Sections: {sections}.\n"
    ),
    "PROVENANCE.md": (
        "# {title} — where the numbers come from\n\n"
        "How each part of the data was rebuilt, and what is printed, forced by a worked example or reconstructed. "
        "Every value also carries its own tag and source in the data files. Assembled by `tools/build_rulings.py` "
        "from the fragments in `notes/`. Sections: {sections}.\n"
    ),
}
ORDER = ["engine", "map", "units", "tables", "combat"]
TITLES = {"imperial-sunset": "Imperial Sunset", "samar": "Yamato Unleashed: Battle off Samar"}


def build(game: str, kind: str) -> str:
    notes = ROOT / "scenarios" / game / "notes"
    suffix = "-rulings.md" if kind == "RULINGS.md" else "-provenance.md"
    parts = sorted(notes.glob(f"*{suffix}"), key=lambda p: (ORDER.index(p.name[: -len(suffix)])
                                                            if p.name[: -len(suffix)] in ORDER else 99, p.name))
    names = [p.name[: -len(suffix)] for p in parts]
    out = [HEADERS[kind].format(title=TITLES.get(game, game), sections=", ".join(names) or "none")]
    for p in parts:
        text = p.read_text(encoding="utf-8").strip()
        # demote the fragment's own title one level so the assembled file has one top heading
        lines = text.splitlines()
        if lines and lines[0].startswith("# "):
            lines[0] = "#" + lines[0]
        out.append(f"\n<!-- from notes/{p.name} -->\n" + "\n".join(lines) + "\n")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", default=["imperial-sunset"])
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args(argv)
    stale = []
    for game in args.games:
        for kind in HEADERS:
            path = ROOT / "scenarios" / game / kind
            text = build(game, kind)
            if args.check:
                if not path.exists() or path.read_text(encoding="utf-8") != text:
                    stale.append(str(path))
            else:
                path.write_text(text, encoding="utf-8")
    if stale:
        print("stale: " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
