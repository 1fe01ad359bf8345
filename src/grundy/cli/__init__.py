"""The ``grundy`` command line: parsing and printing only; the answers come from the library."""
