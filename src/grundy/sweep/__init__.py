"""Surveys of whole families of games (grundy sweep): their normal-play periods (``runner``, rows in the
table ``results``), and their misère quotients (``misere``, rows in the table ``misere`` of the same kind of
database; equal codes there only when they are the same game, see ``misere_family``).

It needs the sweep extra (``pip install 'grundy[sweep]'``): without Dask, importing it raises one
:class:`~grundy.core.errors.GrundyError` saying so.
"""

from grundy.core.extras import require_extra

require_extra("sweep")
