"""Languages at run time: switching retranslates live widgets, Qt's own buttons follow, numbers
follow the locale, a damaged or missing .qm falls back to English with a note in the log, and the
start-up language is chosen in the documented order."""

from __future__ import annotations

import logging
import os
import random
import shutil
import xml.etree.ElementTree as ET

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402
from PySide6.QtCore import QCoreApplication, QEvent, QLocale, QTranslator  # noqa: E402
from PySide6.QtWidgets import QDialogButtonBox, QLabel, QVBoxLayout, QWidget  # noqa: E402

from triangles_qt.app import i18n  # noqa: E402
from triangles_qt.app.i18n import (  # noqa: E402
    LANGUAGES,
    LanguageManager,
    format_number,
    initial_language,
    translations_dir,
)

MENU_TITLE = {"en": "&Language", "es": "&Idioma", "de": "&Sprache", "bg": "&Език"}
CANCEL = {"en": "Cancel", "es": "Cancelar", "de": "Abbrechen", "bg": "Отказ"}


class LanguageAwareWidget(QWidget):
    """A tiny widget written the way the app's widgets are: all text set in retranslate_ui()."""

    def __init__(self) -> None:
        super().__init__()
        self.label = QLabel()
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        layout = QVBoxLayout(self)
        layout.addWidget(self.label)
        layout.addWidget(self.buttons)
        self.retranslations = 0
        self.retranslate_ui()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt name
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def retranslate_ui(self) -> None:
        self.retranslations += 1
        self.label.setText(QCoreApplication.translate("MainWindow", "&Language"))  # the menu's


@pytest.fixture
def manager(qapp):
    languages = LanguageManager(qapp)
    yield languages
    languages.unload()
    QCoreApplication.processEvents()


def _cancel_text(box: QDialogButtonBox) -> str:
    return box.button(QDialogButtonBox.StandardButton.Cancel).text().replace("&", "")


def test_languages_are_listed_in_menu_order_with_native_names():
    assert LANGUAGES == [
        ("en", "English"),
        ("es", "Español"),
        ("de", "Deutsch"),
        ("bg", "Български"),
    ]


def test_every_shipped_language_has_a_compiled_translation():
    folder = translations_dir()
    for code, _name in LANGUAGES:
        assert (folder / f"triangles_{code}.qm").is_file(), code


@pytest.mark.parametrize("code", ["es", "de", "bg", "en"])
def test_switching_language_retranslates_an_open_widget(qtbot, manager, code):
    widget = LanguageAwareWidget()
    qtbot.addWidget(widget)
    widget.show()
    assert widget.label.text() == "&Language"

    assert manager.set_language(code) == []

    assert manager.language == code
    qtbot.waitUntil(lambda: widget.label.text() == MENU_TITLE[code], timeout=2000)
    qtbot.waitUntil(lambda: _cancel_text(widget.buttons) == CANCEL[code], timeout=2000)


def test_switching_twice_leaves_only_the_new_language(qtbot, manager):
    widget = LanguageAwareWidget()
    qtbot.addWidget(widget)
    manager.set_language("de")
    manager.set_language("bg")
    qtbot.waitUntil(lambda: widget.label.text() == MENU_TITLE["bg"], timeout=2000)
    assert len(manager.translators) == 2
    manager.set_language("en")
    qtbot.waitUntil(lambda: widget.label.text() == "&Language", timeout=2000)
    assert _cancel_text(widget.buttons) == "Cancel"
    assert len(manager.translators) == 1  # the English plural forms only


@pytest.mark.parametrize("code", ["es", "de", "bg"])
def test_standard_buttons_of_a_new_dialog_are_translated(qtbot, manager, code):
    manager.set_language(code)
    box = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
    qtbot.addWidget(box)
    assert _cancel_text(box) == CANCEL[code]


def test_translators_survive_garbage_collection(qtbot, manager):
    import gc

    manager.set_language("es")
    gc.collect()
    assert QCoreApplication.translate("MainWindow", "&Language") == "&Idioma"


