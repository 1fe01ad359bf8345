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
