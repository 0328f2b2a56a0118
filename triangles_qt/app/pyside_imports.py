"""Importing a module costs less once PySide6 is loaded: the app's start imports this first.

PySide6 hooks every import after its own to ask whether the new module's source mentions
"PySide6" (its `from __feature__ import ...` switches apply to those only), and asks it with
inspect.getsource, which reads and splits each file through linecache: about 20 ms of the
start's CPU over the 250 modules the first window imports (a known cost: napari/napari#8584).
Here the same question is asked of the file's bytes. Only how the answer is found changes: a
PySide6 without that hook is left alone, and a module without a .py file to PySide6's own way.
"""

from __future__ import annotations

import sys
from types import ModuleType

import PySide6.QtCore  # noqa: F401  (sets the hook up)


def speed_up() -> None:
    """Put the quicker question in PySide6's hook, once; nothing if PySide6 has none."""
    feature = sys.modules.get("shibokensupport.feature")
    slow = getattr(feature, "_mod_uses_pyside", None)
    if slow is None or slow.__name__ == "_quick_uses_pyside":
        return

    def _quick_uses_pyside(module: ModuleType) -> bool:
        path = getattr(module, "__file__", None)
        if isinstance(path, str) and path.endswith(".py"):
            try:
                with open(path, "rb") as source:
                    return b"PySide6" in source.read()
            except OSError:
                pass
        return bool(slow(module))

    feature._mod_uses_pyside = _quick_uses_pyside  # type: ignore[union-attr]


speed_up()
