"""Keeps None alive under PySide6 6.12.0 on CPython < 3.12.

That PySide6 build returns None from every void Qt call without taking a reference (correct only
where None is immortal, Python 3.12+). On 3.11 each such call lowers None's reference count by
one, and after a few thousand painter calls CPython aborts with "none_dealloc". None is never
freed legitimately, so giving it a huge reference count is harmless and makes the drops
irrelevant (2**48 calls would be needed to use it up). Remove when the project requires 3.12 or a
fixed PySide6.
"""

from __future__ import annotations

import ctypes
import sys

_CUSHION = 1 << 48
_SLACK = 1000


def guard_none() -> bool:
    """Raise None's reference count far out of reach; True if it was (or already is) done."""
    if sys.version_info >= (3, 12) or sys.implementation.name != "cpython":
        return True
    if sys.getrefcount(None) > _CUSHION // 2:
        return True
    # ob_refcnt is the first field of every object in a release build of CPython 3.11. Check
    # that the cell we found really is None's count (other code may touch it meanwhile, hence
    # the slack) before and after changing it.
    cell = ctypes.c_ssize_t.from_address(id(None))
    if abs(cell.value - sys.getrefcount(None)) > _SLACK:
        return False
    before = sys.getrefcount(None)
    cell.value += _CUSHION
    if abs(sys.getrefcount(None) - before - _CUSHION) > _SLACK:
        cell.value -= _CUSHION
        return False
    return True


GUARDED = guard_none()
