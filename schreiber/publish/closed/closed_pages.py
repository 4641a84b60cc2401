"""A Datasette plugin for a cup's results server (``schreiber publish
--cup``, which gives this folder as ``--plugins-dir``): Datasette's own
pages under ``/-/`` (its databases with their paths, versions, threads,
plugins, settings, metadata, the actor, the login and permission pages, and
whatever a later Datasette adds there) answer "not found" as any page it
does not have. Its static files (``/-/static/``: the pages' style sheet)
stay. A plugin's routes come before Datasette's own, so each of those
paths, as Datasette routes it, comes here first.

Loaded by Datasette from its file, never imported by schreiber itself.
"""

from collections.abc import Callable

from datasette import NotFound, hookimpl

CLOSED = r"/-/(?!static/).*$"  # every path under /-/ but Datasette's static files


@hookimpl
def register_routes() -> list[tuple[str, Callable[[], None]]]:
    return [(CLOSED, closed)]


def closed() -> None:
    raise NotFound("Diese Seite gibt es hier nicht.")
