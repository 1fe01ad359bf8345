"""Surveys of whole families of games (grundy sweep)."""
