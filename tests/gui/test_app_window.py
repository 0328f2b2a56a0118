"""The window around the game: languages, the other windows, the session's safety nets."""

import dataclasses
import time

import pytest
from app_helpers import BlockingStrategy, FakeRegistry, FirstStrokeStrategy, is_failure
from PySide6.QtCore import QCoreApplication, QTranslator

from triangles_qt.app.new_game_dialog import NewGameChoices
from triangles_qt.app.table_talk import result_text
from triangles_qt.table import strategy_turn

FRIENDS = NewGameChoices(preset="phone-24", opponent="human", player_names=("Ana", "Ben"))


class ShoutingTranslator(QTranslator):
    """Translates everything to upper case: shows which texts go through tr()."""

    def translate(self, context, source, disambiguation=None, n=-1):
        return source.upper().replace("%N", "%n") if source else source

    def isEmpty(self):  # an empty translator is installed silently, without LanguageChange
        return False


def test_every_visible_text_is_retranslated_on_language_change(make_window, qtbot):
    window = make_window()
    window.start_new_game(FRIENDS, seed=3)
    translator = ShoutingTranslator()
    QCoreApplication.installTranslator(translator)
    try:
        qtbot.waitUntil(lambda: window.game_menu.title() == "&GAME")
        assert window.new_action.text() == "&NEW GAME…"
        assert window.score_panel.turn_label.text() == "%1’S TURN".replace("%1", "Ana")
        assert window.score_panel.cards[0].count_text == "0 TRIANGLE(S)"  # a translation
    finally:
        QCoreApplication.removeTranslator(translator)
    qtbot.waitUntil(lambda: window.game_menu.title() == "&Game")
    assert window.score_panel.cards[0].count_text == "0 triangles"


def test_the_language_menu_switches_the_whole_window(make_window, qtbot):
    from triangles_qt.app.i18n import LanguageManager

    manager = LanguageManager(QCoreApplication.instance())
    window = make_window(language_manager=manager)
    window.start_new_game(FRIENDS, seed=3)
    assert set(window.language_actions) >= {"en", "es", "de", "bg"}
    try:
        window.language_actions["de"].trigger()
        qtbot.waitUntil(lambda: window.game_menu.title() != "&Game")
        assert window.language_actions["de"].isChecked()
        assert window.settings.language == "de"
    finally:
        manager.unload()
    qtbot.waitUntil(lambda: window.game_menu.title() == "&Game")


def test_the_game_over_message_follows_a_language_change(make_window, qtbot):
    from triangles_qt.app.i18n import LanguageManager

    manager = LanguageManager(QCoreApplication.instance())
    window = make_window(language_manager=manager)
    window.start_new_game(FRIENDS, seed=3)
    game = window.session.position
    while not game.is_over:
        i, j = game.legal_strokes()[0]
        window.session.request_stroke(int(i), int(j))
    english = window.statusBar().currentMessage()
    assert english == result_text(window.session)
    assert english in ("Ana wins!", "Ben wins!", "Draw!")
    window.game_over_dialog.reject()
    window.statusBar().clearMessage()  # as hovering a menu does
    try:
        window.language_actions["de"].trigger()
        qtbot.waitUntil(lambda: window.game_menu.title() != "&Game")
        german = window.statusBar().currentMessage()
        assert german in ("Ana gewinnt!", "Ben gewinnt!", "Unentschieden!")
    finally:
        manager.unload()


def test_a_damaged_translation_is_explained_in_the_status_bar(make_window, qtbot, tmp_path):
    import shutil

    from triangles_qt.app.i18n import LanguageManager, translations_dir

    folder = tmp_path / "translations"
    shutil.copytree(translations_dir(), folder, ignore=shutil.ignore_patterns("*.py", "__*"))
    (folder / "triangles_bg.qm").write_bytes(b"\x00not a Qt translation\xff" * 8)
    manager = LanguageManager(QCoreApplication.instance(), app_dir=folder)
    window = make_window(language_manager=manager)
    try:
        window.language_actions["bg"].trigger()
        message = window.statusBar().currentMessage()
        # What the player needs, in the language in use, not the log line with file and folder.
        assert message == "The Български translation is missing or damaged; using English."
        assert window.language_actions["en"].isChecked()
        window.language_actions["de"].trigger()
        qtbot.waitUntil(lambda: window.game_menu.title() != "&Game")
        assert window.statusBar().currentMessage() == ""
    finally:
        manager.unload()


