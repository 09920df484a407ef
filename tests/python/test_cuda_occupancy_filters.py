"""Numba's low-occupancy warning at kernel[...] under Python's warnings filters (issue 25):
kernel[...] skips raising it while the filters that ignored it stand unchanged, so every
change to the filters must be seen at the next configuration, as CPython's warn sees it.
The oracle is CPython's warnings module: each case is what warnings.warn does there."""
import warnings

import pytest

from ujit import cuda
from ujit.core import config
from ujit.core.errors import NumbaPerformanceWarning


@cuda.jit
def fill(out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = i


@pytest.fixture(autouse=True)
def occupancy_on(monkeypatch):
    monkeypatch.setattr(config, "CUDA_LOW_OCCUPANCY_WARNINGS", 1)
    monkeypatch.setattr(config, "DISABLE_PERFORMANCE_WARNINGS", 0)
    with warnings.catch_warnings():
        yield


def low_occupancy(seen):
    return [w for w in seen if issubclass(w.category, NumbaPerformanceWarning) and "occupancy" in str(w.message)]


def test_ignored_then_recorded_when_the_filters_change():
    warnings.simplefilter("ignore")
    for _ in range(3):
        fill[1, 1]  # found ignored once, then skipped
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        fill[1, 1]
        fill[1, 1]
    assert len(low_occupancy(seen)) == 2
    with warnings.catch_warnings(record=True) as seen:
        fill[1, 1]  # the outer "ignore" again: a copy of the same filters, still ignored
    assert low_occupancy(seen) == []


def test_a_filter_list_changed_in_place_is_seen():
    """warnings.filters edited directly (no _filters_mutated): CPython's warn reads the list
    at each warning, so an "error" put in front raises at once."""
    warnings.simplefilter("ignore")
    fill[1, 1]
    warnings.filters.insert(0, ("error", None, NumbaPerformanceWarning, None, 0))
    with pytest.raises(NumbaPerformanceWarning, match="Grid size 1 will likely"):
        fill[1, 1]
    warnings.filters.pop(0)
    fill[1, 1]  # ignored again
    warnings.filters[0] = ("error", None, Warning, None, 0)  # replaced, same length
    with pytest.raises(NumbaPerformanceWarning):
        fill[1, 1]


def test_message_filters_match_the_grid_size():
    warnings.simplefilter("always")
    warnings.filterwarnings("ignore", message="Grid size 1 ", category=NumbaPerformanceWarning)
    with warnings.catch_warnings(record=True) as seen:
        warnings.filterwarnings("ignore", message="Grid size 1 ", category=NumbaPerformanceWarning)
        fill[1, 1]
        fill[2, 1]  # another message: not ignored (2 blocks are below numba-cuda's 128 too)
        fill[1, 1]
    assert [str(w.message).split(" will")[0] for w in low_occupancy(seen)] == ["Grid size 2"]


def test_module_and_line_filters_are_left_to_cpython():
    """A filter naming the module or line decides by the caller: raised through CPython."""
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        warnings.filterwarnings("ignore", category=NumbaPerformanceWarning, module="some_other_module")
        fill[1, 1]
        warnings.filterwarnings("ignore", category=NumbaPerformanceWarning, module=__name__)
        fill[1, 1]
    assert len(low_occupancy(seen)) == 1
    assert low_occupancy(seen)[0].filename == __file__


def test_an_ignored_category_elsewhere_does_not_hide_it():
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        warnings.simplefilter("ignore", DeprecationWarning)
        fill[1, 1]
        fill[1, 1]
    assert len(low_occupancy(seen)) == 2


def test_default_action_shows_once_per_line():
    """No filter for it: CPython's "default" shows it once per line (the registry decides)."""
    with warnings.catch_warnings(record=True) as seen:
        warnings.resetwarnings()
        for _ in range(3):
            fill[1, 1]
    assert len(low_occupancy(seen)) == 1


def test_an_ignored_warning_is_not_raised_again_while_the_filters_stand():
    """What makes kernel[...] cheap: the filters are consulted once, not at each configuration
    (raising an ignored warning through CPython costs microseconds, more than a launch)."""

    class CountingPattern:
        calls = 0

        def match(self, text):
            CountingPattern.calls += 1
            return text.startswith("Grid size 1 ")

    warnings.simplefilter("always")
    warnings.filters.insert(0, ("ignore", CountingPattern(), NumbaPerformanceWarning, None, 0))
    for _ in range(5):
        fill[1, 1]
    assert CountingPattern.calls == 1
