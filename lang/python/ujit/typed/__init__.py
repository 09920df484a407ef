"""numba.typed: typed containers passed to and from compiled code (`from numba.typed import List, Dict`)."""
from ._dict import Dict, _from_result  # noqa: F401 (_from_result: the extension boxes dict results with it)
from ._list import List, _list_from_result  # noqa: F401 (results.c boxes ListType results with it)

__all__ = ["Dict", "List"]
