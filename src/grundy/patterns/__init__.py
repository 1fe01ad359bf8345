"""Patterns in nim-sequences: periods, their proofs, and P-positions stated in words."""
