"""A damaged translation never reaches Qt (issue 51, item 5): qm-digests.json lists the SHA-256
of every shipped .qm file, it matches them (a developer who compiles them again without the tool
is told here), it ships wherever they ship, and a .qm with 5 bytes changed, which Qt's loader
accepts and then crashes on, is refused: the app goes on in English."""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

import pytest

from triangles_qt import qm_digests

REPO = Path(__file__).resolve().parent.parent
TRANSLATIONS = REPO / "translations"


def test_the_digests_match_the_shipped_translations():
    listed = qm_digests.read_manifest(TRANSLATIONS)
    shipped = qm_digests.digests_of(TRANSLATIONS)
    assert set(shipped) == {f"triangles_{code}.qm" for code in ("en", "es", "de", "bg")}
    assert listed == shipped, (
        "translations/qm-digests.json does not match the .qm files: compile them with "
        "python tools/update_translations.py, which writes it"
    )
    # As the tool writes it, so that running the tool changes nothing.
    text = (TRANSLATIONS / qm_digests.MANIFEST_NAME).read_text(encoding="utf-8")
    assert text == qm_digests.manifest_text(shipped)


def test_the_tool_tells_a_translation_compiled_without_it(tmp_path):
    sys.path.insert(0, str(REPO / "tools"))
    try:
        import update_translations as tool
    finally:
        sys.path.remove(str(REPO / "tools"))
    for path in TRANSLATIONS.glob("*.qm"):
        shutil.copy(path, tmp_path / path.name)
    assert tool.digest_problems(tmp_path) == [
        "qm-digests.json is missing (run python tools/update_translations.py)"
    ]
    qm_digests.write_manifest(tmp_path)
    assert tool.digest_problems(tmp_path) == []
    (tmp_path / "triangles_de.qm").write_bytes(b"compiled again")
    (tmp_path / "triangles_xx.qm").write_bytes(b"new")
    (tmp_path / "triangles_bg.qm").unlink()
    assert tool.digest_problems(tmp_path) == [
        "qm-digests.json lists triangles_bg.qm, which is missing",
        "qm-digests.json has another SHA-256 for triangles_de.qm: it was compiled again or "
        "changed since (run python tools/update_translations.py)",
        "qm-digests.json does not list triangles_xx.qm (run python tools/update_translations.py)",
    ]


@pytest.mark.parametrize(
    ("content", "why"),
    [
        (None, "qm-digests.json is missing"),
        ("{not json", "qm-digests.json is damaged"),
        ('{"sha256": {"triangles_de.qm": "abc"}}', "qm-digests.json is damaged"),
        ('{"sha256": {}}', "qm-digests.json does not list it"),
        ('{"sha256": {"triangles_de.qm": "' + "0" * 64 + '"}}', "its SHA-256 is not the one"),
    ],
)
def test_a_translation_is_refused_unless_its_digest_is_listed(tmp_path, content, why):
    data = (TRANSLATIONS / "triangles_de.qm").read_bytes()
    if content is not None:
        (tmp_path / qm_digests.MANIFEST_NAME).write_text(content)
    problem = qm_digests.check(tmp_path, "triangles_de.qm", data)
    assert problem is not None and problem.startswith(why)
    assert qm_digests.check(TRANSLATIONS, "triangles_de.qm", data) is None


def test_the_digests_ship_with_the_translations():
    setuptools = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]
    # tools/build_bundle.py lays the bundle out from the same package-data.
    assert qm_digests.MANIFEST_NAME in setuptools["package-data"]["triangles_qt.translations"]
    manifest_in = (REPO / "MANIFEST.in").read_text()
    assert "recursive-include translations *.py *.ts *.qm *.json" in manifest_in


# --- the crash itself, in processes of their own -------------------------------------------------

LOOK_UP_EVERYTHING = textwrap.dedent(
    """
    import sys, xml.etree.ElementTree as ET
    from pathlib import Path
    from PySide6.QtCore import QCoreApplication, QTranslator
    from triangles_qt.app.i18n import LanguageManager

    app = QCoreApplication([])
    folder, how = Path(sys.argv[1]), sys.argv[2]
    if how == "qt":  # the file straight to Qt, as before the digests
        data = (folder / "triangles_de.qm").read_bytes()
        translator = QTranslator()
        assert translator.load(data), "Qt refused it"
        app.installTranslator(translator)
        language = "de"
    else:
        manager = LanguageManager(app, app_dir=folder)
        for note in manager.set_language("de"):
            print(note)
        language = manager.language
    for context in ET.parse(folder / "triangles_de.ts").getroot().iter("context"):
        name = context.findtext("name")
        for message in context.iter("message"):
            source, comment = message.findtext("source"), message.findtext("comment")
            if message.get("numerus") == "yes":
                for n in (0, 1, 2, 3, 5, 11, 21, 101):
                    QCoreApplication.translate(name, source, comment, n)
            else:
                QCoreApplication.translate(name, source, comment)
    print(language, "|", QCoreApplication.translate(
        "GameOverDialog", "Biggest turn: %1 closed %n triangle(s)", None, 3))
    """
)


def look_up_everything(folder: Path, how: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", LOOK_UP_EVERYTHING, str(folder), how],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=REPO,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )


def test_a_translation_that_crashes_qt_is_refused_and_the_game_goes_on_in_english(tmp_path):
    """5 random bytes changed in triangles_de.qm: Qt's loader accepts the file, and the first
    plural message looked up ends the process with SIGSEGV (16 of 100 such files did)."""
    shutil.copytree(TRANSLATIONS, tmp_path, dirs_exist_ok=True)
    original = (TRANSLATIONS / "triangles_de.qm").read_bytes()
    rng = random.Random(51)
    crashed = None
    for _ in range(60):  # the first mutation found to crash Qt
        mutated = bytearray(original)
        for _ in range(5):
            mutated[rng.randrange(len(mutated))] = rng.randrange(256)
        (tmp_path / "triangles_de.qm").write_bytes(mutated)
        straight = look_up_everything(tmp_path, "qt")
        if straight.returncode < 0:
            crashed = straight.returncode
            break
    if crashed is None:
        pytest.skip("no damaged .qm of 60 crashed this Qt (its reader may be mended)")

    done = look_up_everything(tmp_path, "manager")
    assert done.returncode == 0, f"{done.returncode}: {done.stderr}"
    assert done.stdout.strip().splitlines() == [
        f"The translation file triangles_de.qm in {tmp_path} is missing or damaged (its "
        "SHA-256 is not the one in qm-digests.json); using English.",
        "en | Biggest turn: %1 closed 3 triangles",
    ]
