"""Classic contest problems in their original input/output format, solved with grundy's rulesets.

``grundy problem NAME`` reads the problem's input on stdin and writes its output; ``--list`` shows
the catalogue; ``--check "CMD"`` stress-tests your own program against grundy's answers.
"""