def test_english_plural_forms_read_naturally(qtbot, manager):
    root = ET.parse(translations_dir() / "triangles_en.ts").getroot()
    context = root.find("context")
    if context is None:
        pytest.skip("the sources have no plural message yet")
    message = context.find("message")
    name, source = context.findtext("name"), message.findtext("source")
    one, many = (form.text for form in message.find("translation").findall("numerusform"))
    manager.set_language("en")
    assert QCoreApplication.translate(name, source, None, 1) == one.replace("%n", "1")
    assert QCoreApplication.translate(name, source, None, 5) == many.replace("%n", "5")


def test_numbers_follow_the_language(manager):
    manager.set_language("de")
    assert QLocale().name() == "de_DE"
    assert format_number(1234567) == "1.234.567"
    assert format_number(2.5, 1) == "2,5"
    manager.set_language("es")
    assert format_number(1234567) == "1.234.567"
    manager.set_language("en")
    assert format_number(1234567) == "1,234,567"
    assert format_number(2.5) == "2.5"


@pytest.fixture
def damaged_copy(tmp_path):
    folder = tmp_path / "translations"
    shutil.copytree(translations_dir(), folder, ignore=shutil.ignore_patterns("*.py", "__*"))
    (folder / "triangles_de.qm").write_bytes(b"\x00garbage, not a Qt translation\xff" * 8)
    (folder / "triangles_bg.qm").unlink()
    return folder


@pytest.mark.parametrize("code", ["de", "bg"])
def test_a_damaged_or_missing_translation_falls_back_to_english(
    qtbot, qapp, caplog, damaged_copy, code
):
    languages = LanguageManager(qapp, app_dir=damaged_copy)
    widget = LanguageAwareWidget()
    qtbot.addWidget(widget)
    try:
        languages.set_language("es")
        qtbot.waitUntil(lambda: widget.label.text() == MENU_TITLE["es"], timeout=2000)
        with caplog.at_level(logging.WARNING, logger="triangles_qt.i18n"):
            notes = languages.set_language(code)
        assert languages.language == "en"
        assert notes and f"triangles_{code}.qm" in notes[0] and "English" in notes[0]
        assert any(
            record.name == "triangles_qt.i18n" and f"triangles_{code}.qm" in record.getMessage()
            for record in caplog.records
        )
        qtbot.waitUntil(lambda: widget.label.text() == "&Language", timeout=2000)
        assert _cancel_text(widget.buttons) == "Cancel"
        assert QLocale().name() == "en_US"
    finally:
        languages.unload()


def _accepted_by_qt_yet_damaged(data: bytes) -> bytes:
    """`data` with 5 bytes changed so that Qt's own loader still accepts it (most such files:
    some of them crash Qt when a message is looked up, tests/test_qm_digests.py)."""
    rng = random.Random(51)
    while True:
        mutated = bytearray(data)
        for _ in range(5):
            mutated[rng.randrange(len(mutated))] = rng.randrange(256)
        if bytes(mutated) != data and QTranslator().load(bytes(mutated)):
            return bytes(mutated)


def test_a_translation_damaged_in_five_bytes_is_refused_before_qt_reads_it(
    qtbot, qapp, caplog, tmp_path
):
    folder = tmp_path / "translations"
    shutil.copytree(translations_dir(), folder, ignore=shutil.ignore_patterns("*.py", "__*"))
    qm = folder / "triangles_de.qm"
    qm.write_bytes(_accepted_by_qt_yet_damaged(qm.read_bytes()))
    languages = LanguageManager(qapp, app_dir=folder)
    widget = LanguageAwareWidget()
    qtbot.addWidget(widget)
    try:
        with caplog.at_level(logging.WARNING, logger="triangles_qt.i18n"):
            notes = languages.set_language("de")
        assert languages.language == "en"
        assert notes == [
            f"The translation file triangles_de.qm in {folder} is missing or damaged (its SHA-256 "
            "is not the one in qm-digests.json); using English."
        ]
        assert any("triangles_de.qm" in record.getMessage() for record in caplog.records)
        qtbot.waitUntil(lambda: widget.label.text() == "&Language", timeout=2000)
        # English plurals still come from the English file, which is intact.
        turn = "Biggest turn: %1 closed %n triangle(s)"
        assert QCoreApplication.translate("GameOverDialog", turn, None, 1).endswith("1 triangle")
        # The other languages are intact too.
        assert languages.set_language("es") == [] and languages.language == "es"
        qtbot.waitUntil(lambda: widget.label.text() == MENU_TITLE["es"], timeout=2000)
    finally:
        languages.unload()


