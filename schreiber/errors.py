"""The one error type the command line turns into a single clear line."""


class SchreiberError(Exception):
    """Something the user can fix; the message says what and how."""


class Interrupted(BaseException):
    """Ctrl-C (SIGINT), raised by schreiber's own handler: not a
    KeyboardInterrupt, so no library turns it into its own message on the
    way to the one line of ``cli.errors.guarded``."""