def test_default_player_names_follow_the_language_but_chosen_ones_stay(make_window, qtbot):
    from triangles_qt.app.i18n import LanguageManager
    from triangles_qt.plugin_manager import load_plugins

    manager = LanguageManager(QCoreApplication.instance())
    window = make_window(load_plugins(), language_manager=manager)
    cards = window.score_panel.cards
    try:
        window.start_new_game(NewGameChoices(preset="phone-24", strategy_id="easy"), seed=3)
        assert (cards[0].name_text, cards[1].name_text) == ("You", "Computer (Easy)")
        window.language_actions["de"].trigger()
        qtbot.waitUntil(lambda: cards[0].name_text != "You")
        assert (cards[0].name_text, cards[1].name_text) == ("Du", "Computer (Leicht)")
        assert [p.name for p in window.session.players] == ["Du", "Computer (Leicht)"]
        window.start_new_game(FRIENDS, seed=3)
        window.language_actions["es"].trigger()
        qtbot.waitUntil(lambda: window.game_menu.title() == "&Partida")
        assert (cards[0].name_text, cards[1].name_text) == ("Ana", "Ben")
    finally:
        manager.unload()


def test_statistics_plugins_and_help_windows_open(make_window, qtbot):
    from triangles_qt.plugin_manager import load_plugins

    window = make_window(load_plugins())
    for action, key in (
        (window.statistics_action, "statistics"),
        (window.plugins_action, "plugins"),
        (window.how_to_play_action, "help"),
    ):
        action.trigger()
        dialog = window._child_dialogs.get(key)
        assert dialog is not None and dialog.isVisible(), key
        dialog.close()
    window.about_action.trigger()
    assert window.message_box.isVisible() and "Triangles" in window.message_box.text()
    window.message_box.close()


def test_a_strategy_that_never_answers_is_cut_short_by_its_one_timer(make_window, qtbot):
    strategy = BlockingStrategy("stuck")
    window = make_window(FakeRegistry(strategy))
    window.session.budget_s = 0.05
    window.start_new_game(
        NewGameChoices(
            preset="phone-24", opponent="computer", strategy_id="stuck", human_starts=False
        ),
        seed=3,
    )
    with qtbot.waitSignal(window.talk.notice, timeout=5000, check_params_cb=is_failure) as failed:
        pass
    assert "did not answer in time" in failed.args[0].text()
    assert len(window.session.position.moves) == 1 and window.session.local_to_move
    strategy.release.set()  # the late answer arrives and is dropped
    qtbot.waitUntil(lambda: not strategy_turn._pending, timeout=5000)
    assert len(window.session.position.moves) == 1 and window.session.local_to_move


def test_an_answer_arriving_after_the_window_closed_is_dropped(make_window, qtbot):
    strategy = BlockingStrategy()
    window = make_window(FakeRegistry(strategy, FirstStrokeStrategy()))
    window.session.budget_s = 10
    window.start_new_game(
        NewGameChoices(
            preset="phone-24", opponent="computer", strategy_id="blocking", human_starts=False
        ),
        seed=3,
    )
    qtbot.waitUntil(strategy.called.is_set, timeout=5000)
    game = window.session.position
    window.close()
    strategy.release.set()
    qtbot.waitUntil(lambda: not strategy_turn._pending, timeout=5000)
    assert game.moves == ()


