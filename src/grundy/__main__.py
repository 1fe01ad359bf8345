"""``python -m grundy`` runs the command line."""

from grundy.cli.main import run

run()
