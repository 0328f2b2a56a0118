"""The Flatpak manifest (packaging/flatpak/): it parses, it builds on the PySide BaseApp of the
runtime it names, every file it takes from the repository exists, it installs the desktop
files under the app id, its Python modules are pinned PyPI files that satisfy pyproject.toml,
and it asks for no more of the sandbox than the game uses. Nothing here needs a network."""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

from triangles_qt.app.desktop_entry import APP_ID, MIME_TYPE

yaml = pytest.importorskip("yaml")
requirements = pytest.importorskip("packaging.requirements")

REPO = Path(__file__).resolve().parent.parent
MANIFEST = REPO / "packaging" / "flatpak" / f"{APP_ID}.yml"
PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
# What the BaseApp brings (its python3-requirements and PySide6 modules), by the names
# pyproject.toml asks for.
FROM_THE_BASEAPP = {"pyside6-essentials", "numpy"}


@pytest.fixture(scope="module")
def manifest() -> dict:
    return yaml.safe_load(MANIFEST.read_text(encoding="utf-8"))


def app_module(manifest: dict) -> dict:
    (module,) = [m for m in manifest["modules"] if m["name"] == "triangles-qt"]
    return module


def test_it_is_the_game_on_the_pyside_baseapp_of_its_runtime(manifest):
    assert manifest["id"] == APP_ID
    assert manifest["base"] == "io.qt.PySide.BaseApp"
    assert manifest["runtime"] == "org.kde.Platform" and manifest["sdk"] == "org.kde.Sdk"
    assert manifest["base-version"] == manifest["runtime-version"]
    assert manifest["command"] in PYPROJECT["project"]["gui-scripts"]
    assert "/app/cleanup-BaseApp.sh" in manifest["cleanup-commands"]


def test_it_asks_only_for_a_display_gpu_and_network_play(manifest):
    assert sorted(manifest["finish-args"]) == sorted(
        [
            "--share=ipc",
            "--socket=wayland",
            "--socket=fallback-x11",
            "--device=dri",
            "--share=network",
        ]
    )


def test_every_file_it_takes_from_the_repository_exists(manifest):
    module = app_module(manifest)
    (folder,) = [s for s in module["sources"] if s["type"] == "dir"]
    root = (MANIFEST.parent / folder["path"]).resolve()
    assert root == REPO
    installed = {}
    for command in module["build-commands"]:
        words = shlex.split(command.replace("${FLATPAK_ID}", APP_ID))
        if words[0] != "install":
            continue
        source = words[2]
        assert (root / source).is_file(), source
        target = words[-1] if "-t" not in words else f"{words[-1]}/{Path(source).name}"
        installed[target.replace("${FLATPAK_DEST}", "/app")] = root / source
    resources = REPO / "triangles_qt" / "app" / "resources"
    assert installed == {
        f"/app/share/applications/{APP_ID}.desktop": resources / f"{APP_ID}.desktop",
        f"/app/share/icons/hicolor/scalable/apps/{APP_ID}.svg": resources / "triangles.svg",
        f"/app/share/metainfo/{APP_ID}.metainfo.xml": resources / f"{APP_ID}.metainfo.xml",
        f"/app/share/mime/packages/{APP_ID}.xml": resources / f"{APP_ID}.xml",
        f"/app/share/licenses/{APP_ID}/LICENSE": REPO / "LICENSE",
    }
    assert f'type="{MIME_TYPE}"' in (resources / f"{APP_ID}.xml").read_text()
    assert f"MimeType={MIME_TYPE};" in (resources / f"{APP_ID}.desktop").read_text()


def test_its_python_modules_are_pinned_pypi_files_that_meet_the_requirements(manifest):
    pinned = {}
    for module in manifest["modules"]:
        if module["name"] == "triangles-qt":
            continue
        (command,) = module["build-commands"]
        assert "--no-index" in command  # flatpak-builder builds offline
        (wanted,) = re.findall(r'"([A-Za-z0-9_.-]+==[^"]+)"', command)
        name, version = wanted.split("==")
        (source,) = module["sources"]
        assert source["url"].startswith("https://files.pythonhosted.org/packages/")
        filename = Path(source["url"]).name
        # A wheel's file name writes the project's dashes as underscores (poetry_core-2.5.0-…).
        assert filename.startswith(f"{name.replace('-', '_')}-{version}") or filename.startswith(
            f"{name}-{version}"
        )
        assert re.fullmatch(r"[0-9a-f]{64}", source["sha256"])
        # Wheels, but for zeroconf, built as pure Python from its source (see the manifest).
        packagetype = "sdist" if filename.endswith(".tar.gz") else "bdist_wheel"
        assert source["x-checker-data"] == {
            "type": "pypi",
            "name": name,
            "packagetype": packagetype,
        }
        assert packagetype == "bdist_wheel" or module.get("build-options", {}).get("env") == {
            "SKIP_CYTHON": "1"
        }
        pinned[name.lower()] = version
    for line in PYPROJECT["project"]["dependencies"]:
        requirement = requirements.Requirement(line)
        name = requirement.name.lower()
        if name in FROM_THE_BASEAPP:
            continue
        assert name in pinned, f"{name} is neither a module of the manifest nor in the BaseApp"
        assert requirement.specifier.contains(pinned[name]), (name, pinned[name])
    (backend,) = [s for s in app_module(manifest)["sources"] if s["type"] == "file"]
    version = Path(backend["url"]).name.split("-")[1]
    build_requirement = requirements.Requirement(PYPROJECT["build-system"]["requires"][0])
    assert build_requirement.name == "setuptools"
    assert build_requirement.specifier.contains(version)


@pytest.mark.skipif(not shutil.which("flatpak-builder"), reason="flatpak-builder missing")
def test_flatpak_builder_reads_it(tmp_path):
    # --show-manifest parses the manifest as a build would, without runtimes or network; it
    # leaves its state folder in the working folder, so that is a temporary one.
    done = subprocess.run(
        ["flatpak-builder", "--show-manifest", str(MANIFEST)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert f'"id" : "{APP_ID}"' in done.stdout
