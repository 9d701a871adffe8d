"""The rules family: Imperial Sunset's own data gets the defaults; a sister game's family.toml is checked."""

from __future__ import annotations

from pathlib import Path

import pytest

import leyte
from leyte.core.errors import LeyteError, ScenarioError
from leyte.rulebooks.imperial_sunset.family import SWITCHES, Family, NotBuilt, load_family
from leyte.rulebooks.imperial_sunset.rules import RULES


def test_imperial_sunset_plays_every_default() -> None:
    fam = RULES.data().family
    assert fam.is_base and fam.cases is None
    assert {n: fam.switch(n) for n in SWITCHES} == {n: s.default for n, s in SWITCHES.items()}
    assert fam.switch("launch_mp") == 2
    with pytest.raises(LeyteError, match="no rules-family switch 'warp'"):
        fam.switch("warp")


def _sister(tmp_path: Path, toml: str, cases: str | None = "base_case,case,note\n8.1,8.0,strikes\n") -> Path:
    (tmp_path / "family.toml").write_text(toml)
    if cases is not None:
        (tmp_path / "cases.csv").write_text(cases)
    return tmp_path


def test_a_sister_game_reads_its_values_and_case_map(tmp_path: Path) -> None:
    fam = load_family(_sister(tmp_path, '[switches]\nlaunch_mp = 0\ncriticals = "torpedo_only"\n'), "sister")
    assert fam.switch("launch_mp") == 0 and fam.switch("criticals") == "torpedo_only"
    assert fam.switch("cap_scope") == "other_tfs"  # not set: Imperial Sunset's rule
    assert fam.cases is not None and fam.cases("8.1") == "8.0"
    e = Family("sister", {"criticals": "torpedo_only"}).not_built("criticals")
    assert isinstance(e, NotBuilt) and "criticals='torpedo_only'" in str(e) and "9.2" in str(e)
    assert isinstance(e, leyte.NotYetImplemented) and e.rule == "9.2"
    # with a case map, the error cites the running game's own case for the rule
    assert fam.not_built("launch_mp").rule == "6.2.2"  # not in this map: Imperial Sunset's number
    mapped = load_family(_sister(tmp_path, '[switches]\n', "base_case,case,note\n9.2,9.3,criticals\n"), "sister")
    assert mapped.not_built("criticals").rule == "9.3"


@pytest.mark.parametrize("toml, cases, match", [
    ('[switches]\nwarp = 1\n', "", "no such rules-family switch"),
    ('[switches]\nlaunch_mp = 3\n', "", "launch_mp: 3 is not one of"),
    ('[switches]\nlaunch_mp = true\n', "", "launch_mp: True is not one of"),
    ('switches = 5\n', "", "must be a table"),
    ('[switches\n', "", "family.toml"),
    ('[switches]\n', None, "needs a case map"),
])
def test_bad_family_files_are_refused(tmp_path: Path, toml: str, cases: str | None, match: str) -> None:
    _sister(tmp_path, toml, "base_case,case,note\n8.1,8.0,x\n" if cases == "" else cases)
    with pytest.raises(ScenarioError, match=match):
        load_family(tmp_path, "sister")


def test_a_sister_game_needs_a_family_file(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match="needs a family.toml"):
        load_family(tmp_path, "sister")
    assert load_family(tmp_path, "imperial-sunset") == Family()
