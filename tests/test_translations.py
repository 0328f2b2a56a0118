"""The translations are complete and true to the documentation: every .ts matches the sources and
is fully translated with fresh .qm files (tools/update_translations.py --check), the glossary's
terms are used wherever their English source appears, plural messages fill every form, and no
translation loses or gains a placeholder."""

from __future__ import annotations

import importlib.util
import re
import shutil
import sys
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TRANSLATIONS = ROOT / "translations"
TRANSLATED = ("es", "de", "bg")
ALL = (*TRANSLATED, "en")


def _load_tool():
    spec = importlib.util.spec_from_file_location(
        "update_translations", ROOT / "tools" / "update_translations.py"
    )
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("update_translations", module)
    spec.loader.exec_module(module)
    return module


tool = _load_tool()

# PySide6 installs them beside this Python (in a virtual environment's bin/, on no PATH).
pytestmark = pytest.mark.skipif(
    tool.find_tool("pyside6-lupdate") is None or tool.find_tool("pyside6-lrelease") is None,
    reason=f"Qt's Linguist tools (pyside6-lupdate, pyside6-lrelease) are neither beside "
    f"{sys.executable} nor on PATH",
)

# Whole messages whose translation the glossary fixes (compared without case and without a
# keyboard accelerator "&").
GLOSSARY_MESSAGES: dict[str, dict[str, str]] = {
    "Triangles": {"es": "Triangles", "de": "Triangles", "bg": "Triangles"},
    "New game": {"es": "Nueva partida", "de": "Neues Spiel", "bg": "Нова игра"},
    "Nebula": {"es": "Nebulosa", "de": "Nebel", "bg": "Небюла"},
    "Play again after a triangle": {
        "es": "Repetir tras un triángulo",
        "de": "Nach einem Dreieck nochmal spielen",
        "bg": "Нов ход след триъгълник",
    },
    "You won!": {"es": "¡Has ganado!", "de": "Du hast gewonnen!", "bg": "Победихте!"},
    "You lost!": {"es": "¡Has perdido!", "de": "Du hast verloren!", "bg": "Загубихте!"},
    "Draw!": {"es": "¡Empate!", "de": "Unentschieden!", "bg": "Равенство!"},
    "Already drawn": {"es": "Ya existe", "de": "Existiert bereits", "bg": "Вече съществува"},
    "Passes over a star": {
        "es": "Pasa sobre otra estrella",
        "de": "Verläuft über einen anderen Stern",
        "bg": "Минава през друга звезда",
    },
    "Crosses a stroke": {
        "es": "Corta un trazo ya colocado",
        "de": "Kreuzt eine bereits gezogene Linie",
        "bg": "Пресича вече начертана черта",
    },
    "The computer": {"es": "El ordenador", "de": "Der Computer", "bg": "Компютъра"},
    "Player 1": {"es": "Jugador 1", "de": "Spieler 1", "bg": "Играч 1"},
    "Player 2": {"es": "Jugador 2", "de": "Spieler 2", "bg": "Играч 2"},
    "Player %1": {"es": "Jugador %1", "de": "Spieler %1", "bg": "Играч %1"},
    "Board (star cloud)": {
        "es": "Tablero (nube de estrellas)",
        "de": "Spielfeld (Sternenwolke)",
        "bg": "Поле (облак от звезди)",
    },
    "Phone": {"es": "Móvil", "de": "Smartphone", "bg": "Телефон"},
    "Tablet": {"es": "Tableta", "de": "Tablet", "bg": "Таблет"},
}

# Glossary words: where the English word appears in a source, the translation uses the
# documented term (any of the stems, compared without case).
GLOSSARY_WORDS: list[tuple[str, dict[str, tuple[str, ...]]]] = [
    (r"\bstars?\b", {"es": ("estrella",), "de": ("stern",), "bg": ("звезд",)}),
    (r"\btriangles?\b", {"es": ("triángulo",), "de": ("dreieck",), "bg": ("триъгълни",)}),
    (r"\bstrokes?\b", {"es": ("trazo", "línea"), "de": ("linie",), "bg": ("черт", "лини")}),
    (r"\bboards?\b", {"es": ("tablero",), "de": ("spielfeld",), "bg": ("поле",)}),
    (r"\bplayer [12%]", {"es": ("jugador",), "de": ("spieler",), "bg": ("играч",)}),
    (r"\bthe computer\b", {"es": ("ordenador",), "de": ("computer",), "bg": ("компютър",)}),
    (r"\bthemes?\b", {"es": ("tema",), "de": ("design",), "bg": ("тем",)}),
    (r"\bstatistics\b", {"es": ("estadística",), "de": ("statistik",), "bg": ("статистик",)}),
]

# The game's name and its file suffix are not the word "triangle".
GAME_NAME_RE = re.compile(r"\bTriangles\b|\*\.triangles\b")

