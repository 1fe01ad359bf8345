#!/usr/bin/env bash
# The main job of `make demo`: a short, real analysis with grundy's command line.
set -euo pipefail
grundy=${1:-grundy}
say() { printf '\n\033[1m$ grundy %s\033[0m\n' "$*"; "$grundy" "$@"; }

say solve nim 3 4 5          # Bouton: who wins, and the winning move explained
say table subtraction:1,3,4 --n 30   # the SG table and its proved pattern
say period subtraction:2,5,6  # a longer period, proved by the subtraction-game theorem
say solve bash:3 21 --misere  # misère Bash: last to take loses
say solve --rules examples/rules/take_or_halve.py:moves 12 30
