"""The app's languages: which ones ship, which one is chosen at start, switching at run time by
installing our translator and Qt's own (standard buttons and dialogs) on the QApplication, and
numbers written the current language's way.

Switching is all a window has to ask for: Qt sends QEvent.LanguageChange to every widget when the
installed translators change, and each widget's ``retranslate_ui()`` does the rest. A missing or
damaged translation never stops the app: it falls back to English and says so in the log. Our own
catalogues are given to Qt only when their SHA-256 is the one recorded when they were compiled
(`triangles_qt.qm_digests`): Qt accepts a .qm damaged in a few bytes and crashes on it later.
"""

from __future__ import annotations

import contextlib
import functools
import importlib.resources
import logging
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from triangles_qt import qm_digests
from triangles_qt.core.safe_read import read_regular_file

MAX_QM_BYTES = 32 * 1024 * 1024

log = logging.getLogger("triangles_qt.i18n")

LANGUAGES: list[tuple[str, str]] = [
    ("en", "English"),
    ("es", "Español"),
    ("de", "Deutsch"),
    ("bg", "Български"),
]
"""The shipped languages in menu order: (code, the language's name in itself)."""

LANGUAGE_CODES: tuple[str, ...] = tuple(code for code, _name in LANGUAGES)
DEFAULT_LANGUAGE = "en"
APP_CATALOG = "triangles"
QT_CATALOG = "qtbase"


def native_name(code: str) -> str:
    """The language's name in itself ("Deutsch" for "de"); the code itself if it is not shipped."""
    return dict(LANGUAGES).get(code, code)


def normalise_code(value: object) -> str | None:
    """The shipped language code that `value` names ("de", "de_AT", "DE-de" -> "de"), else None."""
    if not isinstance(value, str):
        return None
    code = value.strip().replace("-", "_").split("_", 1)[0].lower()
    return code if code in LANGUAGE_CODES else None


def initial_language(
    cli_lang: str | None, saved_lang: str | None, system_name: str | None = None
) -> str:
    """The language to start in: ``--lang`` wins, then the saved choice, then the system locale
    (`system_name`, default ``QLocale.system().name()``) if we ship it, else English. A value that
    names no shipped language is skipped with a note in the log."""
    for origin, value in (("--lang", cli_lang), ("saved setting", saved_lang)):
        if value in (None, ""):
            continue
        code = normalise_code(value)
        if code is not None:
            return code
        log.warning("%s names no shipped language (%r); ignored", origin, value)
    if system_name is None:
        system_name = QLocale.system().name()
    return normalise_code(system_name[:2]) or DEFAULT_LANGUAGE


def format_number(n: int | float, decimals: int | None = None) -> str:
    """`n` written the way the current language writes numbers ("1,234" / "1.234" / "1 234").
    Floats get `decimals` digits after the separator (default: as few as needed, at most 6)."""
    locale = QLocale()
    if isinstance(n, bool) or not isinstance(n, float):
        return locale.toString(int(n))
    if decimals is None:
        return locale.toString(n, "g", 6)
    return locale.toString(n, "f", decimals)


def current_language() -> str:
    """The shipped language the app shows now (LanguageManager keeps QLocale's default in step):
    what a widget that picks per-language content, such as the rules help, should ask for."""
    return normalise_code(QLocale().name()) or DEFAULT_LANGUAGE


def translations_dir() -> Path:
    """The folder holding the compiled ``triangles_<code>.qm`` files: the package
    ``triangles_qt.translations`` (in a checkout, the repository's translations/)."""
    folder = importlib.resources.files("triangles_qt.translations")
    if isinstance(folder, Path):
        return folder
    # A zipped install: give Qt real files (extracted once, removed at exit).
    return _EXTRACTED.enter_context(importlib.resources.as_file(folder))


_EXTRACTED = contextlib.ExitStack()


def read_catalogue(folder: Path, code: str) -> tuple[bytes | None, str]:
    """The bytes of our catalogue for `code` in `folder` if they are the ones compiled (their
    digest is listed in the folder's qm-digests.json), else None and why, in a few words."""
    name = f"{APP_CATALOG}_{code}.qm"
    try:
        data = read_regular_file(folder / name, MAX_QM_BYTES)
    except OSError as error:
        return None, f"it cannot be read: {error.strerror or error}"
    problem = qm_digests.check(folder, name, data)
    if problem is not None:
        return None, problem
    return data, ""


def qt_translations_dir() -> Path:
    """Where Qt keeps its own catalogues (qtbase_<code>.qm)."""
    return Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath))


@functools.cache
def in_every_language(context: str, source: str) -> frozenset[str]:
    """`source` and its translation in every shipped language: to recognise text written in
    another language, such as the default player names of a game saved in it."""
    texts = {source}
    folder = translations_dir()
    for code in LANGUAGE_CODES:
        data, _why = read_catalogue(folder, code)
        translator = QTranslator()
        if data is not None and translator.load(data):  # Qt reads `data` in place
            texts.add(translator.translate(context, source) or source)
    return frozenset(texts)


