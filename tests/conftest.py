"""Shared fixtures: every test gets its own ledger through SCHREIBER_DB."""

import compileall
from pathlib import Path

import pytest


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


def pytest_addoption(parser):
    parser.addoption("--snapshot-update", action="store_true", help="rewrite the golden files in tests/golden")


@pytest.fixture
def snapshot_update(request):
    return request.config.getoption("--snapshot-update")
