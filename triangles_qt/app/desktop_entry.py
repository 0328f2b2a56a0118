"""Desktop integration for pip and pipx installs (`triangles-qt --install-desktop-entry`, and
`--uninstall-desktop-entry`): the menu entry, the icon under the app id, the AppStream
metainfo and a MIME type for saved games, in the user's XDG data folder, as a distribution
package would put them in /usr/share. No Qt here, so it runs without a display."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

from triangles_qt.core.atomic_file import write_atomically
from triangles_qt.frozen import is_frozen, module_command

APP_ID = "io.github.triangles_qt.Triangles"
MIME_TYPE = "application/x-triangles-game"
RESOURCES = Path(__file__).with_name("resources")
# The shared-mime-info package file of saved games, as a file: a distribution or Flatpak
# package installs the same one into /usr/share/mime/packages.
MIME_XML = RESOURCES / f"{APP_ID}.xml"


def data_home() -> Path:
    """$XDG_DATA_HOME, or ~/.local/share."""
    value = os.environ.get("XDG_DATA_HOME", "")
    return Path(value) if os.path.isabs(value) else Path.home() / ".local" / "share"


def installed_paths(home: Path) -> dict[str, Path]:
    return {
        "desktop": home / "applications" / f"{APP_ID}.desktop",
        "icon": home / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg",
        "metainfo": home / "metainfo" / f"{APP_ID}.metainfo.xml",
        "mime": home / "mime" / "packages" / f"{APP_ID}.xml",
    }


def launch_command() -> list[str]:
    """How the menu starts this install: the bundle's program, its `triangles-qt` launcher, or
    this Python."""
    if is_frozen():  # the standalone bundle: its program is the game
        return [sys.executable]
    launcher = shutil.which("triangles-qt")
    if launcher and Path(launcher).resolve().parent == Path(sys.executable).resolve().parent:
        return [launcher]
    beside = Path(sys.executable).with_name("triangles-qt")
    if beside.is_file():
        return [str(beside)]
    return module_command("triangles_qt")


def desktop_file_text(command: list[str]) -> str:
    """The menu entry for `command`; a file to open is passed as its last argument (%f)."""
    lines = (RESOURCES / f"{APP_ID}.desktop").read_text(encoding="utf-8").splitlines()
    exec_line = "Exec=" + " ".join(_desktop_quote(part) for part in command) + " %f"
    out = [exec_line if line.startswith("Exec=") else line for line in lines]
    if not any(line.startswith("MimeType=") for line in out):
        out.append(f"MimeType={MIME_TYPE};")
    return "\n".join(out) + "\n"


def _desktop_quote(part: str) -> str:
    """Quote one Exec argument as the Desktop Entry Specification asks."""
    if part and all(c.isalnum() or c in "/._-+" for c in part):
        return part
    escaped = "".join("\\" + c if c in '"`$\\' else c for c in part)
    return f'"{escaped}"'


def install(home: Path | None = None) -> list[Path]:
    """Write the four files (replacing earlier ones); return their paths."""
    paths = installed_paths(home or data_home())
    texts = {
        "desktop": desktop_file_text(launch_command()),
        "metainfo": (RESOURCES / f"{APP_ID}.metainfo.xml").read_text(encoding="utf-8"),
        "mime": MIME_XML.read_text(encoding="utf-8"),
    }
    for key, path in paths.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        data = (RESOURCES / "triangles.svg").read_bytes() if key == "icon" else None
        write_atomically(path, data if data is not None else texts[key].encode("utf-8"))
    _refresh_caches(home or data_home())
    return list(paths.values())


def uninstall(home: Path | None = None) -> list[Path]:
    """Remove what `install` wrote; return the paths that were there."""
    removed = []
    for path in installed_paths(home or data_home()).values():
        if path.exists():
            path.unlink()
            removed.append(path)
    _refresh_caches(home or data_home())
    return removed


def repair_if_moved(home: Path | None = None) -> bool:
    """Point an installed menu entry at this install when the program it names is gone (its
    folder was moved or its venv made again elsewhere): else the menu would fail without a
    word. An entry whose program still exists belongs to that install and is left alone.
    Returns whether it was rewritten."""
    desktop = installed_paths(home or data_home())["desktop"]
    try:
        text = desktop.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return False
    for line in text.splitlines():
        if line.startswith("Exec="):
            try:
                program = shlex.split(line[len("Exec=") :])[0]
            except (ValueError, IndexError):
                return False
            if Path(program).is_absolute() and not Path(program).exists():
                try:
                    write_atomically(desktop, desktop_file_text(launch_command()).encode("utf-8"))
                except OSError:
                    return False
                return True
    return False


def _refresh_caches(home: Path) -> None:
    """Let the desktop see the change now (best effort: the tools may be missing)."""
    for tool, folder in (
        ("update-mime-database", home / "mime"),
        ("update-desktop-database", home / "applications"),
    ):
        if shutil.which(tool) and folder.is_dir():
            subprocess.run([tool, str(folder)], capture_output=True, check=False)


def run(action: str) -> int:
    """The command-line options: print what was done, exit status 0, or 1 with the reason."""
    try:
        paths = install() if action == "install" else uninstall()
    except OSError as exc:
        print(f"triangles-qt: the desktop entry could not be changed: {exc}", file=sys.stderr)
        return 1
    verb = "Installed" if action == "install" else "Removed"
    for path in paths:
        print(f"{verb} {path}")
    if action == "install":
        command = shlex.join(launch_command())
        print(f"Start Triangles from the menu, or open a .triangles file with it ({command}).")
    elif not paths:
        print("Nothing to remove: no desktop entry was installed here.")
    return 0
