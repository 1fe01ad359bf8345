"""Every problem of the catalogue: its samples, its generator, and its answers against a brute force."""

import random

import pytest

from grundy.problems.base import catalogue

PROBLEMS = sorted(catalogue())


@pytest.mark.parametrize("name", PROBLEMS)
def test_samples(name):
    entry = catalogue()[name]
    assert entry.samples, f"{name} has no sample"
    for text, expected in entry.samples:
        assert entry.solve(text).split() == expected.split()


@pytest.mark.parametrize("name", [n for n in PROBLEMS if catalogue()[n].brute is not None])
def test_random_small_inputs_agree_with_the_brute_force(name):
    entry = catalogue()[name]
    rng = random.Random(name)
    answers = set()
    for case in range(30):
        text = entry.generate(rng, 1 + case % 3)
        answer = entry.solve(text)
        assert answer.split() == entry.brute(text).split(), text
        answers.add(answer)
    assert len(answers) >= 2  # different answers occur: the comparison can fail


@pytest.mark.parametrize("name", PROBLEMS)
def test_generated_inputs_grow_and_stay_valid(name):
    entry = catalogue()[name]
    rng = random.Random(1)
    small = [entry.generate(rng, 1) for _ in range(10)]
    large = [entry.generate(rng, 10) for _ in range(10)]
    for text in small + large:
        entry.solve(text)  # raises on an input the problem's format does not allow
    assert sum(map(len, large)) > sum(map(len, small))