PLACEHOLDER_RE = re.compile(r"%L?\d|%n|\{[A-Za-z_][A-Za-z0-9_]*\}")


def _messages(code: str):
    path = TRANSLATIONS / f"triangles_{code}.ts"
    if not path.is_file():
        pytest.fail(f"{path.name} is missing: run python tools/update_translations.py")
    return tool.read_messages(path)


def _plain(text: str) -> str:
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").casefold()


def test_translations_are_up_to_date_complete_and_compiled():
    problems = tool.check()
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("code", TRANSLATED)
def test_glossary_messages_use_the_documented_terms(code):
    for message, element in _messages(code).items():
        expected = GLOSSARY_MESSAGES.get(message.source.replace("&", ""))
        if expected is None:
            continue
        for text in tool.translation_texts(element):
            assert _plain(text) == _plain(expected[code]), (
                f"[{message.context}] {message.source!r} should read {expected[code]!r} "
                f"(GLOSSARY.md), not {text!r}"
            )


@pytest.mark.parametrize("code", TRANSLATED)
def test_glossary_words_are_translated_with_the_documented_terms(code):
    wrong = []
    for message, element in _messages(code).items():
        source = GAME_NAME_RE.sub("", message.source)
        for pattern, stems in GLOSSARY_WORDS:
            if not re.search(pattern, source, re.IGNORECASE):
                continue
            for text in tool.translation_texts(element):
                if text and not any(stem in text.casefold() for stem in stems[code]):
                    wrong.append(
                        f"[{message.context}] {message.source!r} -> {text!r}: "
                        f"expected one of {stems[code]}"
                    )
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("code", ALL)
def test_plural_messages_fill_both_forms(code):
    for message, element in _messages(code).items():
        if not message.numerus:
            continue
        forms = tool.translation_texts(element)
        assert len(forms) == 2, f"[{message.context}] {message.source!r}: {len(forms)} forms"
        assert all(form.strip() for form in forms), (
            f"[{message.context}] {message.source!r} has an empty plural form"
        )


def test_the_english_file_has_only_plural_forms_reading_naturally():
    messages = _messages("en")
    assert messages, "the sources have no plural message yet"
    for message, element in messages.items():
        assert message.numerus
        one, many = tool.translation_texts(element)
        assert "(s)" not in one and "(s)" not in many, f"{message.source!r}: {one!r} / {many!r}"


@pytest.mark.parametrize("code", ALL)
def test_translations_keep_every_placeholder(code):
    wrong = []
    for message, element in _messages(code).items():
        wanted = Counter(PLACEHOLDER_RE.findall(message.source))
        for text in tool.translation_texts(element):
            if text and Counter(PLACEHOLDER_RE.findall(text)) != wanted:
                wrong.append(f"[{message.context}] {message.source!r} -> {text!r}")
    assert not wrong, "placeholders differ:\n" + "\n".join(wrong)


@pytest.mark.parametrize("code", TRANSLATED)
def test_translations_keep_a_keyboard_accelerator(code):
    def accelerators(text: str) -> int:
        return len(re.findall(r"&(?!&)\S", text.replace("&&", "")))

    wrong = []
    for message, element in _messages(code).items():
        want = accelerators(message.source)
        for text in tool.translation_texts(element):
            if text and accelerators(text) != want:
                wrong.append(f"[{message.context}] {message.source!r} -> {text!r}")
    assert not wrong, "accelerators differ:\n" + "\n".join(wrong)


def test_every_message_has_a_context():
    """A module-level tr() helper makes lupdate file its messages under no context, where no
    run-time lookup finds them: they would silently stay English."""
    warnings = tool.context_warnings(TRANSLATIONS / "triangles_es.ts")
    assert not warnings, "\n".join(warnings)


def test_translation_files_rewritten_while_the_app_runs_do_not_crash_it(tmp_path):
    """Qt maps a .qm file it loads from a path; rewriting that file in place (an upgrade, a
    rebuild of the translations) then ended the app with SIGBUS. They are read into memory."""
    import subprocess
    import sys

    from triangles_qt.app.i18n import translations_dir

    for qm in [*translations_dir().glob("*.qm"), translations_dir() / "qm-digests.json"]:
        shutil.copy(qm, tmp_path / qm.name)
    script = f"""
import sys
from pathlib import Path
from PySide6.QtCore import QCoreApplication
from triangles_qt.app.i18n import LanguageManager
app = QCoreApplication([])
manager = LanguageManager(app, app_dir={str(tmp_path)!r})
manager.set_language("de")
before = QCoreApplication.translate("MainWindow", "You won!")
for qm in Path({str(tmp_path)!r}).glob("*.qm"):
    with open(qm, "r+b") as stream:  # in place, as lrelease and pip do
        stream.truncate(0)
        stream.write(b"x" * 10)
after = QCoreApplication.translate("MainWindow", "You won!")
print(before, "|", after)
"""
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "Du hast gewonnen! | Du hast gewonnen!"
