"""Broken: imports a module that does not exist."""

import triangles_no_such_module_for_tests  # noqa: F401
