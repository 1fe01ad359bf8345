"""``grundy serve``: the web explorer (a page, and a JSON API with the command line's answers).

It needs the web extra (``pip install 'grundy[web]'``): without Starlette, importing it raises one
:class:`~grundy.core.errors.GrundyError` saying so.
"""

from grundy.core.extras import require_extra

require_extra("web", "starlette")
