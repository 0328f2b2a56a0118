"""The licences of everything the standalone bundle redistributes, gathered into its
``licenses/`` folder by tools/build_bundle.py.

What the bundle holds is read from PyInstaller's own lists of what it collected (COLLECT-00.toc,
PYZ-00.toc in its work folder), and each file is traced to where it came from: a Python
distribution (its licence files from its metadata), CPython itself (its LICENSE.txt), or the
operating system (on Debian and Ubuntu, the package that owns the library, and its
``/usr/share/doc/<package>/copyright``). ``licenses/README.txt`` lists every component with its
version, licence and the bundled files it covers (``components.json``: all of them). A
distribution that ships no licence text but names the LGPL 3 (PySide6 and shiboken6) gets the
licence's text from packaging/bundle/licenses/.
Anything whose licence cannot be found is returned, so that the build can say so.
"""

from __future__ import annotations

import ast
import importlib.metadata
import json
import re
import shutil
import subprocess
import sys
import sysconfig
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
KEPT_TEXTS = ROOT / "packaging" / "bundle" / "licenses"
LICENCE_NAME = re.compile(r"^(LICEN[CS]E|COPYING|NOTICE|AUTHORS)", re.IGNORECASE)


@dataclass
class Component:
    """One thing the bundle redistributes, and the texts that are its licence."""

    kind: str  # "python", "cpython" or "system"
    name: str
    version: str
    licence: str
    texts: list[Path]
    files: set[str] = field(default_factory=set)  # as they are named in the bundle


def bundled_sources(work: Path, name: str) -> list[tuple[str, str]]:
    """(name in the bundle, source path) of every file PyInstaller collected, Python modules
    in its archive included."""
    build = work / "build" / name
    collected = ast.literal_eval((build / "COLLECT-00.toc").read_text())[0]
    archived = ast.literal_eval((build / "PYZ-00.toc").read_text())[1]
    return [(dest, src) for dest, src, _kind in collected + archived if src]


def gather(folder: Path, work: Path, name: str) -> list[str]:
    """Write ``folder/licenses/``; return what has no licence found (empty when all have)."""
    stage = (work / "stage").resolve()
    owners = _distribution_files()
    cpython = _cpython()
    components: dict[tuple[str, str], Component] = {}
    unknown: list[str] = []
    system: dict[str, list[str]] = defaultdict(list)
    for dest, src in bundled_sources(work, name):
        source = Path(src)
        if not source.is_absolute():  # a link to a file the bundle holds anyway
            continue
        real = source.resolve()
        if real.is_relative_to(stage) or real.is_relative_to(work.resolve()):
            if dest.startswith("base_library"):  # the standard library, zipped by PyInstaller
                cpython.files.add(dest)
            continue  # this game's own files: LICENSE at the top of the bundle
        dist = owners.get(real)
        if dist is not None:
            component = components.setdefault(("python", dist.name), _python(dist))
            component.files.add(dest)
        elif _is_cpython(real):
            cpython.files.add(dest)
        else:
            system[str(real)].append(dest)
    if cpython.files:
        components[("cpython", cpython.name)] = cpython
    for path, dests in system.items():
        package = _debian_package(path)
        if package is None:
            unknown.append(f"{', '.join(dests)} (from {path}): no package owns it")
            continue
        component = components.setdefault(("system", package), _debian(package))
        component.files.update(dests)
    target = folder / "licenses"
    if target.exists():
        shutil.rmtree(target)
    target.mkdir()
    lines = []
    for (kind, _), component in sorted(components.items()):
        if not component.texts:
            unknown.append(f"{component.name} {component.version}: no licence text found")
            continue
        place = target / kind / component.name
        place.mkdir(parents=True, exist_ok=True)
        for text in component.texts:
            shutil.copy2(text, place / text.name)
        files = sorted(component.files)
        shown = ", ".join(files[:6]) + (f" and {len(files) - 6} more" if len(files) > 6 else "")
        lines.append(
            f"{kind}/{component.name}\n    version {component.version}; licence: "
            f"{component.licence}\n    in the bundle: {shown}\n"
        )
    listing = {
        f"{kind}/{c.name}": {"version": c.version, "licence": c.licence, "files": sorted(c.files)}
        for (kind, _), c in sorted(components.items())
    }
    (target / "components.json").write_text(json.dumps(listing, indent=1), encoding="utf-8")
    (target / "README.txt").write_text(
        "The licences of what this bundle redistributes besides Triangles itself (whose\n"
        "licence, the GNU GPL 3 or later, is ../LICENSE). One folder per component, named by\n"
        "its kind: python (a Python distribution), cpython (the Python runtime), system (a\n"
        "library of the operating system the bundle was built on, by its package).\n\n"
        + "\n".join(lines),
        encoding="utf-8",
    )
    return unknown


