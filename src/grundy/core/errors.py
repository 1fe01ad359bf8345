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
    """A computation that would pass a resource limit (state count, memory, heap size).

    Besides its message, for a program to read: ``knob``, the setting of the budget that was hit
    (``"max_states"``, ``"max_memory"``, ``"max_values"``, ``"max_options"``; None for a limit no
    setting changes), ``limit``, its value in force, and ``needed``, how much the work needed (at
    least), where known.

    >>> error = LimitError("too many", knob="max_states", limit=1000, needed=1771)
    >>> str(error), error.fields()
    ('too many', {'knob': 'max_states', 'limit': 1000, 'needed': 1771})
    """

    def __init__(self, message: str, *, knob: str | None = None, limit: int | None = None,
                 needed: int | None = None) -> None:
        super().__init__(message)
        self.knob, self.limit, self.needed = knob, limit, needed

    def fields(self) -> dict[str, str | int | None]:
        """``knob``, ``limit`` and ``needed`` (None where not known), as JSON gives them."""
        return {"knob": self.knob, "limit": self.limit, "needed": self.needed}


class TableWorkError(LimitError):
    """A kernel stopped at its work budget, ``limit`` steps (the state budget times its steps a
    position); ``done`` values (heaps ``0 .. done-1``) are final."""

    def __init__(self, message: str, done: int, limit: int | None = None) -> None:
        super().__init__(message, knob="max_states", limit=limit)
        self.done = done
        self.table = None  # the array written, when the kernel had to widen it


class DeclarationError(GrundyError):
    """A game's own rules break what it declares of itself (``grundy.impartial(subtraction=...)``):
    never a position to skip, always an error to report."""


class CycleError(GrundyError):
    """A game whose moves can return to an earlier position, so Grundy values are undefined."""


class Interrupted(KeyboardInterrupt):
    """The user stopped a long computation (Ctrl-C); ``partial`` holds what was found so far."""

    def __init__(self, partial: object) -> None:
        super().__init__("interrupted")
        self.partial = partial
