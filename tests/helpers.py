"""Shared checks for the tests (not a test module)."""

import grundy
from grundy.core.search import PositionSearch, position_moves


def check_position(rules, heaps, misere=False):
    rules = grundy.ruleset(rules)
    search = PositionSearch(rules, misere=misere)
    solution = grundy.solve(rules, heaps, misere=misere)
    assert solution.outcome == search.outcome(heaps)
    winning = [(i, option) for i, option, left in position_moves(rules, tuple(heaps))
               if search.outcome(left) == "P"]
    assert solution.winning_move_count == len(winning)
    listed = sorted((m.index, m.option) for m in solution.winning_moves)
    assert listed == sorted(winning)
    for move in solution.winning_moves:
        left = heaps[:move.index] + heaps[move.index + 1:] + list(move.option)
        assert search.outcome(left) == "P"
    if not misere:
        assert (solution.grundy == 0) == (solution.outcome == "P")