def _distribution_files() -> dict[Path, importlib.metadata.Distribution]:
    owners = {}
    for dist in importlib.metadata.distributions():
        for file in dist.files or ():
            owners[Path(str(dist.locate_file(file))).resolve()] = dist
    return owners


def _python(dist: importlib.metadata.Distribution) -> Component:
    meta = dist.metadata
    licence = meta["License-Expression"] or meta["License"] or "see the texts"
    texts = []
    for file in dist.files or ():
        path = Path(str(dist.locate_file(file)))
        inside_metadata = any(part.endswith(".dist-info") for part in file.parts)
        if inside_metadata and LICENCE_NAME.match(path.name) and path.is_file():
            texts.append(path)
    if not texts and "LGPL-3.0" in licence:  # PySide6, shiboken6: the wheels carry no text
        texts = [KEPT_TEXTS / "LGPL-3.0.txt", ROOT / "LICENSE"]
        licence += " (this bundle uses it under the LGPL 3, with the GPL 3 it builds on)"
    return Component("python", dist.name, dist.version, licence.splitlines()[0], _unique(texts))


def _cpython() -> Component:
    version = ".".join(map(str, sys.version_info[:3]))
    short = f"{sys.version_info[0]}.{sys.version_info[1]}"
    candidates = [
        Path(sysconfig.get_paths()["stdlib"]) / "LICENSE.txt",
        Path(sys.base_prefix) / "lib" / f"python{short}" / "LICENSE.txt",
        Path(f"/usr/share/doc/python{short}/copyright"),
        Path(f"/usr/lib/python{short}/LICENSE.txt"),
    ]
    texts = [path for path in candidates if path.is_file()][:1]
    return Component("cpython", "CPython", version, "PSF-2.0", texts)


def _is_cpython(path: Path) -> bool:
    prefix = Path(sys.base_prefix).resolve()
    if path.is_relative_to(prefix) and prefix != Path("/usr"):
        return True  # a Python built on its own (pyenv, python.org): all of it is CPython's
    return path.name.startswith("libpython") or path.is_relative_to(
        Path(sysconfig.get_paths()["stdlib"]).resolve()
    )


def _debian_package(path: str) -> str | None:
    """The Debian package that installed `path` (also under its /usr-merged or unmerged name),
    None when there is no dpkg or no owner."""
    if shutil.which("dpkg-query") is None:
        return None
    names = {path}
    if path.startswith("/usr/"):
        names.add(path[len("/usr") :])
    else:
        names.add("/usr" + path)
    for name in sorted(names):
        done = subprocess.run(["dpkg-query", "-S", name], capture_output=True, text=True)
        if done.returncode == 0 and ":" in done.stdout:
            return done.stdout.split(":", 1)[0].split(",")[0].strip()
    return None


def _debian(package: str) -> Component:
    copyright_file = Path("/usr/share/doc") / package / "copyright"
    done = subprocess.run(
        ["dpkg-query", "-W", "-f", "${Version}", package], capture_output=True, text=True
    )
    texts = [copyright_file] if copyright_file.is_file() else []
    return Component("system", package, done.stdout.strip(), "see copyright", texts)


def _unique(paths: list[Path]) -> list[Path]:
    """One file per name (a folder holds each text once)."""
    seen: dict[str, Path] = {}
    for path in paths:
        seen.setdefault(path.name, path)
    return list(seen.values())
