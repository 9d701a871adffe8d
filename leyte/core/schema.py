"""Turning a pydantic validation failure into one ``ScenarioError`` a user can act on: the failing field's path
(``tfs[2].hits.yamato``), a short excerpt of its value, the reason, and the rule case the field belongs to.

Each game declares its position schema with pydantic models in its own package (``rulebooks/<game>/schema.py``);
this is the part they share. Imported only when a position is checked, so ``import leyte`` never loads pydantic.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError
from pydantic_core import PydanticCustomError

from leyte.core.errors import ScenarioError
from leyte.core.limits import excerpt

__all__ = ["field_path", "error_from", "SchemaChecker", "StrictModel", "check_entry"]


def field_path(loc: tuple[int | str, ...]) -> str:
    """A pydantic error location as a path a reader knows: ``tfs[0].hits.musashi``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out or "(top level)"


def error_from(where: str, exc: ValidationError, field_rules: Mapping[str, str], format_doc: str) -> ScenarioError:
    """One ScenarioError naming the first failing field's path, its value and the rule; the count of the rest.

    ``field_rules`` maps a field name to the rule case it comes from; ``format_doc`` is where the position format
    is documented (named when a field is not part of it).
    """
    errs = exc.errors(include_url=False)
    first = errs[0]
    loc = tuple(first["loc"])
    at = (first.get("ctx") or {}).get("at")
    bad = first.get("input")
    if at is not None:  # a validator over a list or dict names the entry it refused
        loc += (at,)
        try:
            bad = bad[at]  # type: ignore[index]
        except (LookupError, TypeError):
            pass
    more = f" (and {len(errs) - 1} more problem(s))" if len(errs) > 1 else ""
    value = "" if first["type"] == "missing" else f" = {excerpt(bad)}"
    if first["type"] == "extra_forbidden":
        reason = f"not a field of the position format ({format_doc})"
    elif first["type"] == "missing":
        reason = "required field is missing"
    else:
        reason = str(first["msg"])
    field = next((p for p in reversed(loc) if isinstance(p, str) and p in field_rules), None)
    if field is not None and "(" not in reason:
        reason += f" ({field_rules[field]})"
    return ScenarioError(f"{where}: {field_path(loc)}{value}: {reason}{more}")


class SchemaChecker:
    """One game's way of checking untrusted dicts against its pydantic models: the game's field-to-rule map and
    the page documenting its position format, so every refusal reads the same way in every game."""

    def __init__(self, field_rules: Mapping[str, str], format_doc: str) -> None:
        self.field_rules = dict(field_rules)
        self.format_doc = format_doc

    def error(self, where: str, exc: ValidationError) -> ScenarioError:
        return error_from(where, exc, self.field_rules, self.format_doc)

    def validate(self, model: Any, value: Any, where: str, *, what: str = "an object", context: Any = None) -> Any:
        """``model.model_validate(value)``, or a ScenarioError naming the field; ``what`` says what ``value``
        must be when it is not even a dict."""
        if not isinstance(value, dict):
            raise ScenarioError(f"{where}: {what} is a dict, not {excerpt(value)}")
        try:
            return model.model_validate(value, context=context)
        except ValidationError as e:
            raise self.error(where, e) from None


class StrictModel(BaseModel):
    """The base of a game's position models: unknown fields refused, no type coercion (a bool is not an int, "3" is
    not 3)."""

    model_config = ConfigDict(extra="forbid", strict=True)


def check_entry(at: int | str, check: Any, *args: Any) -> Any:
    """Run ``check(*args)`` on one entry of a list or dict; its error names the entry (``at``), so the error's field
    path reaches it (``ijn.subs.i_boats_1``)."""
    try:
        return check(*args)
    except PydanticCustomError as e:
        raise PydanticCustomError(e.type, e.message_template, {**(e.context or {}), "at": at}) from None
