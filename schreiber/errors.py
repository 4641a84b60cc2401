"""The one error type the command line turns into a single clear line."""


class SchreiberError(Exception):
    """Something the user can fix; the message says what and how."""
