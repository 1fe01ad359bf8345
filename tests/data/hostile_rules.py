GRAPH = {1: [0, 7], 7: [8], 8: [9, 10], 10: [11]}
def up(n):
    return GRAPH.get(n, [])
def forever(n):
    return [n + 1]
def gen(n):
    def g():
        k = 0
        while True:
            yield k
            k += 1
    return g()
def wander(n):
    return [n // 2, n * 2]
def huge(n):
    return list(range(n * 10**6))
def down(n):
    return [n - 1]
def lists(n):
    return [[n - 1]] if n > 0 else []
def dicts(n):
    return [{"a": n - 1}] if n > 0 else []
def half(n):
    return [0.5] if n > 0 else []
def text(n):
    return ["x"] if n > 0 else []
def split_or_take(n):  # a contest programmer's first try: every take and every split, listed in full
    return [(n - k,) for k in range(1, n + 1)] + [(a, n - a) for a in range(1, n // 2 + 1)]
def powers(n):  # take a power of 2: every heap below a huge one is reached
    k = 1
    while k <= n:
        yield n - k
        k *= 2
def one_or_two(n):
    return [m for m in (n - 1, n - 2) if m >= 0]
class Unstorable(tuple):
    def __hash__(self):
        raise RuntimeError("no hash for you")
def unstorable(pair):
    return [Unstorable((pair[0] - 1, pair[1]))] if pair[0] > 0 else []
