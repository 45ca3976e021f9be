"""The one user-facing error type: its text is a sentence safe to show to players."""


class PawpostError(Exception):
    """A refusal or a problem the player caused; the message is shown to them as it is."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
