#!/usr/bin/env bash
# The main job of `make demo`: a short, real analysis with grundy's command line.
set -euo pipefail
grundy=${1:-grundy}
say() { printf '\n\033[1m$ grundy %s\033[0m\n' "$*"; "$grundy" "$@"; }

say solve nim 3 4 5                       # Bouton: who wins, and the winning move explained
say table subtraction:1,3,4 --n 30        # the SG table and its proved pattern
say period kayles                         # Kayles: preperiod 71, period 12, proved (Guy–Smith)
say solve wythoff 1000000,1618034         # Wythoff: exact Beatty pairs, every winning move
say pattern --rules examples/patterns/shrinking.py:at_most_half   # print the table, find the rule
say pattern --rules examples/patterns/pairs.py:wythoff_2 --arity 2 --at 10**40,10**40
say solve nim 1 1 1 5 --misere            # anti-Nim
say solve hackenbush 0-1,1-2,2-0,2-3 0-1  # Green Hackenbush: fusion and colon principles
say solve --rules examples/rules/take_or_halve.py:moves 12 30   # your own game
printf '1 1\nhint\nquit\n' > /tmp/grundy-demo-moves.txt
printf "\n\033[1m$ grundy play nim 3 4 5 --first human   (moves piped in)\033[0m\n"
"$grundy" play nim 3 4 5 --first human --seed 1 < /tmp/grundy-demo-moves.txt
