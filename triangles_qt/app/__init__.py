"""The desktop app (Qt): controller, board scene and view, main window and dialogs.

Importing this package first applies `_none_guard`: PySide6 6.12.0 on CPython 3.11 drops a
reference to None on every Qt call that returns nothing, which aborts the app ("none_dealloc")
after a few thousand calls. Python 3.12+ makes None immortal, so the guard does nothing there.
"""

from . import _none_guard  # noqa: F401  (must run before any Qt call)
