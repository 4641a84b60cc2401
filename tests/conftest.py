"""Shared fixtures: every test gets its own ledger through SCHREIBER_DB, and
speaks English (SCHREIBER_LANG=en, also in the processes it starts) unless
it is marked ``@pytest.mark.lang("de")`` or takes the ``lang`` fixture,
which runs it in German and in English. Property tests (hypothesis) take
their budget from a profile: a few examples each by default,
``HYPOTHESIS_PROFILE=thorough`` for the large budgets (CONTRIBUTING.md)."""

import compileall
import importlib
import os
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

os.environ["SCHREIBER_LANG"] = "en"  # before any command module reads its help texts
from schreiber import i18n
from schreiber.cli.groups import modules

for _module in modules():  # every command's module read now: its help texts in English
    importlib.import_module(_module)

# Before the test modules are read: their settings take the profile's budget. No test holds
# hypothesis to a clock (no deadline, no health check of how long drawing took): a loaded machine is slow.
settings.register_profile("quick", max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("thorough", max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "quick"))


MEMORY = Path("/dev/shm")  # a file system in memory, where the machine has one
MEMORY_ROOM = 2 << 30  # bytes it must have free (a run writes some 300 MB)


def pytest_configure(config):
    config.addinivalue_line("markers", "lang(code): run the test in this language (de or en; default en)")
    if config.option.basetemp is None and not hasattr(config, "workerinput"):  # the run's own process
        config.option.basetemp = config.memory_folder = memory_folder()


def memory_folder() -> str | None:
    """The tests' files in memory where the machine has room there: the
    ledgers the tests make (a thousand and more) are synced to disk on
    every close, which waits on the disk and on whoever else writes to it;
    no test stops the machine, so none needs a file on disk. None (pytest's
    folder on disk) otherwise."""
    try:
        if MEMORY.is_dir() and shutil.disk_usage(MEMORY).free > MEMORY_ROOM:
            return tempfile.mkdtemp(prefix="schreiber-tests-", dir=MEMORY)
    except OSError:
        pass
    return None


def pytest_unconfigure(config):
    folder = getattr(config, "memory_folder", None)
    if folder:
        shutil.rmtree(folder, ignore_errors=True)


def pytest_sessionstart(session):
    """schreiber's modules compiled once, as an installed package has them:
    otherwise, where PYTHONDONTWRITEBYTECODE is set, every process the tests
    start compiles them again."""
    compileall.compile_dir(Path(__file__).resolve().parent.parent / "schreiber", quiet=1)


@pytest.fixture(autouse=True)
def ledger_env(tmp_path, monkeypatch):
    """Point the default ledger at a fresh file; never touch the user's."""
    db = tmp_path / "ledger.db"
    monkeypatch.setenv("SCHREIBER_DB", str(db))
    monkeypatch.setenv("HOME", str(tmp_path))
    return db


@pytest.fixture(autouse=True)
def language(request, monkeypatch):
    """English unless the test is marked with another language."""
    marker = request.node.get_closest_marker("lang")
    code = marker.args[0] if marker else "en"
    monkeypatch.setenv("SCHREIBER_LANG", code)
    i18n.reset()
    yield code
    i18n.reset()


@pytest.fixture(params=["de", "en"])
def lang(request, monkeypatch, language):
    """The test once in German, once in English."""
    monkeypatch.setenv("SCHREIBER_LANG", request.param)
    i18n.reset()
    return request.param


def pytest_addoption(parser):
    parser.addoption("--snapshot-update", action="store_true", help="rewrite the golden files in tests/golden")


@pytest.fixture
def snapshot_update(request):
    return request.config.getoption("--snapshot-update")
