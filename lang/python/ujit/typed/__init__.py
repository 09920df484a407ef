"""numba.typed: typed containers passed to and from compiled code (`from numba.typed import List, Dict`)."""
from ._dict import Dict, _from_result  # noqa: F401 (_from_result: the extension boxes dict results with it)
from ._list import List

__all__ = ["Dict", "List"]
