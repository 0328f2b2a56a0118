"""The app's quicker answer to PySide6's question after every import (does the module's source
mention PySide6?) is the answer PySide6 would give: the same question, asked of the file's
bytes instead of inspect.getsource's text."""

import inspect
import sys

import triangles_qt.app.application  # noqa: F401  (the app's start, which installs it)


def test_the_quicker_question_is_installed_and_answers_as_pyside_would():
    feature = sys.modules["shibokensupport.feature"]
    quick = feature._mod_uses_pyside
    assert quick.__name__ == "_quick_uses_pyside"
    asked = 0
    with_files = [
        m for m in sys.modules.values() if str(getattr(m, "__file__", "")).endswith(".py")
    ]
    # The app's own modules, Qt-using and not, and a few of the rest (numpy's, the library's)
    ours = [m for m in with_files if m.__name__.startswith("triangles_qt")]
    for module in ours + [m for m in with_files if m not in ours][::10]:
        try:
            source = inspect.getsource(module)
        except (OSError, TypeError, SyntaxError):
            continue
        assert quick(module) == ("PySide6" in source), module.__name__
        asked += 1
    assert asked > 30


def test_a_module_without_a_file_is_left_to_pyside():
    quick = sys.modules["shibokensupport.feature"]._mod_uses_pyside
    assert quick(sys) is False  # built in: PySide6's own way says no
