"""Option values converted without pydantic.

typer 0.26+ converts every option value that is not a flag through a pydantic
``TypeAdapter``; importing pydantic and building the adapters costs more
than the command a scorekeeper waits for (60-95 ms on a 2-core machine). The
command line only has options of five plain kinds (``str``, ``int``,
``bool``, ``Path``, ``list[str]``, optional or not), so those are converted
here, with the same results and the same error message as typer's own
conversion (``tests/cli/test_coercion.py`` checks both against pydantic);
anything else (a choice, a range, a parser) goes to typer's conversion.

``install()`` puts this conversion in front of typer's, once per process;
the command definitions stay as they are. With a typer whose internals are
laid out otherwise, ``install()`` does nothing and typer converts as before.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

INT_ERROR = "Input should be a valid integer, unable to parse string as an integer"
BOOL_ERROR = "Input should be a valid boolean, unable to interpret input"
_BOOLS = {"": False, "0": False, "off": False, "f": False, "false": False, "n": False, "no": False}
_BOOLS.update({"1": True, "on": True, "t": True, "true": True, "y": True, "yes": True})
_INT = re.compile(r"[+-]?[0-9]+(?:_[0-9]+)*(?:\.0+)?")
_SPACE = " \t\n\r\f\v"


def as_int(value: Any) -> int:
    """An option's text as an integer, as pydantic reads it (ASCII digits,
    ``_`` between digits, a ``.0`` tail, surrounding blanks); ValueError else."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str):
        text = value.strip(_SPACE)
        if _INT.fullmatch(text):
            return int(text.partition(".")[0])
    raise ValueError(INT_ERROR)


def as_bool(value: Any) -> bool:
    """A flag's value as pydantic reads it (true/false, yes/no, on/off, 1/0...)."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    if isinstance(value, str) and value.strip().lower() in _BOOLS:
        return _BOOLS[value.strip().lower()]
    raise ValueError(BOOL_ERROR)


def as_str(value: Any) -> str:
    if isinstance(value, bytes):
        return os.fsdecode(value)
    return str(value)


def _converter(descriptor: Any) -> Callable[[Any, Any, Any], Any] | None:
    """The plain conversion of a parameter, or None for typer's own."""
    info = descriptor.parameter_info
    if info.parser is not None or info.min is not None or info.max is not None or descriptor.file_annotation:
        return None
    kind = descriptor.annotation
    if kind is str:
        return lambda value, param, ctx: as_str(value)
    if kind is int:
        return _checked(as_int)
    if kind is bool:
        return _checked(as_bool)
    if kind is Path and info.path_type is None:
        from typer._param_types import coerce_cli_path

        return lambda value, param, ctx: coerce_cli_path(
            value if isinstance(value, Path) else Path(as_str(value)), info, path_type=Path, param=param, ctx=ctx
        )
    if kind == list[str]:
        return lambda value, param, ctx: [as_str(v) for v in (value if isinstance(value, (list, tuple)) else [value])]
    return None


def _checked(convert: Callable[[Any], Any]) -> Callable[[Any, Any, Any], Any]:
    """``convert`` with its ValueError shown as typer shows a bad value."""

    def checked(value: Any, param: Any, ctx: Any) -> Any:
        from typer._click.exceptions import BadParameter

        try:
            return convert(value)
        except ValueError as exc:
            raise BadParameter(str(exc), ctx=ctx, param=param) from None

    return checked


_installed = False


def install() -> None:
    """Convert plain option values without pydantic from now on (idempotent)."""
    global _installed
    if _installed:
        return
    _installed = True
    try:
        import typer.core as core
        from typer._coercion import RuntimeParam
    except ImportError:  # another typer: its own conversion
        return
    typers = core.build_runtime_param

    @dataclass(frozen=True)
    class PlainParam(RuntimeParam):
        """A parameter converted by ``convert`` instead of pydantic."""

        convert: Callable[[Any, Any, Any], Any]

        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            return self.convert(value, param, ctx)

    def build(descriptor: Any) -> Any:
        convert = _converter(descriptor)
        if convert is None:
            return typers(descriptor)
        return PlainParam(parameter_info=descriptor.parameter_info, annotation=descriptor.annotation, convert=convert)

    core.build_runtime_param = build
