"""The command line: thin typer groups over the service, the ledger and the
reports; the fast path of ``hand add``, the table session and guided entry.

Importing this package costs nothing: the console script (``entry.main``)
builds the typer command tree (``commands.app``) only for commands that need
it, so entering a hand costs little more than starting Python.
"""
