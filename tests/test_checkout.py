"""Running from a source checkout: the subpackages that live outside the package folder."""

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

# As `python3 -m triangles_qt` in the repository after a non-editable install: the checkout
# comes first on the path, and no editable install maps the outside folders.
CHECK = """
import sys
sys.meta_path[:] = [
    f for f in sys.meta_path if "Editable" not in getattr(f, "__name__", type(f).__name__)
]
import triangles_qt
from triangles_qt.builtin_plugins import hard
from triangles_qt.app.i18n import translations_dir
from triangles_qt.plugin_manager import load_plugins
print(triangles_qt.__file__)
print(hard.__file__)
print(translations_dir())
registry = load_plugins()
print(" ".join(info.name for info in registry.loaded if info.source == "built-in"))
print(len(registry.failed))
"""


def test_a_checkout_runs_with_its_own_strategies_themes_and_translations(tmp_path):
    env = {**os.environ, "TRIANGLES_USER_DATA": str(tmp_path)}  # no user plugins
    done = subprocess.run(
        [sys.executable, "-c", CHECK],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.split("\n")
    package, strategy, translations = map(Path, lines[:3])
    assert package == REPO / "triangles_qt" / "__init__.py"
    assert strategy == REPO / "plugins" / "hard.py"
    assert translations == REPO / "translations"
    assert (translations / "triangles_de.qm").is_file()
    assert lines[3].split() == ["easy", "medium", "hard", "builtin_themes"]
    assert lines[4] == "0"  # no plugin failed to load


def test_every_package_of_the_source_is_installed():
    """`pip install .` (not editable) ships only the packages pyproject lists: a new subpackage
    left out would install an app that cannot start."""
    import tomllib

    listed = set(
        tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]
    )
    folders = {
        ".".join(init.parent.relative_to(REPO).parts)
        for init in (REPO / "triangles_qt").rglob("__init__.py")
        if "__pycache__" not in init.parts
    }
    assert folders <= listed


def test_ci_runs_exactly_the_readmes_test_command():
    readme = (REPO / "README.md").read_text()
    test_section = readme.split("## Test", 1)[1]
    command = test_section.split("```sh\n", 1)[1].split("\n```", 1)[0].strip()
    assert command.startswith("python3 -m venv .venv && ")  # as Debian and Ubuntu ask
    ci = (REPO / ".ci" / "run").read_text()
    assert command.replace('-e ".[test]"', '-q -e ".[test]"') in ci