def test_without_the_digests_no_translation_is_loaded(qapp, tmp_path):
    folder = tmp_path / "translations"
    shutil.copytree(translations_dir(), folder, ignore=shutil.ignore_patterns("*.py", "__*"))
    (folder / "qm-digests.json").unlink()
    languages = LanguageManager(qapp, app_dir=folder)
    try:
        notes = languages.set_language("bg")
        assert languages.language == "en"
        assert notes == [
            f"The translation file triangles_bg.qm in {folder} is missing or damaged "
            "(qm-digests.json is missing); using English.",
            f"The English plural-forms file triangles_en.qm in {folder} is missing or damaged "
            "(qm-digests.json is missing); plural phrases fall back to the built-in English "
            "forms.",
        ]
    finally:
        languages.unload()


def test_names_in_every_language_leave_out_a_damaged_translation(monkeypatch, tmp_path):
    folder = tmp_path / "translations"
    shutil.copytree(translations_dir(), folder, ignore=shutil.ignore_patterns("*.py", "__*"))
    qm = folder / "triangles_de.qm"
    qm.write_bytes(_accepted_by_qt_yet_damaged(qm.read_bytes()))
    monkeypatch.setattr(i18n, "translations_dir", lambda: folder)
    i18n.in_every_language.cache_clear()
    try:
        names = i18n.in_every_language("MainWindow", "Player 1")
    finally:
        i18n.in_every_language.cache_clear()
    assert "Jugador 1" in names and "Spieler 1" not in names


def test_an_unknown_language_code_falls_back_to_english(manager, caplog):
    with caplog.at_level(logging.WARNING, logger="triangles_qt.i18n"):
        notes = manager.set_language("tlh")
    assert manager.language == "en"
    assert notes and "tlh" in notes[0]


def test_a_missing_qt_catalogue_keeps_our_language_and_says_so(qapp, tmp_path):
    languages = LanguageManager(qapp, qt_dir=tmp_path)
    try:
        notes = languages.set_language("de")
        assert languages.language == "de"
        assert len(notes) == 1 and "qtbase_de.qm" in notes[0]
        assert QCoreApplication.translate("MainWindow", "&Language") == "&Sprache"
    finally:
        languages.unload()


@pytest.mark.parametrize(
    ("cli", "saved", "system", "expected"),
    [
        ("de", "es", "bg_BG", "de"),  # --lang wins
        (None, "es", "bg_BG", "es"),  # then the saved choice
        ("", "", "bg_BG", "bg"),  # then the system locale, if shipped
        (None, None, "fr_FR", "en"),  # else English
        (None, None, "C", "en"),
        ("de_AT", None, "en_US", "de"),  # a regional code names its language
        ("xx", "es", "de_DE", "es"),  # a code we do not ship is skipped
        ("xx", "yy", "de_DE", "de"),
    ],
)
def test_initial_language_precedence(cli, saved, system, expected):
    assert initial_language(cli, saved, system) == expected


def test_initial_language_uses_the_system_locale_by_default(monkeypatch):
    monkeypatch.setattr(i18n.QLocale, "system", staticmethod(lambda: QLocale("bg_BG")))
    assert initial_language(None, None) == "bg"


def test_unload_gives_back_the_locale_and_the_english_sources(qapp):
    before = QLocale().name()
    languages = LanguageManager(qapp)
    languages.set_language("bg")
    assert QLocale().name() == "bg_BG"
    languages.unload()
    assert QLocale().name() == before
    assert languages.translators == ()
    assert QCoreApplication.translate("MainWindow", "&Language") == "&Language"


