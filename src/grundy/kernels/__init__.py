"""Numba kernels: the hot loops of grundy. This package is the only place that imports numba.

Import a kernel module inside the function that needs it, so that ``import grundy`` and
``grundy --help`` stay fast.
"""
