"""Option values converted without pydantic read as typer's own conversion
(through pydantic) reads them, with the same error messages."""

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from schreiber.cli import coercion
from tests.helpers import cli

pydantic = pytest.importorskip("pydantic")

INT_TEXTS = ["1", "+1", "-1", " 3 ", "1_0", "_1", "1__0", "1.0", "1.00", "1.", ".0", "1.5", "1e3", "0x10", "0b1"]
INT_TEXTS += ["３", "٣", "", "007", "-0", "\t4\n", "1 0", "inf", "nan", "9" * 30, "1_", "+-1", "-1.0", "1_0.0"]
REFUSED = ["0__0", "0__1", "+0__1", "0_0__1"]  # pydantic reads these as 0, 1, 1, 1; a double "_" is a slip
BOOL_TEXTS = ["true", "TRUE", "1", "0", "yes", "no", "on", "off", "t", "f", "y", "n", "x", "2", "", " yes ", "1.0"]


def pydantic_reads(kind, value):
    try:
        return pydantic.TypeAdapter(kind).validate_python(value)
    except pydantic.ValidationError as exc:
        return "error: " + exc.errors()[0]["msg"]


def plain_reads(convert, value):
    try:
        return convert(value)
    except ValueError as exc:
        return f"error: {exc}"


@pytest.mark.parametrize("text", INT_TEXTS)
def test_integers_read_as_pydantic_reads_them(text):
    assert plain_reads(coercion.as_int, text) == pydantic_reads(int, text)


@pytest.mark.parametrize("text", REFUSED)
def test_leading_zeros_with_a_double_underscore_are_refused(text):
    assert pydantic_reads(int, text) in (0, 1)
    assert plain_reads(coercion.as_int, text) == pydantic_reads(int, "x")  # the usual line


@given(st.text(alphabet="0123456789_.+- \t", max_size=8))
def test_integers_of_any_shape(text):
    sign_after_digit = re.search(r"\d[_. \t]*[-+]", text)  # pydantic reads "0-1" as -1, "0-0" as 0
    zeros_and_underscores = re.match(r"[ \t]*[+-]?0[0_]*__", text)  # pydantic reads "0__1" as 1, "0_0__0" as 0
    if sign_after_digit or zeros_and_underscores:
        assert plain_reads(coercion.as_int, text).startswith("error:")  # we refuse it, with the usual line
        return
    assert plain_reads(coercion.as_int, text) == pydantic_reads(int, text)


@pytest.mark.parametrize("text", BOOL_TEXTS)
def test_booleans_read_as_pydantic_reads_them(text):
    expected = pydantic_reads(bool, text.strip() or False)  # typer strips a flag's text, "" is False
    assert plain_reads(coercion.as_bool, text) == expected


def test_every_option_of_the_command_line_is_converted_without_pydantic():
    import typer

    from schreiber.cli.commands import app

    coercion.install()
    command = typer.main.get_command(app)
    plain = []

    def walk(cmd):
        for p in cmd.params:
            plain.append(coercion._converter(p.type_descriptor) is not None)
        for sub in getattr(cmd, "commands", {}).values():
            walk(sub)

    walk(command)
    assert plain and all(plain)


def test_a_bad_number_reads_as_before(ledger_env):
    r = cli("undo", "--evening", "x")
    assert r.exit_code == 2
    assert (
        "Invalid value for '--evening': Input should be a valid integer, unable to parse string as an integer"
        in r.output
    )
