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


def guard_none() -> bool:
    """Raise None's reference count far out of reach; True if it was (or already is) done."""
    if sys.version_info >= (3, 12) or sys.implementation.name != "cpython":
        return True
    before = sys.getrefcount(None)
    if before > _CUSHION // 2:
        return True
    # ob_refcnt is the first field of every object in a release build of CPython 3.11.
    cell = ctypes.c_ssize_t.from_address(id(None))
    if cell.value != before - 1 and cell.value != before:  # not the layout we expect: leave it
        return False
    cell.value += _CUSHION
    if sys.getrefcount(None) - before != _CUSHION:
        cell.value -= _CUSHION
        return False
    return True


GUARDED = guard_none()
