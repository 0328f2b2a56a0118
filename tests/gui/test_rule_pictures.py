"""The rules help: its pictures are drawn (non-empty, all different, in the theme's colours) and
every language's page exists, uses the glossary's terms and shows all four pictures."""

from __future__ import annotations

import dataclasses
import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402
from PySide6.QtCore import QEvent, QSize  # noqa: E402
from PySide6.QtGui import QImage, QTextDocument  # noqa: E402
from PySide6.QtWidgets import QTextBrowser  # noqa: E402

from triangles_qt.app.i18n import LANGUAGE_CODES, LanguageManager  # noqa: E402
from triangles_qt.app.rule_pictures import (  # noqa: E402
    PICTURES,
    help_html,
    help_source,
    load_help,
    picture_url,
    render_picture,
)
from triangles_qt.themes import NEBULA  # noqa: E402

# What each page must say in the words of the documentation (GLOSSARY.md).
HELP_TERMS = {
    "en": [
        "star",
        "stroke",
        "triangle",
        "New game",
        "Play again after a triangle",
        "Nebula",
        "You won!",
        "You lost!",
        "Draw!",
        "Player&nbsp;1",
        "red-orange",
        "blue",
        "Already drawn",
        "Passes over a star",
        "Crosses a stroke",
        "statistics",
    ],
    "es": [
        "estrella",
        "trazo",
        "triángulo",
        "tablero",
        "nube de estrellas",
        "móvil",
        "tableta",
        "Nueva partida",
        "Repetir tras un triángulo",
        "Nebulosa",
        "¡Has ganado!",
        "¡Has perdido!",
        "¡Empate!",
        "Jugador&nbsp;1",
        "rojo anaranjado",
        "azul",
        "el ordenador",
        "estadísticas",
        "Ya existe",
        "Pasa sobre otra estrella",
        "Corta un trazo ya colocado",
    ],
    "de": [
        "Stern",
        "Linie",
        "Dreieck",
        "Spielfeld",
        "Sternenwolke",
        "Smartphone",
        "Tablet",
        "Neues Spiel",
        "Nach einem Dreieck nochmal spielen",
        "Design",
        "Nebel",
        "Du hast gewonnen!",
        "Du hast verloren!",
        "Unentschieden!",
        "Spieler&nbsp;1",
        "rotorange",
        "blau",
        "den Computer",
        "Statistik",
        "Existiert bereits",
        "Verläuft über einen anderen Stern",
        "Kreuzt eine bereits gezogene Linie",
    ],
    "bg": [
        "звезда",
        "черта",
        "триъгълник",
        "поле",
        "облак от звезди",
        "телефон",
        "таблет",
        "Нова игра",
        "Нов ход след триъгълник",
        "тема",
        "Небюла",
        "Победихте!",
        "Загубихте!",
        "Равенство!",
        "Играч&nbsp;1",
        "червеникавооранжева",
        "синя",
        "компютъра",
        "статистика",
        "Вече съществува",
        "Минава през друга звезда",
        "Пресича вече начертана черта",
    ],
}


def _distinct_colours(image: QImage, step: int = 4) -> int:
    return len(
        {
            image.pixel(x, y)
            for x in range(0, image.width(), step)
            for y in range(0, image.height(), step)
        }
    )


@pytest.mark.parametrize("name", PICTURES)
def test_each_picture_renders_at_the_size_asked(qapp, name):
    image = render_picture(name, NEBULA, QSize(320, 200))
    assert not image.isNull()
    assert (image.width(), image.height()) == (320, 200)
    assert _distinct_colours(image) > 50  # a sky, stars and strokes, not a blank


def test_pictures_differ_from_each_other(qapp):
    images = {name: render_picture(name, NEBULA, 240) for name in PICTURES}
    for a in PICTURES:
        for b in PICTURES:
            if a < b:
                assert images[a] != images[b], f"{a} and {b} look the same"


def test_pictures_are_sharp_on_high_dpi_screens(qapp):
    image = render_picture("square", NEBULA, QSize(272, 170), device_pixel_ratio=2.0)
    assert (image.width(), image.height()) == (544, 340)
    assert image.devicePixelRatio() == 2.0


def test_pictures_use_the_theme_colours(qapp):
    other = dataclasses.replace(NEBULA, warning="#00ff00", player_strokes=("#ffff00", "#00ffff"))
    for name in PICTURES:
        assert render_picture(name, NEBULA, 200) != render_picture(name, other, 200), name


def test_an_unknown_picture_is_an_error(qapp):
    with pytest.raises(KeyError):
        render_picture("spiral", NEBULA, 100)


@pytest.mark.parametrize("code", LANGUAGE_CODES)
def test_help_page_exists_and_uses_the_glossary_terms(qapp, code):
    source = help_source(code)
    missing = [term for term in HELP_TERMS[code] if term not in source]
    assert not missing, f"rules_{code}.html does not mention {missing}"
    for name in PICTURES:
        assert f'src="picture:{name}"' in source


@pytest.mark.parametrize("code", LANGUAGE_CODES)
def test_help_html_embeds_every_picture(qapp, code):
    page = help_html(code, NEBULA)
    assert "picture:" not in page
    assert page.count('src="data:image/png;base64,') == len(PICTURES)


def test_help_pages_are_written_for_each_language(qapp):
    pages = {code: help_source(code) for code in LANGUAGE_CODES}
    assert len(set(pages.values())) == len(LANGUAGE_CODES)


def test_an_unknown_language_gets_the_english_help(qapp):
    assert help_source("fr") == help_source("en")


@pytest.mark.parametrize("code", LANGUAGE_CODES)
def test_load_help_shows_the_page_with_its_pictures(qtbot, code):
    browser = QTextBrowser()
    qtbot.addWidget(browser)
    load_help(browser, code, NEBULA)
    assert "Triangles" in browser.toPlainText()
    document = browser.document()
    for name in PICTURES:
        image = document.resource(QTextDocument.ResourceType.ImageResource, picture_url(name))
        assert isinstance(image, QImage) and not image.isNull(), name


class HelpBrowser(QTextBrowser):
    """How a help window uses the page: load_help in retranslate_ui, on LanguageChange."""

    def __init__(self) -> None:
        super().__init__()
        self.retranslate_ui()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt name
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def retranslate_ui(self) -> None:
        load_help(self, None, NEBULA)


def test_an_open_help_page_follows_a_language_switch(qtbot, qapp):
    languages = LanguageManager(qapp)
    browser = HelpBrowser()
    qtbot.addWidget(browser)
    try:
        for code, title in (
            ("es", "Cómo se juega a Triangles"),
            ("bg", "Как се играе Triangles"),
            ("de", "So spielt man Triangles"),
            ("en", "How to play Triangles"),
        ):
            languages.set_language(code)
            qtbot.waitUntil(lambda t=title: browser.toPlainText().startswith(t), timeout=2000)
    finally:
        languages.unload()
