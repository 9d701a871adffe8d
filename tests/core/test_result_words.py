"""A table cell in plain words (``leyte.core.face.result_words``): what the odds panel and the roll log print for a
game whose face adds no words of its own."""

from __future__ import annotations

import pytest

from leyte.core.face import DefaultFace, result_words


@pytest.mark.parametrize(
    ("cell", "words"),
    [
        ({"detected": True, "report": "by_type", "plus_minus": 3, "dummy_removed": True},
         "detected, report: by type, counts off by up to 3, dummy removed"),
        ({"detected": False, "report": "none", "plus_minus": 0}, "nothing"),  # a miss says so, not four fields
        ({"hits": 0}, "nothing"),
        ({"hits": 2, "critical": False}, "hits 2"),
        ({"drm": -1, "destroyed": False}, "die modifier -1"),
        ({"drm": 1}, "die modifier +1"),
        ({"distance": 2, "or_more": True}, "distance 2, or more"),
    ],
)
def test_a_cell_reads_as_words_not_field_value_pairs(cell: dict, words: str) -> None:
    assert result_words(cell) == words
    assert "=" not in words and "_" not in words


def test_the_default_face_words_any_table_s_cell_the_generic_way() -> None:
    face = DefaultFace.__new__(DefaultFace)  # the method reads no game state
    assert face.roll_result_text("any_table", {"steps": 1, "sunk": True}) == "steps 1, sunk"
