"""HDU 1846 Brave Game: n stones, take 1 to m, whoever takes the last stone wins.

A right solution: the first player loses exactly when m + 1 divides n (Bash's game).
"""
import sys

numbers = sys.stdin.read().split()
cases = int(numbers[0])
for i in range(cases):
    n, m = int(numbers[1 + 2 * i]), int(numbers[2 + 2 * i])
    print("second" if n % (m + 1) == 0 else "first")
