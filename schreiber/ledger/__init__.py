"""The ledger: the only package that touches SQLite."""
