"""The take-and-break games by name: any octal or hexadecimal code (``octal:CODE``, ``hex:CODE``), the
classic octal games (Kayles, Dawson's Kayles, ...), Lasker's Nim and take-or-split-in-three with
their closed forms, and the contest games that are take-and-break games (``triangulation``,
``alice:K``, ``tiles:L1,L2,...``).

>>> import grundy
>>> grundy.ruleset("kayles").values(12).tolist()
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
>>> grundy.ruleset("octal:.07").values(10).tolist(), grundy.ruleset("lasker").grundy(7)
([0, 0, 1, 1, 2, 0, 3, 1, 1, 0], 8)

References: Berlekamp, Conway, Guy, *Winning Ways* (2nd ed.) ch. 4; HDU 4664 and 5795.
"""

from __future__ import annotations

from grundy.rulesets.octal_codes import MAX_CODE_DIGITS, parse_code
from grundy.rulesets.registry import parse_int_list, parse_positive, register
from grundy.rulesets.takebreak import TakeBreak

FAMILY = "take-and-break games"


class Lasker(TakeBreak):
    """Lasker's Nim (``4.[3]``): take any number from a heap, or split it into two.

    G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3 (tested against the rules).
    """

    def __init__(self) -> None:
        super().__init__(parse_code("4.[3]"), "Lasker's Nim")
        self.value_rule = "Lasker's Nim: G(4k+1)=4k+1, G(4k+2)=4k+2, G(4k+3)=4k+4, G(4k+4)=4k+3"

    def grundy(self, heap: int) -> int:
        n = self.validate(heap)
        return n if n % 4 in (1, 2) else n + 1 if n % 4 == 3 else max(n - 1, 0)

    def known_period(self) -> tuple[int, int, int, str]:
        return 1, 4, 4, self.value_rule


class SplitThree(TakeBreak):
    """Take any number from a heap, or split it into three non-empty heaps (``8.[3]``, HDU 5795).

    G(8k+7) = 8k+8, G(8k+8) = 8k+7, otherwise G(n) = n (tested against the rules).
    """

    def __init__(self) -> None:
        super().__init__(parse_code("8.[3]", hexadecimal=True), "take or split in three")
        self.value_rule = "take any, or split in three: G(8k+7) = 8k+8, G(8k+8) = 8k+7, else G(n) = n"

    def grundy(self, heap: int) -> int:
        n = self.validate(heap)
        return n + 1 if n % 8 == 7 else n - 1 if n % 8 == 0 and n else n

    def known_period(self) -> tuple[int, int, int, str]:
        return 1, 8, 8, self.value_rule


def _named(code: str, title: str, hexadecimal: bool = False):
    def make(params: str | None) -> TakeBreak:
        return TakeBreak(parse_code(code, hexadecimal), title)

    return make


@register("octal", FAMILY, {
    "CODE": "an octal code d0.d1d2...: dk says what taking k may leave (1: nothing, 2: one heap, "
            "4: two heaps); [..] repeats, ! means unequal heaps (0.137, .77, 4.07, 4.[3])",
}, examples=("octal:0.137 7 11", "octal:4.07 6 9", "octal:0.[3] 8"))
def _octal(params: str | None) -> TakeBreak:
    assert params is not None
    return TakeBreak(parse_code(params))


@register("hex", FAMILY, {"CODE": "a hexadecimal code: as octal, and bit 8 leaves three heaps"},
          examples=("hex:0.f 5 7", "hex:0.8 9"))
def _hex(params: str | None) -> TakeBreak:
    assert params is not None
    return TakeBreak(parse_code(params, hexadecimal=True))


NAMED = {
    "kayles": (".77", "Kayles: knock down one pin or two adjacent pins"),
    "dawson-kayles": (".07", "Dawson's Kayles: knock down two adjacent pins"),
    "dawson-chess": (".137", "Dawson's chess: pawns on a 3×n board (octal .137)"),
    "treblecross": (".007", "Treblecross: one-dimensional tic-tac-toe (octal .007)"),
    "officers": (".6", "Officers: take one token, leaving one or two heaps (octal .6)"),
    "grundy-game": ("4!.0", "Grundy's game: split a heap into two unequal heaps"),
    "triangulation": (".07", "join two of n points in convex position by a segment touching no other (HDU 4664)"),
}
for _name, (_code, _title) in NAMED.items():
    register(_name, FAMILY, {"": _title}, examples=(f"{_name} 4 7 10", f"{_name} 3 3 9"))(
        _named(_code, _title))


@register("lasker", FAMILY, {"": "Lasker's Nim: take any number, or split a heap in two"},
          examples=("lasker 4 7 9", "lasker 3 3 8"))
def _lasker(params: str | None) -> Lasker:
    return Lasker()


@register("split3", FAMILY,
          {"": "take any number, or split a heap into three non-empty heaps (HDU 5795)"},
          examples=("split3 5 8", "split3 4 4 6"))
def _split3(params: str | None) -> SplitThree:
    return SplitThree()


@register("alice", FAMILY, {
    "K": "remove a whole row of at most K, or exactly K from inside a row leaving both sides "
         "non-empty (Alice Game; period 4K+2)",
}, examples=("alice:2 7 11", "alice:1 5 6"))
def _alice(params: str | None) -> TakeBreak:
    k = parse_positive(params, "alice", maximum=MAX_CODE_DIGITS)
    code = "0." + "1" * (k - 1) + "5"
    return TakeBreak(parse_code(code), f"Alice game, K = {k}")


@register("tiles", FAMILY, {
    "L1,L2,...": "place a tile of one of these lengths on a 1×n strip without overlap (PAS)",
}, examples=("tiles:2,3 7 10", "tiles:1 6"))
def _tiles(params: str | None) -> TakeBreak:
    assert params is not None
    lengths = parse_int_list(params, "tiles", maximum=MAX_CODE_DIGITS)
    digits = ["0"] * (max(lengths) + 1)
    for length in lengths:
        digits[length] = "7"
    return TakeBreak(parse_code(digits[0] + "." + "".join(digits[1:])),
                     f"tiles of length {', '.join(map(str, lengths))}")