def test_closed_triangles_are_painted_in_the_closers_colour(make_window, qtbot):
    window = make_window()
    window.start_new_game(FRIENDS, seed=4)
    session, scene = window.session, window.scene
    while not any(move.triangles for move in session.position.moves):
        i, j = session.position.legal_strokes()[0]
        session.request_stroke(int(i), int(j))
    move = next(m for m in session.position.moves if m.triangles)
    qtbot.waitUntil(lambda: scene.baked_counts[1] == scene.triangle_count, timeout=3000)
    a, b, c = (scene.star_point(k) for k in move.triangles[0])
    centre = window.view.mapFromScene((a + b + c) / 3)
    color = window.view.viewport().grab().toImage().pixelColor(centre)
    if move.player == 0:  # red-orange in Nebula
        assert color.red() > color.blue()
    else:
        assert color.blue() > color.red()
    window.undo_action.trigger()  # undo redraws from the game: layers follow
    assert scene.baked_counts[0] + (1 if scene.last_stroke else 0) == len(session.position.moves)


def run_the_app(monkeypatch, tmp_path, arguments, look):
    """Start the app as `main` does, call `look(window)` once its first game is on (the plugins
    are listed first), then close it; `look`'s answers."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from triangles_qt.app import application
    from triangles_qt.app import settings as settings_module
    from triangles_qt.app.main_window import MainWindow

    real_settings = settings_module.Settings
    monkeypatch.setattr(settings_module, "Settings", lambda: real_settings(tmp_path / "s.ini"))
    seen = []

    started = time.monotonic()

    def close_it():
        windows = [
            w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible()
        ]
        if time.monotonic() - started < 60 and not (
            windows and windows[0].session.position is not None
        ):
            QTimer.singleShot(100, close_it)  # a loaded machine: not started yet
            return
        for widget in windows:
            seen.append(look(widget))
            widget.close()

    QTimer.singleShot(0, close_it)
    try:
        assert application.main(["triangles-qt", *arguments]) == 0
    finally:
        for translator in QApplication.instance().findChildren(QTranslator):
            QCoreApplication.removeTranslator(translator)
    return seen


def test_the_app_starts_from_main_and_quits(qtbot, monkeypatch, tmp_path):
    seen = run_the_app(
        monkeypatch, tmp_path, ["--theme", "daylight"], lambda window: window.session.position
    )
    assert seen and seen[0] is not None


def test_plugins_that_failed_to_load_are_announced_once_the_app_has_started(
    qtbot, monkeypatch, tmp_path, user_data
):
    import shutil
    from pathlib import Path

    fixtures = Path(__file__).resolve().parents[1] / "plugin_fixtures"
    (user_data / "plugins").mkdir()
    for name in ("import_error.py", "returns_bad_theme.py"):
        shutil.copy(fixtures / name, user_data / "plugins" / name)
    seen = run_the_app(
        monkeypatch, tmp_path, ["--lang", "en"], lambda window: window.statusBar().currentMessage()
    )
    assert seen == ["2 plugins or themes could not be loaded: see Settings > Plugins."]


def test_the_board_label_names_the_board_family_in_the_current_language(make_window, qapp):
    from triangles_qt.app.i18n import LanguageManager

    window = make_window()
    window.start_new_game(FRIENDS, seed=3)
    assert window.board_label.text() == "Phone · 24 stars"
    languages = LanguageManager(qapp)
    try:
        languages.set_language("de")
        QCoreApplication.processEvents()
        assert window.board_label.text() == "Smartphone · 24 Sterne"
    finally:
        languages.unload()
        QCoreApplication.processEvents()
    assert window.board_label.text() == "Phone · 24 stars"
    assert window.board_label.toolTip() == "One stroke per turn, even after a triangle"


def test_the_board_label_says_when_a_triangle_gives_another_stroke(make_window):
    window = make_window()
    window.start_new_game(dataclasses.replace(FRIENDS, replay_after_triangle=True), seed=3)
    assert window.board_label.text() == "Phone · 24 stars · Play again after a triangle"
    assert window.board_label.toolTip() == "Play again after a triangle"


def test_in_a_narrow_window_the_board_label_steps_aside_for_a_long_message(make_window, qtbot):
    window = make_window(size=(300, 640))
    window.start_new_game(FRIENDS, seed=3)
    bar, label = window.statusBar(), window.board_label
    bar.clearMessage()
    assert label.isVisible()
    bar.showMessage("Hint: try the highlighted stroke, the one between the ringed stars")
    assert not label.isVisible()  # it used to cover the message's end
    bar.clearMessage()
    assert label.isVisible()
    bar.showMessage("Saved g.triangles")  # a short message leaves room for both
    assert label.isVisible()
    bar.showMessage("Hint: try the highlighted stroke, the one between the ringed stars")
    window.resize(1000, 640)
    qtbot.waitUntil(lambda: bar.width() >= 900, timeout=2000)
    assert label.isVisible()  # a wide window has room for both


def test_a_message_too_long_for_one_line_wraps_and_the_bar_grows(make_window, qtbot):
    window = make_window(size=(420, 640))
    window.start_new_game(FRIENDS, seed=3)
    bar = window.statusBar()
    bar.clearMessage()
    one_line = bar.height()
    message = "2 plugins or themes could not be loaded: see Settings > Plugins. " * 2
    bar.showMessage(message)
    qtbot.waitUntil(lambda: bar.height() >= one_line + bar.fontMetrics().height())
    assert bar.is_wrapping()
    image = bar.grab().toImage()  # the text is painted on the lower line too
    background = image.pixelColor(image.width() - 30, image.height() - 4)
    lower = {
        image.pixelColor(x, y).rgb()
        for x in range(0, image.width() // 2)
        for y in range(image.height() // 2 + 2, image.height() - 4)
    }
    assert len(lower - {background.rgb()}) > 5
    window.resize(2400, 640)  # room for one line: back to one
    qtbot.waitUntil(lambda: not bar.is_wrapping() and bar.height() == one_line)
    bar.clearMessage()
    window.resize(420, 640)
    qtbot.waitUntil(lambda: bar.height() == one_line)


def test_an_unknown_theme_is_told_once_the_first_game_starts(make_window):
    window = make_window(theme_id="aurora")  # e.g. --theme aurora, or its plugin was removed
    assert window.theme.id == "nebula"
    window.start_new_game(FRIENDS, seed=3)
    assert window.statusBar().currentMessage() == (
        "The theme “aurora” is not installed; Nebula is shown instead."
    )
    window.start_new_game(FRIENDS, seed=4)
    assert "aurora" not in window.statusBar().currentMessage()  # told once


def test_the_plugins_window_says_in_the_players_language_what_failed(make_window, qapp, user_data):
    from triangles_qt.app.i18n import LanguageManager
    from triangles_qt.plugin_manager import load_plugins

    folder = user_data / "plugins"
    (folder / "pale").mkdir(parents=True)
    (folder / "pale" / "__init__.py").write_text(
        "from triangles_qt import hookimpl\n"
        "@hookimpl\ndef triangles_themes():\n    return ['pale.toml']\n"
    )
    (folder / "pale" / "pale.toml").write_text('id = "pale"\nname = "Pale"\n')  # no colours
    (folder / "broken.py").write_text("import triangles_no_such_module_for_tests\n")
    window = make_window(load_plugins())
    languages = LanguageManager(qapp)
    try:
        languages.set_language("es")
        QCoreApplication.processEvents()
        window.plugins_action.trigger()
        dialog = window._child_dialogs["plugins"]
        loaded = {
            dialog.loaded_table.item(row, 0).text(): dialog.loaded_table.item(row, 1).text()
            for row in range(dialog.loaded_table.rowCount())
        }
        assert loaded["pale"] == "Temas (todos omitidos)"  # not taken for a working theme
        assert loaded["Temas integrados"] == "Temas"
        assert dialog.failed_table.item(0, 2).text() == "No se pudo cargar su código."
        assert "ModuleNotFoundError" in dialog.failed_table.item(0, 2).toolTip()
        skipped = dialog.theme_list.item(0).text().splitlines()
        assert skipped[0] == "Un tema del complemento «pale» no es válido."
        assert "pale.toml" in skipped[1]  # the author's specifics, in English
        dialog.details_button.click()
        assert dialog.details.toPlainText().startswith("Detalles técnicos (en inglés):")
    finally:
        languages.unload()
        QCoreApplication.processEvents()


@pytest.mark.parametrize("language", ["en", "es", "de", "bg"])
def test_every_menu_reaches_each_item_by_a_letter_of_its_own(make_window, qapp, language):
    from PySide6.QtGui import QKeySequence

    from triangles_qt.app.i18n import LanguageManager

    window = make_window()
    languages = LanguageManager(qapp)
    try:
        languages.set_language(language)
        QCoreApplication.processEvents()
        menus = [window.menuBar().actions()] + [
            action.menu().actions() for action in window.menuBar().actions()
        ]
        for actions in menus:
            texts = [a.text() for a in actions if not a.isSeparator()]
            letters = [QKeySequence.mnemonic(text).toString() for text in texts]
            assert "" not in letters and len(set(letters)) == len(letters), texts
    finally:
        languages.unload()
        QCoreApplication.processEvents()


def test_the_system_theme_follows_the_desktops_light_or_dark_scheme_live(
    make_window, qtbot, monkeypatch
):
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication

    from triangles_qt.app import theme_choice
    from triangles_qt.plugin_manager import load_plugins

    scheme = [Qt.ColorScheme.Light]  # the offscreen platform has no desktop to ask
    monkeypatch.setattr(theme_choice, "desktop_scheme", lambda: scheme[0])
    changed = QGuiApplication.styleHints().colorSchemeChanged
    window = make_window(load_plugins())  # with the built-in themes
    window.theme_actions["system"].trigger()
    assert window.theme.id == "daylight" and window.settings.theme_id == "system"
    assert window.theme_actions["system"].isChecked()
    assert window.theme_actions["system"].text() == "System"
    scheme[0] = Qt.ColorScheme.Dark
    changed.emit(Qt.ColorScheme.Dark)  # the desktop switches: so does the game
    assert window.theme.id == "nebula"
    window.theme_actions["high-contrast"].trigger()  # a theme chosen by name stays
    scheme[0] = Qt.ColorScheme.Light
    changed.emit(Qt.ColorScheme.Light)
    assert window.theme.id == "high-contrast"
    assert list(window.theme_actions)[:2] == ["system", "nebula"]


def test_help_history_and_statistics_stay_beside_the_board(make_window, qtbot):
    """They are read while playing: not modal, so the board and the menus stay in reach (issue
    48); Settings > Engines, which changes the settings, still asks for the window."""
    from PySide6.QtCore import Qt

    window = make_window()
    for open_it, key in (
        (window.show_how_to_play, "help"),
        (window.show_history, "history"),
        (window.show_statistics, "statistics"),
    ):
        open_it()
        dialog = window._child_dialogs[key]
        qtbot.waitExposed(dialog)
        assert dialog.windowModality() == Qt.WindowModality.NonModal and not dialog.isModal()
    assert len([d for d in window._child_dialogs.values() if d.isVisible()]) == 3  # side by side
    window.show_engines()
    assert window._child_dialogs["engines"].windowModality() != Qt.WindowModality.NonModal


def test_keyboard_shortcuts_lists_every_command_with_a_key_and_the_board_keys(make_window, qtbot):
    from PySide6.QtGui import QKeySequence

    window = make_window()
    window.shortcuts_action.trigger()
    dialog = window._child_dialogs["shortcuts"]
    qtbot.waitExposed(dialog)
    rows = dict(dialog.rows())
    native = QKeySequence.SequenceFormat.NativeText
    assert rows["Undo"] == QKeySequence(QKeySequence.StandardKey.Undo).toString(native)
    assert rows["Hint"] == "H" and rows["How to play"] == "F1" and rows["Full screen"] == "F11"
    assert rows["Let go of the picked star"] == "Esc"
    assert dialog.table.rowCount() == len(rows) >= 14


def test_full_screen_and_back(make_window, qtbot):
    window = make_window()
    assert not window.full_screen_action.isChecked()
    window.full_screen_action.trigger()
    qtbot.waitUntil(window.isFullScreen, timeout=5000)
    assert window.full_screen_action.isChecked()
    window.full_screen_action.trigger()
    qtbot.waitUntil(lambda: not window.isFullScreen(), timeout=5000)
    assert not window.full_screen_action.isChecked()
