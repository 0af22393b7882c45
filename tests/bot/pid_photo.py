"""A picture that says which process drew it (for the drawer's worker: a
module of its own with nothing to import, so a worker loads it at once)."""

import os


class PidPhoto:
    digest = "pid"
    name = "pid.png"

    def png(self) -> bytes:
        return str(os.getpid()).encode()


class KeptPhoto(PidPhoto):
    """One that cannot cross to another process (it holds a function)."""

    digest = "kept"

    def __init__(self) -> None:
        self.translate = lambda text: text


class SlowPhoto(PidPhoto):
    """One that takes a while to draw."""

    def __init__(self, n: int) -> None:
        self.digest = f"slow{n}"
        self.name = f"slow{n}.png"

    def png(self) -> bytes:
        import time

        time.sleep(0.3)
        return b"slow"
