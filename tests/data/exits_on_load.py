raise SystemExit(7)


def moves(n):
    return []
