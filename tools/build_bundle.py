"""Build the standalone bundle: a one-folder application, made with PyInstaller, that runs on a
machine without Python.

    python3 tools/build_bundle.py [--dist DIR] [--work DIR]

makes DIR/triangles-qt/ (default: dist/triangles-qt/ in the repository) holding the program
`triangles-qt` and everything it needs: the Python runtime, Qt, numpy, the package with its
built-in strategies, themes, translations, help pages and desktop files, LICENSE, and in
licenses/ the licence of everything else it redistributes (tools/bundle_licences.py). Copy the
folder anywhere and start `triangles-qt` (it takes the options of `python3 -m triangles_qt`);
`triangles-arena`, `triangles-record` and `triangles-net` beside it (links to it; `triangles-qt -m
triangles_qt.arena` does the same) are the other commands, and the game runs its computer
players with `triangles-qt -m triangles_qt.engine` (see triangles_qt/frozen.py).

PyInstaller is a build-time tool (`pip install ".[bundle]"`), not a dependency of the game. The
package is first laid out as an install lays it out (pyproject.toml's packages, package-dir and
package-data), so that the bundle holds exactly what a wheel holds, wherever the built-in
plugins, themes and translations live in the checkout.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this checkout's package, not an installed copy
sys.path.insert(0, str(ROOT / "tools"))

import bundle_licences  # noqa: E402

from triangles_qt.frozen import BUNDLE_COMMANDS  # noqa: E402

NAME = "triangles-qt"
ENTRY = ROOT / "packaging" / "bundle" / "triangles_qt_bundle.py"

# Found by PyInstaller's import scan but never needed by the game: the arena's optional --cluster
# (Dask, when it is installed where the bundle is built), what numpy's test and Fortran helpers
# would import, the test tools, and Tk. (Qt's network module stays: network play uses it.)
EXCLUDED_MODULES = (
    "distributed",
    "dask",
    "tornado",
    "yaml",
    "psutil",
    "charset_normalizer",
    "pytest",
    "_pytest",
    "hypothesis",
    "IPython",
    "tkinter",
    "_tkinter",
    "setuptools",
    "pip",
)


def stage_package(stage: Path) -> list[str]:
    """Copy the package into `stage` laid out as installed; return its modules' names."""
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
        "setuptools"
    ]
    package_dir: dict[str, str] = setuptools.get("package-dir", {})
    package_data: dict[str, list[str]] = setuptools.get("package-data", {})
    modules = []
    for package in setuptools["packages"]:
        source = ROOT / package_dir.get(package, package.replace(".", "/"))
        target = stage / package.replace(".", "/")
        target.mkdir(parents=True, exist_ok=True)
        for pattern in ["*.py", *package_data.get(package, [])]:
            for path in sorted(source.glob(pattern)):
                shutil.copy2(path, target / path.name)
                if path.suffix == ".py":
                    stem = path.stem
                    modules.append(package if stem == "__init__" else f"{package}.{stem}")
    return modules


def pyinstaller_arguments(stage: Path, modules: list[str], dist: Path, work: Path) -> list[str]:
    """PyInstaller's command line for the staged package."""
    args = [
        str(ENTRY),
        "--name",
        NAME,
        "--onedir",
        "--noconfirm",
        "--clean",
        "--log-level",
        "WARN",
        "--distpath",
        str(dist),
        "--workpath",
        str(work / "build"),
        "--specpath",
        str(work),
        "--paths",
        str(stage),
    ]
    # Every module of the package: the built-in plugins and the `-m` commands are loaded by
    # name at run time, so PyInstaller's import scan alone would miss them.
    for module in modules:
        args += ["--hidden-import", module]
    # cffi (which cryptography uses) requires pycparser but imports it only to compile, never
    # at run time: bundled all the same, so that the bundle holds what an install holds, and
    # its licence goes with it.
    args += ["--hidden-import", "pycparser"]
    for path in sorted(stage.rglob("*")):
        if path.is_file() and path.suffix != ".py":
            destination = path.parent.relative_to(stage)
            args += ["--add-data", f"{path}{os.pathsep}{destination}"]
    for module in EXCLUDED_MODULES:
        args += ["--exclude-module", module]
    return args


def build(dist: Path, work: Path) -> Path:
    """Build the bundle into dist/triangles-qt (replacing it); return that folder."""
    stage = work / "stage"
    if stage.exists():
        shutil.rmtree(stage)
    modules = stage_package(stage)
    command = [
        sys.executable,
        "-m",
        "PyInstaller",
        *pyinstaller_arguments(stage, modules, dist, work),
    ]
    # Not the checkout: the staged copy must be the one PyInstaller finds and bundles.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    subprocess.run(command, check=True, cwd=work, env=env)
    folder = dist / NAME
    shutil.copy2(ROOT / "LICENSE", folder / "LICENSE")
    for missing in bundle_licences.gather(folder, work, NAME):
        print(f"warning: the bundle's licences/ lacks {missing}", file=sys.stderr)
    if os.name == "posix":  # the other commands, as links the program recognises by name
        for command in BUNDLE_COMMANDS:
            (folder / command).unlink(missing_ok=True)
            (folder / command).symlink_to(NAME)
    return folder


def folder_size(folder: Path) -> int:
    """Bytes on disk, a linked file counted once."""
    return sum(p.lstat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python3 tools/build_bundle.py",
        description="Build the standalone one-folder bundle of Triangles with PyInstaller.",
    )
    parser.add_argument(
        "--dist",
        type=Path,
        default=ROOT / "dist",
        help="where the bundle's folder goes (default: dist/ in the repository)",
    )
    parser.add_argument(
        "--work",
        type=Path,
        help="PyInstaller's working folder (default: a temporary one, removed afterwards)",
    )
    args = parser.parse_args(argv)
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        print("PyInstaller is missing: python3 -m pip install '.[bundle]'", file=sys.stderr)
        return 1
    start = time.monotonic()
    dist = args.dist.absolute()
    if args.work is not None:
        args.work.mkdir(parents=True, exist_ok=True)
        folder = build(dist, args.work.absolute())
    else:
        with tempfile.TemporaryDirectory(prefix="triangles-bundle-") as work:
            folder = build(dist, Path(work))
    megabytes = folder_size(folder) / 1e6
    seconds = time.monotonic() - start
    print(f"Built {folder / NAME} ({megabytes:.0f} MB in {seconds:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
