"""The Plugins window lists loaded plugins, blocked ones with their error and traceback, and
skipped themes."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, Qt

from triangles_qt.app.plugins_dialog import PluginsDialog, opening_width
from triangles_qt.plugin_manager import Reason
from triangles_qt.themes import SkippedTheme, SkipReason, ThemeSet


@dataclass(frozen=True)
class Info:
    name: str
    kind: str
    source: str


@dataclass(frozen=True)
class Failure:
    name: str
    source: str
    error: str
    details: str = ""
    reason: Reason | None = None


TRACEBACK = (
    "Traceback (most recent call last):\n"
    '  File "broken/__init__.py", line 3\n'
    "ZeroDivisionError: division by zero\n"
)


DICT_NOT_LIST = "triangles_strategies returned a dict, not a list"


class FakeRegistry:
    loaded = [
        Info("easy", "strategies", "built-in"),
        Info("builtin_themes", "themes", "built-in"),
        Info("acme", "strategies, themes", "/plugins/acme"),
    ]
    failed = [
        Failure(
            "broken",
            "/plugins/broken",
            "ZeroDivisionError: division by zero",
            TRACEBACK,
            Reason.IMPORT,
        ),
        Failure("oldie", "entry point oldie 0.3", DICT_NOT_LIST, reason=Reason.BAD_RESULT),
    ]

    def strategies(self):
        return [
            Strategy("easy", "Easy", "easy"),
            Strategy("anvil", "Anvil", "acme"),
            Strategy("hammer", "Hammer", "acme"),
        ]

    def plugin_of(self, strategy_id):
        return next(s.plugin for s in self.strategies() if s.id == strategy_id)


@dataclass(frozen=True)
class Strategy:
    id: str
    name: str
    plugin: str


def theme_set(*skipped: SkippedTheme) -> ThemeSet:
    """Themes as load_themes leaves them: the built-in ones usable, `skipped` not."""
    themes = ThemeSet(errors=list(skipped))
    themes.theme_plugin.update({"nebula": "builtin_themes", "daylight": "builtin_themes"})
    return themes


BAD_COLOUR = SkippedTheme("acme", SkipReason.INVALID, "Theme file 'x.toml': bad colour.")


def cells(table) -> list[list[str]]:
    return [
        [table.item(row, column).text() for column in range(table.columnCount())]
        for row in range(table.rowCount())
    ]


@pytest.fixture
def dialog(qtbot):
    dialog = PluginsDialog(FakeRegistry(), theme_set=theme_set(BAD_COLOUR))
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def test_a_long_source_path_leaves_room_for_the_error(qtbot):
    class LongPaths(FakeRegistry):
        failed = [
            Failure(
                "deep",
                "/home/someone/" + "very-long-folder-name/" * 12 + "deep.py",
                "ModuleNotFoundError: No module named 'numpyy'",
            )
        ]

    dialog = PluginsDialog(LongPaths())
    qtbot.addWidget(dialog)
    dialog.show()
    table = dialog.failed_table
    assert table.columnWidth(2) > table.columnWidth(1)
    assert table.item(0, 1).toolTip() == LongPaths.failed[0].source  # the whole path, on hover


def test_loaded_plugins_are_listed_with_kind_and_source(dialog):
    # built-in plugins under the names players know, a third party's under its own
    # acme's only theme was skipped, so it is not taken to provide themes that work
    assert cells(dialog.loaded_table) == [
        ["Easy", "Computer players", "Built-in"],
        ["Built-in themes", "Themes", "Built-in"],
        ["acme", "Computer players: Anvil, Hammer; Themes (all skipped)", "/plugins/acme"],
    ]
    assert "3" in dialog.loaded_label.text()


def test_failed_plugins_are_listed_with_why_in_words_and_the_error_on_hover(dialog):
    assert cells(dialog.failed_table) == [
        ["broken", "/plugins/broken", "Its code could not be loaded."],
        ["oldie", "entry point oldie 0.3", "It gave Triangles something it cannot use."],
    ]
    assert dialog.failed_table.item(1, 2).toolTip() == DICT_NOT_LIST
    assert dialog.failed_table.isVisible()


def test_every_reason_a_plugin_manager_gives_has_its_own_words(dialog):
    texts = [dialog.reason_text(Failure("p", "s", "English error", reason=r)) for r in Reason]
    assert len(set(texts)) == len(Reason) and "English error" not in texts
    # a failure from elsewhere, without a reason, shows its own error
    assert dialog.reason_text(Failure("p", "s", "English error")) == "English error"


def test_the_traceback_is_in_the_expandable_details(dialog, qtbot):
    assert not dialog.details.isVisible()
    dialog.details_button.click()
    assert dialog.details.isVisible()
    assert "ZeroDivisionError" in dialog.details.toPlainText()
    assert "Traceback" in dialog.details.toPlainText()

    dialog.failed_table.selectRow(1)  # no traceback: the error itself is shown
    assert dialog.details.toPlainText() == (
        "Technical details (in English):\n\ntriangles_strategies returned a dict, not a list"
    )

    dialog.details_button.click()
    assert not dialog.details.isVisible()


def test_all_skipped_is_said_only_of_a_plugin_that_had_a_theme_skipped(qtbot):
    # acme gave no usable theme, but none of its was skipped either (e.g. it returned [])
    dialog = PluginsDialog(FakeRegistry(), theme_set=theme_set())
    qtbot.addWidget(dialog)
    assert [row[1] for row in cells(dialog.loaded_table)][2] == (
        "Computer players: Anvil, Hammer; Themes"
    )


def test_a_third_partys_themes_are_named(qtbot):
    from dataclasses import replace

    from triangles_qt.themes import NEBULA

    themes = theme_set()
    themes.themes["forge"] = replace(NEBULA, id="forge", name="Forge")
    themes.theme_plugin["forge"] = "acme"
    dialog = PluginsDialog(FakeRegistry(), theme_set=themes)
    qtbot.addWidget(dialog)
    assert [row[1] for row in cells(dialog.loaded_table)] == [
        "Computer players",
        "Themes",
        "Computer players: Anvil, Hammer; Themes: Forge",
    ]


def test_a_theme_without_a_known_plugin_is_said_without_one(qtbot):
    bare = SkippedTheme("", SkipReason.INVALID, "Theme: 'id' must be 1 to 64 of a-z.")
    dialog = PluginsDialog(FakeRegistry(), theme_set=theme_set(bare))
    qtbot.addWidget(dialog)
    assert dialog.theme_list.item(0).text() == (
        "A theme is not valid.\nIn English, for the theme's author: Theme: 'id' must be 1 to 64 "
        "of a-z."
    )


ENGLISH = "In English, for the theme's author: "


def test_skipped_themes_say_why_and_from_which_plugin(qtbot):
    taken = SkippedTheme("builtin_themes", SkipReason.ID_TAKEN, "Theme 'D' uses the id 'x'.")
    unreadable = SkippedTheme(
        "", SkipReason.NO_LIST, "The list of themes could not be read: OSError('gone')."
    )
    dialog = PluginsDialog(FakeRegistry(), theme_set=theme_set(BAD_COLOUR, taken, unreadable))
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.theme_list.isVisible()
    assert [dialog.theme_list.item(i).text() for i in range(dialog.theme_list.count())] == [
        f"A theme of the plugin “acme” is not valid.\n{ENGLISH}Theme file 'x.toml': bad colour.",
        "A theme of the plugin “Built-in themes” uses an id that another theme already has.\n"
        f"{ENGLISH}Theme 'D' uses the id 'x'.",
        "The list of themes could not be read.\n"
        f"{ENGLISH}The list of themes could not be read: OSError('gone').",
    ]


def test_a_theme_shown_without_its_image_says_so(qtbot):
    """A theme whose background image was refused is offered with its colours (issue 51)."""
    message = (
        "Theme file 'sky.toml', id 'sky': [background] image 'sky.svg' is an SVG drawing. "
        "The theme is shown without it, with its colours."
    )
    themes = theme_set(
        SkippedTheme("acme", SkipReason.IMAGE, message),
        SkippedTheme("", SkipReason.IMAGE, message),
    )
    dialog = PluginsDialog(FakeRegistry(), theme_set=themes)
    qtbot.addWidget(dialog)
    assert [dialog.theme_list.item(i).text() for i in range(dialog.theme_list.count())] == [
        "The background image of a theme of the plugin “acme” cannot be shown; the theme is "
        f"offered with its colours alone.\n{ENGLISH}{message}",
        "The background image of a theme cannot be shown; the theme is offered with its "
        f"colours alone.\n{ENGLISH}{message}",
    ]


def test_nothing_failed_hides_the_failure_sections(qtbot):
    class Healthy(FakeRegistry):
        loaded = FakeRegistry.loaded[:1]
        failed: list = []

    dialog = PluginsDialog(Healthy())
    qtbot.addWidget(dialog)
    dialog.show()
    assert not dialog.failed_table.isVisible()
    assert not dialog.details_button.isVisible()
    assert not dialog.theme_list.isVisible()
    assert cells(dialog.loaded_table) == [["Easy", "Computer players", "Built-in"]]


def test_a_language_change_keeps_the_content_and_selection(dialog):
    dialog.failed_table.selectRow(1)
    QCoreApplication.sendEvent(dialog, QEvent(QEvent.Type.LanguageChange))
    assert len(cells(dialog.loaded_table)) == 3
    assert dialog.failed_table.currentRow() == 1


def test_the_real_registry_can_be_shown(qtbot):
    plugin_manager = pytest.importorskip("triangles_qt.plugin_manager")
    registry = plugin_manager.load_plugins()
    dialog = PluginsDialog(registry)
    qtbot.addWidget(dialog)
    assert [row[0] for row in cells(dialog.loaded_table)] == [
        "Easy",
        "Medium",
        "Hard",
        "Built-in themes",
    ]
    assert dialog.failed_table.rowCount() == len(registry.failed)


# --- the other secondary windows and the desktop integration files --------------------------------
# (kept here for now; they would read better in tests/gui/test_help_dialog.py and
# tests/test_desktop_data.py)

ROOT = Path(__file__).resolve().parents[2]
APP_ID = "io.github.triangles_qt.Triangles"


def test_how_to_play_explains_the_rules_with_pictures(qtbot):
    from PySide6.QtCore import QUrl
    from PySide6.QtGui import QTextDocument

    from triangles_qt.app.help_dialog import HowToPlayDialog

    dialog = HowToPlayDialog()
    qtbot.addWidget(dialog)
    text = dialog.browser.toPlainText()
    assert dialog.windowTitle() == "How to play"
    for phrase in (
        "Already drawn",
        "pass over a star",
        "Crosses a stroke",
        "empty",
        "Play again after a triangle",
        "red-orange",
        "blue",
        "Playing with the keyboard",
        "Shift+Tab",
        "Esc",
    ):
        assert phrase in text
    document = dialog.browser.document()
    for name in ("cross", "star", "inside", "square"):
        image = document.resource(QTextDocument.ImageResource, QUrl(f"picture:{name}"))
        assert image is not None and not image.isNull()


def test_built_in_plugin_names_follow_the_language(dialog, qapp):
    from triangles_qt.app.i18n import LanguageManager

    languages = LanguageManager(qapp)
    try:
        languages.set_language("es")
        QCoreApplication.processEvents()
        assert [row[0] for row in cells(dialog.loaded_table)] == [
            "Fácil",
            "Temas integrados",
            "acme",
        ]
    finally:
        languages.unload()
        QCoreApplication.processEvents()


def test_how_to_play_follows_a_language_change(qtbot, qapp):
    from triangles_qt.app.help_dialog import HowToPlayDialog
    from triangles_qt.app.i18n import LanguageManager

    dialog = HowToPlayDialog()
    qtbot.addWidget(dialog)
    languages = LanguageManager(qapp)
    try:
        languages.set_language("de")
        QCoreApplication.processEvents()
        assert dialog.windowTitle() == "Spielanleitung"
        assert "Dreieck" in dialog.browser.toPlainText()
    finally:
        languages.unload()
        QCoreApplication.processEvents()
    assert dialog.windowTitle() == "How to play"
    assert "Dreieck" not in dialog.browser.toPlainText()


def test_the_icon_is_a_valid_svg_that_renders(qtbot):
    from PySide6.QtGui import QColor, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(str(ROOT / "triangles_qt/app/resources/triangles.svg"))
    assert renderer.isValid()
    image = QImage(64, 64, QImage.Format.Format_ARGB32)
    image.fill(QColor(0, 0, 0, 0))
    painter = QPainter(image)
    renderer.render(painter)
    painter.end()
    assert image.pixelColor(32, 32).alpha() == 255  # the rounded square is drawn
    assert image.pixelColor(0, 0).alpha() == 0  # with transparent corners


RESOURCES = ROOT / "triangles_qt" / "app" / "resources"


def test_the_desktop_file_launches_the_game():
    import configparser

    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str
    parser.read(RESOURCES / f"{APP_ID}.desktop", encoding="utf-8")
    entry = parser["Desktop Entry"]
    assert entry["Type"] == "Application"
    assert entry["Exec"] == "triangles-qt %f"  # a file manager passes the game to open
    assert entry["MimeType"] == "application/x-triangles-game;"
    assert entry["Icon"] == APP_ID
    assert entry["Categories"].split(";")[:2] == ["Game", "BoardGame"]


def test_the_metainfo_is_well_formed_appstream():
    import xml.etree.ElementTree as ElementTree

    root = ElementTree.parse(RESOURCES / f"{APP_ID}.metainfo.xml").getroot()
    assert root.tag == "component" and root.get("type") == "desktop-application"
    assert root.findtext("id") == APP_ID
    assert root.findtext("name") == "Triangles"
    assert root.findtext("summary")
    assert root.find("description/p") is not None
    assert root.find("launchable").text == f"{APP_ID}.desktop"
    assert root.find("content_rating").get("type") == "oars-1.1"
    from triangles_qt import __version__

    assert root.find("releases/release").get("version") == __version__  # newest release first


def test_how_to_play_pictures_follow_the_theme(qtbot):
    from PySide6.QtCore import QUrl
    from PySide6.QtGui import QTextDocument

    from triangles_qt.app.help_dialog import HowToPlayDialog
    from triangles_qt.plugin_manager import load_plugins
    from triangles_qt.themes import NEBULA, load_themes

    daylight = load_themes(load_plugins()).themes["daylight"]
    dialog = HowToPlayDialog(theme=NEBULA)
    qtbot.addWidget(dialog)

    def corner():
        image = dialog.browser.document().resource(
            QTextDocument.ImageResource, QUrl("picture:square")
        )
        return image.pixelColor(image.width() // 2, 3).name()

    before = corner()
    dialog.set_theme(daylight)
    assert corner() != before


def test_open_plugin_folder_makes_the_folder_and_shows_it(dialog, qtbot, monkeypatch, user_data):
    from PySide6.QtGui import QDesktopServices

    opened = []
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: opened.append(url) or True)
    folder = user_data / "plugins"
    assert not folder.exists()
    assert dialog.open_folder_button.text() == "&Open Plugin Folder"
    qtbot.mouseClick(dialog.open_folder_button, Qt.MouseButton.LeftButton)
    assert folder.is_dir()
    assert [url.toLocalFile() for url in opened] == [str(folder)]
    assert str(folder) in dialog.folder_label.text()
    assert "could not" not in dialog.folder_label.text()


def test_a_folder_no_file_manager_opens_is_said(dialog, qtbot, monkeypatch, user_data):
    from PySide6.QtGui import QDesktopServices

    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: False)  # e.g. no file manager
    qtbot.mouseClick(dialog.open_folder_button, Qt.MouseButton.LeftButton)
    assert dialog.folder_label.text() == (
        f"No file manager could open the plugin folder: {user_data / 'plugins'}"
    )


def test_a_plugin_folder_that_cannot_be_made_is_said_not_raised(
    qtbot, monkeypatch, tmp_path, capsys
):
    from PySide6.QtGui import QDesktopServices

    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("TRIANGLES_USER_DATA", str(blocker))  # plugins/ cannot go inside a file
    opened = []
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: opened.append(url) or True)
    dialog = PluginsDialog(FakeRegistry())
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.mouseClick(dialog.open_folder_button, Qt.MouseButton.LeftButton)
    assert opened == []
    assert dialog.folder_label.text() == (
        f"The plugin folder could not be created: {blocker / 'plugins'}"
    )
    assert "cannot create the plugin folder" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("wanted", "screen", "width"),
    [
        (500, 1920, 720),  # short texts: the usual width
        (900, 1920, 900),  # whole errors where the screen allows
        (900, 800, 720),  # but within nine tenths of the screen
        (3000, 2560, 1200),  # and not a window as wide as a very long error
        (500, 480, 432),  # a tiny screen: never wider than it
    ],
)
def test_the_window_opens_as_wide_as_its_texts_within_the_screen(wanted, screen, width):
    assert opening_width(wanted, screen) == width
