"""A right answer to HDU 1846 (Brave Game, Bash with take 1..m): the program 'grundy problem hdu1846
--check' is tried on in tests/test_cli_contract.py. The first player wins unless m + 1 divides n."""

import sys


def main() -> None:
    data = sys.stdin.read().split()
    for i in range(int(data[0])):
        n, m = int(data[1 + 2 * i]), int(data[2 + 2 * i])
        print("first" if n % (m + 1) else "second")


if __name__ == "__main__":
    main()
