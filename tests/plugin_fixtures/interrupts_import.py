"""Broken: importing it raises KeyboardInterrupt (a BaseException, not an Exception)."""

raise KeyboardInterrupt("stopped at import")
