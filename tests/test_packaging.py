"""What `pip install .` and a source distribution carry: the sdist has everything needed to
build, test and translate the game, the build gives no warnings, and the version is in one
place."""

from __future__ import annotations

import re
import subprocess
import sys
import tarfile
import tomllib
from pathlib import Path

import pytest

try:
    import fcntl
except ImportError:  # Windows has none: there the builds are not serialised
    fcntl = None  # type: ignore[assignment]

import triangles_qt

REPO = Path(__file__).resolve().parent.parent

pytest.importorskip("build")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("dist")
    # Under pytest-xdist every worker that runs a test of this module builds, and two builds of
    # one tree at once share its egg-info and staging folders (one failed with a missing file):
    # one at a time, by a lock in the folder the session's workers share.
    with (tmp_path_factory.getbasetemp().parent / "build.lock").open("w") as lock:
        if fcntl is not None:
            fcntl.flock(lock, fcntl.LOCK_EX)
        done = subprocess.run(
            [sys.executable, "-m", "build", "--sdist", "--wheel", "-o", str(out), str(REPO)],
            capture_output=True,
            text=True,
            timeout=600,
        )
    assert done.returncode == 0, done.stdout + done.stderr
    return out, done.stdout + done.stderr


def test_the_sdist_holds_the_sources_docs_translations_tools_and_tests(built):
    out, _ = built
    (sdist,) = out.glob("*.tar.gz")
    with tarfile.open(sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    for needed in (
        "LICENSE",
        "README.md",
        "pyproject.toml",
        "docs/rules.md",
        "docs/tournaments.md",
        "docs/network-protocol.md",
        "translations/triangles_de.ts",
        "translations/triangles_de.qm",
        "translations/qm-digests.json",
        "tools/update_translations.py",
        "tools/build_bundle.py",
        "packaging/bundle/triangles_qt_bundle.py",
        "packaging/bundle/licenses/LGPL-3.0.txt",
        "tools/bundle_licences.py",
        "packaging/flatpak/io.github.triangles_qt.Triangles.yml",
        "tests/test_rules.py",
        "plugins/hard.py",
        # The yardsticks, which tests/test_yardsticks.py loads.
        "benchmarks/opponents/hard_2026_11/__init__.py",
        "benchmarks/opponents/hard_2026_11/chains.py",
        "benchmarks/opponents/hard_2026_11/fallback.py",
        "benchmarks/opponents/mcts/__init__.py",
        "benchmarks/opponents/README.md",
        "themes/nebula.toml",
        "triangles_qt/app/resources/io.github.triangles_qt.Triangles.desktop",
        "triangles_qt/app/resources/io.github.triangles_qt.Triangles.metainfo.xml",
        "triangles_qt/app/resources/io.github.triangles_qt.Triangles.xml",
        ".ci/run",
    ):
        assert needed in names, needed
    assert not [name for name in names if "__pycache__" in name or name.endswith(".pyc")]


def test_every_file_the_docs_name_is_in_the_sdist(built):
    """A reader of an unpacked sdist finds every file README.md and docs/ point to (the strength
    tables cite their summaries in benchmarks/summaries/)."""
    out, _ = built
    (sdist,) = out.glob("*.tar.gz")
    with tarfile.open(sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    cited = set()
    for doc in [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]:
        for quoted in re.findall(r"`([^`\s]+)`|\]\(([^)\s#]+)\)", doc.read_text()):
            for text in quoted:
                path = text.removeprefix("../") if doc.parent.name == "docs" else text
                for candidate in (path, f"docs/{path}"):
                    if (REPO / candidate).is_file():
                        cited.add(candidate)
    assert len(cited) > 20  # the search finds what the docs cite
    assert sorted(cited - names) == []


def test_the_build_gives_no_warnings(built):
    _, log = built
    warnings = [
        line
        for line in log.splitlines()
        if "warning" in line.lower() and "byte-compiling is disabled" not in line
    ]
    assert warnings == []


def test_the_version_and_the_licence_are_declared_once(built):
    out, _ = built
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    assert "version" not in project and project["dynamic"] == ["version"]
    assert project["license"] == "GPL-3.0-or-later"
    (wheel,) = out.glob("*.whl")
    assert wheel.name.startswith(f"triangles_qt-{triangles_qt.__version__}-")
    assert "GNU GENERAL PUBLIC LICENSE" in (REPO / "LICENSE").read_text()


def test_the_wheel_ships_the_translations_with_their_digests(built):
    """The app loads no .qm file whose digest qm-digests.json does not list (issue 51)."""
    import zipfile

    out, _ = built
    (wheel,) = out.glob("*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    for language in ("en", "es", "de", "bg"):
        assert f"triangles_qt/translations/triangles_{language}.qm" in names
    assert "triangles_qt/translations/qm-digests.json" in names
