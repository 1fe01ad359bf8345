"""Rulesets, one module per family; spec strings name them (see ``grundy list``)."""
