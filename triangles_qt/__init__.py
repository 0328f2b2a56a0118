"""Triangles: the package root. Plugin authors import `hookimpl` from here.

It also lets the package run from a source checkout: `python3 -m triangles_qt` in the repository
imports this folder ahead of any installed copy, and there the built-in strategies, themes and
translations are the top-level folders that an install ships as subpackages (pyproject.toml's
package-dir), so they are mapped the same way here.
"""

import importlib.abc
import importlib.util
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

import pluggy

PROJECT_NAME = "triangles_qt"
__version__ = "0.1.0"

hookimpl = pluggy.HookimplMarker(PROJECT_NAME)
"""Decorator that marks a plugin's hook implementation: ``@hookimpl``."""

_CHECKOUT = Path(__file__).resolve().parent.parent
# Keep in step with [tool.setuptools.package-dir] in pyproject.toml.
_CHECKOUT_PACKAGES = {
    f"{PROJECT_NAME}.builtin_plugins": _CHECKOUT / "plugins",
    f"{PROJECT_NAME}.builtin_themes": _CHECKOUT / "themes",
    f"{PROJECT_NAME}.translations": _CHECKOUT / "translations",
}


class _CheckoutFinder(importlib.abc.MetaPathFinder):
    """Finds the subpackages that live outside the package folder in a checkout. Consulted last,
    so an install (editable or not) that provides them is always used first."""

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None = None,
        target: ModuleType | None = None,
    ) -> ModuleSpec | None:
        folder = _CHECKOUT_PACKAGES.get(fullname)
        if folder is None:
            return None
        return importlib.util.spec_from_file_location(
            fullname, folder / "__init__.py", submodule_search_locations=[str(folder)]
        )


if (_CHECKOUT / "pyproject.toml").is_file() and all(
    (folder / "__init__.py").is_file() for folder in _CHECKOUT_PACKAGES.values()
):
    sys.meta_path.append(_CheckoutFinder())
