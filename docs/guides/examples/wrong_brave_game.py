"""HDU 1846 Brave Game, a wrong solution: its table of who wins stops at 100 stones.

Right for every heap of at most 100 stones, so a stress test that tries only small heaps passes it.
"""
import sys

LIMIT = 100


def first_wins(n, m):
    win = [k % (m + 1) != 0 for k in range(LIMIT + 1)]  # win[k]: the player to move wins with k stones
    return win[n] if n <= LIMIT else False  # the bug: past the table, "the player to move loses"


numbers = sys.stdin.read().split()
cases = int(numbers[0])
for i in range(cases):
    n, m = int(numbers[1 + 2 * i]), int(numbers[2 + 2 * i])
    print("first" if first_wins(n, m) else "second")