@pytest.mark.parametrize("code, easy", [("de", "Leicht"), ("es", "Fácil"), ("bg", "Лесно")])
def test_built_in_levels_are_named_in_the_language_but_plugins_keep_theirs(manager, code, easy):
    from types import SimpleNamespace

    from triangles_qt.app.strategy_names import strategy_display_name

    manager.set_language(code)
    assert strategy_display_name(SimpleNamespace(id="easy", name="Easy")) == easy
    assert strategy_display_name(SimpleNamespace(id="acme.x", name="Cautious")) == "Cautious"
    manager.set_language("en")
    assert strategy_display_name(SimpleNamespace(id="easy", name="Easy")) == "Easy"


@pytest.mark.parametrize("code", ["en", "es", "de", "bg"])
def test_each_kind_of_strategy_failure_is_told_in_the_language_in_its_own_words(manager, code):
    from triangles_qt.app.notices import failure_reason
    from triangles_qt.strategy_runner import Failure, FailureKind

    manager.set_language(code)
    reasons = {
        kind: failure_reason(Failure("x", "p", "raised KeyError: 3", kind=kind))
        for kind in FailureKind
    }
    assert len(set(reasons.values())) == len(FailureKind)  # none falls back to another's
    assert "KeyError: 3" in reasons[FailureKind.RAISED]
    assert ("raised" in reasons[FailureKind.RAISED]) == (code == "en")  # said in the language
    # the specifics are English, for the author: only the raised exception's own words are shown
    assert all("KeyError" not in reasons[kind] for kind in FailureKind if kind != "raised")
    english = {
        "busy": "still busy with an earlier move",
        "timed_out": "did not answer in time",
        "bad_answer": "it chose a stroke that cannot be drawn",
        "raised": "its code raised KeyError: 3",
    }
    for kind, text in english.items():
        assert (reasons[FailureKind(kind)] == text) == (code == "en")


@pytest.mark.parametrize(
    "code, look_in, of_type",
    [
        ("es", "&Ver en:", "Ficheros de &tipo:"),
        ("bg", "&Преглед на:", "Файлове от &тип:"),
        ("de", "&Suchen in:", "Dateien des &Typs:"),
    ],
)
def test_the_file_dialog_s_labels_that_qt_lacks_come_from_our_catalogue(
    qapp, code, look_in, of_type
):
    from PySide6.QtCore import QCoreApplication

    from triangles_qt.app.i18n import LanguageManager

    languages = LanguageManager(qapp)
    try:
        languages.set_language(code)
        translate = QCoreApplication.translate
        assert translate("QFileDialog", "&Look in:") == look_in  # English before, in es and bg
        assert translate("QFileDialog", "Files of &type:") == of_type
    finally:
        languages.unload()


def test_a_damaged_translation_at_start_is_told_in_the_window(qapp, tmp_path, monkeypatch):
    """Not only in the log: the first game's status bar says the language is missing or
    damaged and English is used."""
    from triangles_qt.app import application, i18n
    from triangles_qt.app.main_window import MainWindow

    folder = tmp_path / "translations"
    shutil.copytree(i18n.translations_dir(), folder)
    damaged = bytearray((folder / "triangles_de.qm").read_bytes())
    damaged[100] ^= 0xFF
    (folder / "triangles_de.qm").write_bytes(bytes(damaged))
    monkeypatch.setattr(i18n, "translations_dir", lambda: folder)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    windows = []
    # Other tests' windows, not yet deleted: held here, so that no new window can take the
    # address (and the id) of one of them that is freed meanwhile.
    earlier = list(qapp.topLevelWidgets())
    known = {id(w) for w in earlier}

    def no_loop():
        windows.extend(
            w for w in qapp.topLevelWidgets() if isinstance(w, MainWindow) and id(w) not in known
        )
        return 0

    monkeypatch.setattr(type(qapp), "exec", staticmethod(no_loop))
    assert application.main(["triangles-qt", "--lang", "de"]) == 0
    (window,) = windows
    try:
        assert "The Deutsch translation is missing or damaged; using English." in (
            window.startup_notes
        )
    finally:
        window.close()
        window.language_manager.unload()
