"""The one door: every question grundy answers, asked the same way by the command line, the web
explorer and the Python API.

A spec is resolved once (:mod:`~grundy.service.resolve`: one registry for impartial rulesets, games
of the general solver and partizan rulesets; each kind states what it cannot answer). Each question
has one home that answers it as an object with its reason and as plain data (what ``--json`` prints
and the web returns): :mod:`~grundy.service.solving` (solve), :mod:`~grundy.service.playing` (every
move, a game being played), :mod:`~grundy.service.values` (table, period, pattern),
:mod:`~grundy.service.partizan` (value, thermograph) and :mod:`~grundy.service.catalogue` (the
contest problems, which are written against the public API, answer as data in
:mod:`grundy.problems.data`). The doors only parse their input and render what comes back, so
the same question never gets two answers.

>>> from grundy.service import solving, values
>>> solving.solve_data("wythoff", "5,9")["grundy"], values.period_data("nim")["proved"]
(7, True)
"""
