"""Reports over what the ledger returns: the score sheet, statistics, the
chart, the settlement and the rules pages."""