class LanguageManager:
    """Installs the translators of one language on the application, and swaps them on request.

    The translators are children of the QApplication (and referenced here): a translator whose
    Python reference is dropped is destroyed and translation silently stops. `app_dir` and
    `qt_dir` override where the .qm files are looked up (tests point them at damaged copies)."""

    def __init__(
        self,
        app: QCoreApplication,
        app_dir: str | Path | None = None,
        qt_dir: str | Path | None = None,
    ) -> None:
        self.app = app
        self.app_dir = Path(app_dir) if app_dir is not None else None
        self.qt_dir = Path(qt_dir) if qt_dir is not None else None
        self.language = DEFAULT_LANGUAGE
        self._translators: list[QTranslator] = []
        self._locale_before = QLocale()

    @property
    def translators(self) -> tuple[QTranslator, ...]:
        """The translators installed now (ours last)."""
        return tuple(self._translators)

    def set_language(self, code: str) -> list[str]:
        """Switch the whole app to `code` (one of `LANGUAGE_CODES`) and make numbers follow it.

        Returns the notes written to the log about anything that went wrong (an unknown code, a
        missing or damaged .qm file and the resulting fall-back to English); empty when all went
        well. Never raises for a bad or missing translation."""
        notes: list[str] = []

        def note(text: str) -> None:
            notes.append(text)
            log.warning(text)

        wanted = normalise_code(code)
        if wanted is None:
            note(f"Unknown language {code!r}; using English.")
            wanted = DEFAULT_LANGUAGE

        app_dir = self.app_dir or translations_dir()
        ours, why = self._load_ours(app_dir, wanted)
        if ours is None and wanted != DEFAULT_LANGUAGE:
            note(
                f"The translation file {APP_CATALOG}_{wanted}.qm in {app_dir} is missing or "
                f"damaged ({why}); using English."
            )
            wanted = DEFAULT_LANGUAGE
            ours, why = self._load_ours(app_dir, wanted)
        if ours is None:
            # English needs its file only for plural forms ("1 triangle", not "1 triangle(s)").
            note(
                f"The English plural-forms file {APP_CATALOG}_en.qm in {app_dir} is missing or "
                f"damaged ({why}); plural phrases fall back to the built-in English forms."
            )

        qt_own = None
        if wanted != DEFAULT_LANGUAGE:
            qt_dir = self.qt_dir or qt_translations_dir()
            qt_own = self._load(qt_dir / f"{QT_CATALOG}_{wanted}.qm")
            if qt_own is None:
                note(
                    f"Qt's own translation {QT_CATALOG}_{wanted}.qm was not found in {qt_dir}; "
                    f"standard buttons stay in English."
                )

        # The locale first, so that widgets retranslating on the events below already see the
        # new language in QLocale() and `current_language()`. Then out with the old translators
        # and in with the new: each change makes Qt send QEvent.LanguageChange to every widget.
        QLocale.setDefault(QLocale(wanted))
        self.language = wanted
        self._remove_all()
        self._translators = [t for t in (qt_own, ours) if t is not None]
        for translator in self._translators:
            self.app.installTranslator(translator)
        return notes

    def unload(self) -> None:
        """Remove every translator this manager installed (the app shows the English sources)
        and give back the default locale it found."""
        self._remove_all()
        QLocale.setDefault(self._locale_before)
        self.language = DEFAULT_LANGUAGE

    def _remove_all(self) -> None:
        for translator in self._translators:
            self.app.removeTranslator(translator)
            translator.deleteLater()
        self._translators = []

    def _load_ours(self, folder: Path, code: str) -> tuple[QTranslator | None, str]:
        """A translator of our catalogue for `code`, or None and why: only the bytes that were
        compiled reach Qt (`read_catalogue`)."""
        data, why = read_catalogue(folder, code)
        if data is None:
            return None, why
        translator = self._translator(data)
        return (translator, "") if translator is not None else (None, "Qt cannot read it")

    def _load(self, path: Path) -> QTranslator | None:
        """A translator loaded from `path` (Qt's own catalogues, which come with Qt), parented to
        the app; None if the file is missing or not a valid .qm file."""
        try:
            data = read_regular_file(path, MAX_QM_BYTES)
        except (OSError, ValueError):
            return None
        return self._translator(data)

    def _translator(self, data: bytes) -> QTranslator | None:
        """A translator of `data`, parented to the app; None if Qt does not read it. Read into
        memory, not mapped: a file rewritten in place while the app runs (an upgrade, a rebuild
        of the translations) would end a mapping with SIGBUS."""
        translator = QTranslator(self.app)
        try:
            loaded = translator.load(data)
        except ValueError:
            loaded = False
        if loaded:
            translator.qm_data = data  # type: ignore[attr-defined]  # Qt reads it in place
            return translator
        translator.deleteLater()
        return None
