"""``grundy serve``: the web explorer (a page, and a JSON API with the command line's answers)."""
