"""Surveys of whole families of games (grundy sweep).

It needs the sweep extra (``pip install 'grundy[sweep]'``): without Dask, importing it raises one
:class:`~grundy.core.errors.GrundyError` saying so.
"""

from grundy.core.extras import require_extra

require_extra("sweep")
