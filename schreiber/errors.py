"""The one error type the command line turns into a single clear line."""


class SchreiberError(Exception):
    """Something the user can fix; the message says what and how (``values`` fill in its fields)."""

    def __init__(self, message: str = "", /, **values: object):
        super().__init__(message.format(**values) if values else message)


class HandError(ValueError):
    """A hand that cannot be recorded; ``problems`` lists every reason."""

    def __init__(self, problems: list[str]):
        self.problems = list(problems)
        super().__init__("; ".join(self.problems))


class Interrupted(BaseException):
    """Ctrl-C, raised by schreiber's own handler: not a KeyboardInterrupt, so
    no library turns it into its own message."""
