"""The command line: thin typer groups over the service, the ledger and the
reports; the table session and guided entry. Importing it costs nothing."""
