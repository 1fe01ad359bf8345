"""The errors grundy raises for bad input and exhausted limits.

Every error a user can cause is a :class:`GrundyError`; the command line prints its message as one
line ``grundy: error: ...`` and exits with status 2.
"""


class GrundyError(ValueError):
    """Bad input (a spec, a component, an option) or a resource limit, with a message for people."""


class SpecError(GrundyError):
    """A ruleset spec that names no ruleset or has malformed parameters."""


class ComponentError(GrundyError):
    """A component that the ruleset does not accept (negative heap, wrong shape, ...)."""


class LimitError(GrundyError):
    """A computation that would pass a resource limit (state count, memory, heap size)."""


class TableWorkError(LimitError):
    """A kernel stopped at its work budget; ``done`` values (heaps ``0 .. done-1``) are final."""

    def __init__(self, message: str, done: int) -> None:
        super().__init__(message)
        self.done = done
        self.table = None  # the array written, when the kernel had to widen it


class CycleError(GrundyError):
    """A game whose moves can return to an earlier position, so Grundy values are undefined."""


class Interrupted(KeyboardInterrupt):
    """The user stopped a long computation (Ctrl-C); ``partial`` holds what was found so far."""

    def __init__(self, partial: object) -> None:
        super().__init__("interrupted")
        self.partial = partial
