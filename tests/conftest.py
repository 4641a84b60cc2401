"""Shared fixtures: every test gets its own ledger through SCHREIBER_DB."""

import pytest


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
