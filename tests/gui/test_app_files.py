"""Game files in the window: save and open, a bad file, autosave and resume; the command line."""

import os
import time
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from triangles_qt.app.application import parse_arguments
from triangles_qt.app.main_window import MainWindow
from triangles_qt.app.new_game_dialog import NewGameChoices
from triangles_qt.table.autosave import autosave_path

VS_COMPUTER = NewGameChoices(preset="phone-24", opponent="computer", strategy_id="first")
FRIENDS = NewGameChoices(preset="phone-24", opponent="human", player_names=("Ana", "Ben"))


def play_strokes(session, count):
    for _ in range(count):
        i, j = session.position.legal_strokes()[0]
        session.request_stroke(int(i), int(j))


def test_save_and_open_round_trip(make_window, tmp_path):
    window = make_window()
    window.start_new_game(FRIENDS, seed=12)
    play_strokes(window.session, 5)
    moves, players = window.session.position.moves, window.session.players
    window.files.choose_save_path = lambda: str(tmp_path / "evening")
    assert window.save_as_action.trigger() is None
    saved = tmp_path / "evening.triangles"
    assert saved.is_file()
    assert "evening.triangles" in window.windowTitle()

    window.start_new_game(FRIENDS, seed=99)
    window.files.choose_open_path = lambda: str(saved)
    window.open_action.trigger()
    game = window.session.position
    assert game.moves == moves and window.session.players == players
    assert len(window.scene.strokes) == 5
    assert window.session.local_to_move


def test_a_corrupt_file_gets_a_message_and_the_game_goes_on(make_window, tmp_path):
    window = make_window()
    window.start_new_game(FRIENDS, seed=12)
    play_strokes(window.session, 3)
    before = window.session.position
    moves = before.moves
    bad = tmp_path / "broken.triangles"
    bad.write_text('{"format": "triangles-game", "version": 1, "board": ', encoding="utf-8")
    assert not window.files.open_file(bad)
    box = window.message_box
    assert box is not None and box.isVisible()
    assert box.text() == "“broken.triangles” is not a Triangles game, or it is damaged."
    # the exact cause, for whoever repairs the file, under a heading in the player's language
    assert box.detailedText().startswith("Technical details (in English):\n")
    assert "cut short" in box.detailedText()
    assert window.session.position is before and before.moves == moves
    box.accept()
    play_strokes(window.session, 1)  # and the game goes on
    assert len(before.moves) == 4


@pytest.mark.parametrize(
    "content, sentence",
    [
        (None, "“x.triangles” cannot be opened: the file could not be read."),
        (
            '{"format": "triangles-game", "version": 99}',
            "“x.triangles” was saved by a newer version of Triangles.",
        ),
    ],
)
def test_a_file_that_cannot_be_read_or_is_too_new_is_told_apart(
    make_window, tmp_path, content, sentence
):
    window = make_window()
    path = tmp_path / "x.triangles"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    assert not window.files.open_file(path)
    assert window.message_box.text() == sentence and window.message_box.detailedText()
    window.message_box.accept()


def test_the_open_error_is_in_the_players_language(make_window, qtbot, tmp_path):
    from PySide6.QtCore import QCoreApplication

    from triangles_qt.app.i18n import LanguageManager

    manager = LanguageManager(QCoreApplication.instance())
    window = make_window(language_manager=manager)
    bad = tmp_path / "kaputt.triangles"
    bad.write_bytes(b"\xff\xfe")
    try:
        window.language_actions["de"].trigger()
        qtbot.waitUntil(lambda: window.game_menu.title() != "&Game")
        assert not window.files.open_file(bad)
        assert window.message_box.text().startswith("„kaputt.triangles“")
        assert window.message_box.text().endswith("ist kein Triangles-Spiel oder ist beschädigt.")
        window.message_box.accept()
    finally:
        manager.unload()


def test_autosave_after_every_stroke_and_resume_exactly(make_window, qtbot):
    window = make_window()
    window.start_new_game(VS_COMPUTER, seed=21)
    session = window.session
    assert not autosave_path().exists()
    for _ in range(3):
        play_strokes(session, 1)
        qtbot.waitUntil(lambda: session.local_to_move, timeout=5000)
    assert autosave_path().is_file()
    moves, players = session.position.moves, session.players
    window.close()  # the unfinished game stays on disk

    again = make_window()
    again.answers = [True]
    shown = []  # what the board and the score panel show while the question is asked
    asked = again.ask
    again.ask = lambda *question: (
        shown.append((len(again.scene.strokes), again.score_panel.cards[0].name_text)),
        asked(*question),
    )[1]
    assert again.files.offer_resume()
    assert again.asked
    assert shown == [(len(moves), players[0].name)]  # the game in question, not an empty board
    assert again.session.position.moves == moves and again.session.players == players
    assert again.session.local_to_move
    assert len(again.scene.strokes) == len(moves)


@pytest.mark.parametrize("content", [b"", b"garbage\n"], ids=["empty", "garbage"])
def test_an_ownerless_lock_does_not_hide_an_unfinished_game(make_window, qtbot, content):
    """A lock that names no process (a crash or a full disk while it was written) is removed
    once it is a few seconds old: Qt alone would keep it, and the game behind it, for good."""
    window = make_window()
    window.start_new_game(VS_COMPUTER, seed=21)
    play_strokes(window.session, 1)
    qtbot.waitUntil(lambda: window.session.local_to_move, timeout=5000)
    moves = window.session.position.moves
    window.close()
    lock = Path(str(autosave_path()) + ".lock")
    lock.write_bytes(content)
    young = make_window()
    assert not young.files.offer_resume()  # it may be a window's lock being written right now
    young.close()
    lock.write_bytes(content)
    os.utime(lock, (time.time() - 60, time.time() - 60))
    again = make_window()
    again.answers = [True]
    assert again.files.offer_resume()
    assert again.session.position.moves == moves


def test_half_written_copies_a_kill_left_are_removed_and_the_game_kept(make_window, qtbot):
    window = make_window()
    window.start_new_game(VS_COMPUTER, seed=21)
    play_strokes(window.session, 1)
    qtbot.waitUntil(lambda: window.session.local_to_move, timeout=5000)
    moves = window.session.position.moves
    window.close()
    folder = autosave_path().parent
    leftovers = [
        folder / ".autosave.triangles.k1ll3d.tmp",
        folder / ".autosave.triangles.file.x.tmp",
    ]
    for leftover in leftovers:
        leftover.write_text("half a game")
    other_slot = folder / ".autosave-2.triangles.abc.tmp"  # another window's slot: not ours
    other_slot.write_text("half a game")
    again = make_window()
    again.answers = [True]
    assert again.files.offer_resume()
    assert again.session.position.moves == moves
    assert not any(leftover.exists() for leftover in leftovers)
    assert other_slot.exists()


def test_undoing_back_to_the_empty_board_leaves_nothing_to_resume(make_window):
    window = make_window()
    window.start_new_game(FRIENDS, seed=21)
    play_strokes(window.session, 1)
    assert autosave_path().is_file()
    window.session.undo()
    assert window.session.position.moves == ()
    assert not autosave_path().exists()
    other = make_window()
    assert not other.files.offer_resume() and not other.asked


def test_declining_to_resume_forgets_the_autosave(make_window):
    window = make_window()
    window.start_new_game(FRIENDS, seed=21)
    play_strokes(window.session, 2)
    assert autosave_path().is_file()
    window.close()
    other = make_window()
    other.answers = [False]
    assert not other.files.offer_resume()
    assert not autosave_path().exists()


def test_not_now_keeps_the_unfinished_game_for_the_next_start(make_window):
    """Esc (or "Not now") on "Resume game?" decides nothing: the game stays, and the next start
    offers it again (issue 48: Esc discarded it)."""
    window = make_window()
    window.start_new_game(FRIENDS, seed=21)
    play_strokes(window.session, 2)
    moves = window.session.position.moves
    window.close()
    later = make_window()
    later.answers = [None]
    assert not later.files.offer_resume()
    assert autosave_path().is_file()
    later.close()
    again = make_window()
    again.answers = [True]
    assert again.files.offer_resume() and again.session.position.moves == moves


def test_a_question_with_verbs_takes_esc_as_not_deciding(make_window, qtbot):
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QMessageBox

    window = make_window()
    answers, texts = [], []
    for press in ("esc", "first", "second"):

        def answer(press=press):
            boxes = [
                w
                for w in QApplication.topLevelWidgets()
                if isinstance(w, QMessageBox) and w.isVisible()
            ]
            if not boxes:  # not shown yet: a moment later
                QTimer.singleShot(50, answer)
                return
            (box,) = boxes
            texts.append(sorted(b.text() for b in box.buttons()))
            if press == "esc":
                qtbot.keyClick(box, Qt.Key.Key_Escape)
            else:
                box.button_for = {b.text(): b for b in box.buttons()}
                box.button_for["Go" if press == "first" else "Drop"].click()

        QTimer.singleShot(50, answer)
        answers.append(MainWindow.ask(window, "Title", "Question?", ("Go", "Drop", "Later")))
    assert answers == [None, True, False]
    assert texts == [["Drop", "Go", "Later"]] * 3


def test_a_second_window_keeps_its_own_game_and_never_touches_the_first_ones(make_window):
    first = make_window()
    first.start_new_game(FRIENDS, seed=21)
    play_strokes(first.session, 2)
    mine = autosave_path().read_bytes()
    second = make_window()
    assert not second.files.offer_resume() and not second.asked  # held by a running window
    second.start_new_game(FRIENDS, seed=22)
    play_strokes(second.session, 3)
    assert second.session.autosave.path != autosave_path()
    assert autosave_path().read_bytes() == mine
    second.start_new_game(FRIENDS, seed=23)  # a new game forgets only the second's own
    assert autosave_path().read_bytes() == mine
    play_strokes(second.session, 1)
    first.close()
    second.close()
    third = make_window()  # both are offered now, newest first: the second window's
    third.answers = [False, True]
    assert third.files.offer_resume()
    assert len(third.asked) == 2
    assert third.asked[0].startswith("An unfinished game from ") and "was kept" in third.asked[0]
    assert third.session.position.board.seed == 21 and len(third.session.position.moves) == 2


def test_a_file_that_cannot_be_opened_at_start_is_explained_before_resume_is_offered(
    make_window, tmp_path
):
    window = make_window()
    window.start_new_game(FRIENDS, seed=21)
    play_strokes(window.session, 2)
    moves = window.session.position.moves
    window.close()
    again = make_window()
    again.answers = [True]
    again.files.first_game(str(tmp_path / "missing.triangles"))
    box = again.message_box
    assert box is not None and box.isVisible() and not again.asked  # not hidden under a question
    box.button(QMessageBox.StandardButton.Ok).click()
    assert again.asked and again.session.position.moves == moves  # then the game is resumed
    autosave_path().unlink()
    fresh = make_window()
    fresh.files.first_game()  # nothing to open and nothing to resume: a new game
    assert fresh.session.position is not None and fresh.session.position.moves == ()
    assert not fresh.asked


def test_a_damaged_autosave_is_kept_aside_and_the_player_told(make_window):
    autosave_path().parent.mkdir(parents=True, exist_ok=True)
    autosave_path().write_text("not a game", encoding="utf-8")
    window = make_window()
    assert not window.files.offer_resume()
    assert not window.asked and not autosave_path().exists()
    [kept] = autosave_path().parent.glob(autosave_path().name + ".corrupt-*")
    assert kept.read_text(encoding="utf-8") == "not a game"
    window.start_new_game(FRIENDS, seed=1)
    message = window.statusBar().currentMessage()
    assert "could not be read" in message and str(kept) in message


def test_a_damaged_autosave_that_cannot_be_moved_is_removed_and_the_player_told(
    make_window, monkeypatch
):
    import os

    autosave_path().parent.mkdir(parents=True, exist_ok=True)
    autosave_path().write_text("not a game", encoding="utf-8")

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    window = make_window()
    with monkeypatch.context() as patch:
        patch.setattr(os, "replace", refuse)
        assert not window.files.offer_resume()
    assert not autosave_path().exists()  # the next stroke would have overwritten it anyway
    window.start_new_game(FRIENDS, seed=1)
    assert "could not be read, and was removed" in window.statusBar().currentMessage()


@pytest.mark.parametrize(
    "error, sentence",
    [
        (OSError(28, "No space left on device"), "the disk is full"),
        (PermissionError(13, "Permission denied"), "is not writable"),
        (OSError(5, "Input/output error"), "could not be autosaved. It goes on"),
    ],
)
def test_a_failing_autosave_is_told_once_in_words_and_the_game_goes_on(
    make_window, monkeypatch, capsys, error, sentence
):
    from triangles_qt.table import autosave

    def refuse(*args, **kwargs):
        raise error

    window = make_window()
    window.start_new_game(FRIENDS, seed=1)
    with monkeypatch.context() as patch:
        patch.setattr(autosave, "write_record", refuse)
        play_strokes(window.session, 1)
        told = window.statusBar().currentMessage()
        assert sentence in told and error.strerror not in told  # the OS's English stays out
        assert error.strerror in capsys.readouterr().err  # and goes to the terminal
        window.statusBar().showMessage("closed 1 triangle")
        play_strokes(window.session, 2)
        assert window.statusBar().currentMessage() == "closed 1 triangle"  # not said again
    play_strokes(window.session, 1)
    assert autosave_path().is_file()  # working again, so a new failure is told again
    with monkeypatch.context() as patch:
        patch.setattr(autosave, "write_record", refuse)
        play_strokes(window.session, 1)
        assert sentence in window.statusBar().currentMessage()
    assert len(window.session.position.moves) == 5


def test_a_save_that_fails_says_so_and_the_game_goes_on(make_window, tmp_path):
    window = make_window()
    window.start_new_game(FRIENDS, seed=1)
    play_strokes(window.session, 2)
    target = tmp_path / "missing-folder" / "g.triangles"
    assert not window.files.save_to(target)
    box = window.message_box
    assert box.text() == (
        "“g.triangles” could not be written. The game goes on; try another folder or name."
    )
    assert "No such file" in box.detailedText()
    box.accept()
    play_strokes(window.session, 1)
    assert len(window.session.position.moves) == 3 and window.session.file is None


def test_startup_notes_are_not_hidden_by_the_opened_message(make_window, tmp_path):
    window = make_window()
    window.start_new_game(FRIENDS, seed=1)
    window.files.save_to(tmp_path / "g.triangles")
    other = make_window()
    other.startup_notes.append("2 plugins or themes could not be loaded: see Settings > Plugins.")
    assert other.files.open_file(tmp_path / "g.triangles")
    assert other.statusBar().currentMessage().startswith("2 plugins or themes")
    assert other.files.open_file(tmp_path / "g.triangles")  # told once; then the usual message
    assert other.statusBar().currentMessage() == "Opened g.triangles"


def test_a_warning_on_show_does_not_hide_what_the_player_just_did(make_window, tmp_path):
    window = make_window()
    window.startup_notes.append("2 plugins or themes could not be loaded: see Settings > Plugins.")
    window.start_new_game(FRIENDS, seed=1)
    assert window.statusBar().currentMessage().startswith("2 plugins or themes")
    session = window.session
    i, j = session.position.legal_strokes()[0]
    session.request_stroke(int(i), int(j))
    session.request_stroke(int(i), int(j))  # refused: its reason is shown over the warning
    assert window.statusBar().currentMessage() == "Already drawn"
    window.undo_action.trigger()
    assert window.statusBar().currentMessage() == "Stroke taken back"


def test_opening_a_game_leaves_no_autosave_until_a_stroke_is_drawn(make_window, tmp_path):
    window = make_window()
    window.start_new_game(FRIENDS, seed=1)
    play_strokes(window.session, 2)
    window.files.save_to(tmp_path / "g.triangles")
    window.close()
    assert autosave_path().is_file()  # the unfinished game, kept for next time
    other = make_window()
    assert other.files.open_file(tmp_path / "g.triangles")
    assert other.session.autosave is None  # opening alone changes nothing worth resuming
    assert autosave_path().is_file()  # and the first window's game waits for a later start
    play_strokes(other.session, 1)
    assert other.session.autosave.path.is_file() and other.session.autosave.path != autosave_path()


def test_command_line_options_and_qt_arguments_are_separated():
    options, rest = parse_arguments(
        [
            "triangles-qt",
            "--lang",
            "de",
            "--theme",
            "daylight",
            "--plugin-dir",
            "a",
            "--plugin-dir",
            "b",
            "--open",
            "x.triangles",
            "-style",
            "fusion",
        ]
    )
    assert options.lang == "de" and options.theme == "daylight"
    assert options.plugin_dir == ["a", "b"] and options.open == "x.triangles"
    assert rest == ["triangles-qt", "-style", "fusion"]


def test_window_remembers_theme_and_new_game_choices(make_window, tmp_path):
    from triangles_qt.app.settings import Settings
    from triangles_qt.plugin_manager import load_plugins

    window = make_window(load_plugins())
    window.set_theme("daylight")
    window.start_new_game(FRIENDS, seed=1)
    window.close()
    settings = Settings(tmp_path / "settings-0.ini")
    assert settings.theme_id == "daylight"
    assert settings.new_game_choices().player_names == ("Ana", "Ben")
    assert settings.window_geometry


def test_open_over_an_unfinished_game_asks_first(make_window, tmp_path):
    window = make_window()
    window.start_new_game(FRIENDS, seed=30)
    play_strokes(window.session, 2)
    window.files.choose_open_path = lambda: ""
    window.files.save_to(tmp_path / "other.triangles")
    window.start_new_game(FRIENDS, seed=31)
    window.open_action.trigger()  # nothing played yet: nothing to lose, no question
    assert not window.asked
    play_strokes(window.session, 1)
    game = window.session.position
    chosen = []
    window.files.choose_open_path = lambda: chosen.append(1) or str(tmp_path / "other.triangles")
    window.answers = [False]
    window.open_action.trigger()
    assert len(window.asked) == 1 and not chosen
    assert window.session.position is game and len(game.moves) == 1
    window.answers = [True]
    window.open_action.trigger()
    assert len(window.asked) == 2 and chosen
    assert len(window.session.position.moves) == 2 and window.session.file.name == "other.triangles"


def test_default_names_of_a_game_saved_in_another_language_follow_the_language_in_use(
    make_window, tmp_path
):
    from triangles_qt.core.board import Board
    from triangles_qt.core.game import Game
    from triangles_qt.core.players import PlayerInfo
    from triangles_qt.core.record import write_record

    def saved(path, players):
        write_record(path, Game(Board.generate("phone-24", 41)), players)
        return path

    window = make_window()
    german = saved(
        tmp_path / "de.triangles",
        [PlayerInfo("Du", "human"), PlayerInfo("Computer (Mittel)", "computer", "first")],
    )
    assert window.files.open_file(german)
    cards = window.score_panel.cards
    assert (cards[0].name_text, cards[1].name_text) == ("You", "Computer (First)")
    spanish = saved(
        tmp_path / "es.triangles", [PlayerInfo("Jugador 1", "human"), PlayerInfo("Ana", "human")]
    )
    assert window.files.open_file(spanish)
    assert (cards[0].name_text, cards[1].name_text) == ("Player 1", "Ana")  # a chosen name stays


def test_a_finished_game_saved_in_another_language_ends_with_the_names_of_the_language_in_use(
    make_window, tmp_path
):
    from triangles_qt.core.board import Board
    from triangles_qt.core.game import Game
    from triangles_qt.core.players import PlayerInfo
    from triangles_qt.core.record import write_record

    game = Game(Board.generate("phone-24", 41))
    while not game.is_over:
        game.play(*(int(v) for v in game.legal_strokes()[0]))
    path = tmp_path / "es.triangles"
    write_record(
        path,
        game,
        [PlayerInfo("Tú", "human"), PlayerInfo("Ordenador (Difícil)", "computer", "first")],
    )
    window = make_window()
    assert window.files.open_file(path)
    dialog = window.game_over_dialog
    assert dialog is not None
    assert dialog.score_text == (f"You {game.scores[0]} – {game.scores[1]} Computer (First)")


def test_the_final_score_shows_names_as_typed_and_the_scores_in_bold(make_window):
    window = make_window()
    window.start_new_game(
        NewGameChoices(
            preset="phone-24", opponent="human", player_names=("%3 Ana  1", "<i>Ben</i> & Co")
        ),
        seed=4,
    )
    session = window.session
    while not session.position.is_over:
        session.request_stroke(*(int(v) for v in session.position.legal_strokes()[0]))
    you, other = session.position.scores
    dialog = window.game_over_dialog
    assert dialog.score_text == f"%3 Ana  1 {you} – {other} <i>Ben</i> & Co"
    assert f"<b>{you}</b> – <b>{other}</b>" in dialog.score_label.text()
    assert you < other  # so the heading names the second player, as typed
    assert dialog.title_text == "<i>Ben</i> & Co wins!"
    assert dialog.title_label.textFormat() == Qt.TextFormat.PlainText


def _record_against(path, strategy_id):
    from triangles_qt.core.board import Board
    from triangles_qt.core.game import Game
    from triangles_qt.core.players import PlayerInfo
    from triangles_qt.core.record import write_record

    game = Game(Board.generate("phone-24", 40))
    i, j = game.legal_strokes()[0]
    game.play(int(i), int(j))  # the human's stroke
    i, j = game.legal_strokes()[0]
    game.play(int(i), int(j))  # the computer's answer: the human is to move
    players = [PlayerInfo("Ana", "human"), PlayerInfo("Computer (Gone)", "computer", strategy_id)]
    path.parent.mkdir(parents=True, exist_ok=True)
    write_record(path, game, players)
    return game


def _assert_first_plays_instead(window):
    from triangles_qt.core.players import PlayerInfo

    box = window.message_box
    assert box is not None and box.isVisible()
    assert "“gone” is not installed" in box.text() and "“First” plays instead" in box.text()
    players = window.session.players
    assert players[1] == PlayerInfo("Computer (First)", "computer", "first")
    assert window.score_panel.cards[1].name_text == "Computer (First)"
    assert window.session.local_to_move and len(window.session.position.moves) == 2


def test_a_record_whose_computer_is_not_installed_says_who_plays_instead(make_window, tmp_path):
    from triangles_qt.core.record import read_record

    _record_against(tmp_path / "old.triangles", "gone")
    window = make_window()  # offers only "first"
    assert window.files.open_file(tmp_path / "old.triangles")
    _assert_first_plays_instead(window)
    window.files.save_to(tmp_path / "saved.triangles")  # the record names who really played
    assert read_record(tmp_path / "saved.triangles").players[1].strategy == "first"


def test_a_resumed_game_whose_computer_is_not_installed_says_who_plays_instead(make_window):
    _record_against(autosave_path(), "gone")
    window = make_window()
    window.answers = [True]
    assert window.files.offer_resume()
    _assert_first_plays_instead(window)


def test_an_installed_computer_player_is_loaded_without_a_message(make_window, tmp_path):
    _record_against(tmp_path / "ok.triangles", "first")
    window = make_window()
    assert window.files.open_file(tmp_path / "ok.triangles")
    assert window.message_box is None
    # "Computer (…)" is a default name: it names the strategy in the language in use
    assert window.session.players[1].name == "Computer (First)"


def test_a_remembered_computer_that_is_no_longer_installed_says_who_plays_instead(make_window):
    window = make_window()  # offers only "first"
    remembered = NewGameChoices(preset="phone-24", opponent="computer", strategy_id="gone")
    window.start_new_game(remembered, seed=3)
    box = window.message_box
    assert box is not None and box.isVisible()
    assert "“gone” is not installed" in box.text() and "“First” plays instead" in box.text()
    assert window.session.players[1].strategy == "first"
    box.close()
    window.play_again()  # the stand-in is what is remembered now: no second message
    assert window.message_box is None or not window.message_box.isVisible()
    assert window.settings.strategy_id == "first"


def test_a_new_game_tells_an_autosave_failure_again(make_window, monkeypatch):
    from triangles_qt.table import autosave

    def refuse(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(autosave, "write_record", refuse)
    window = make_window()
    window.start_new_game(FRIENDS, seed=1)
    play_strokes(window.session, 1)
    assert "disk is full" in window.statusBar().currentMessage()
    window.start_new_game(FRIENDS, seed=2)  # the disk is still full
    play_strokes(window.session, 1)
    assert "disk is full" in window.statusBar().currentMessage()


def test_save_as_asks_before_replacing_a_file(make_window, tmp_path):
    window = make_window()
    window.start_new_game(FRIENDS, seed=12)
    play_strokes(window.session, 3)
    existing = tmp_path / "evening.triangles"
    existing.write_text("an earlier game")
    window.files.choose_save_path = lambda: str(tmp_path / "evening")  # typed without the suffix
    window.answers = [False]
    assert window.files.save_game_as() is False
    assert existing.read_text() == "an earlier game"
    assert window.asked == ["“evening.triangles” already exists. Do you want to replace it?"]
    window.answers = [True]
    assert window.files.save_game_as() is True
    assert existing.read_text() != "an earlier game"
    window.files.choose_save_path = lambda: str(existing)  # named in full: asked the same way
    window.answers = [False]
    assert window.files.save_game_as() is False and len(window.asked) == 3


def test_the_save_dialog_adds_the_suffix_before_asking_about_replacing(
    make_window, qtbot, tmp_path
):
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QFileDialog

    window = make_window()
    window.start_new_game(FRIENDS, seed=12)
    window.session.file = tmp_path / "evening.triangles"  # the dialog starts in its folder
    seen = []

    def look():
        dialog = next(
            w
            for w in QApplication.topLevelWidgets()
            if isinstance(w, QFileDialog) and w.isVisible()
        )
        seen.append(
            (
                dialog.defaultSuffix(),
                dialog.acceptMode(),
                dialog.selectedFiles(),
                dialog.testOption(QFileDialog.Option.DontConfirmOverwrite),
            )
        )
        dialog.reject()

    QTimer.singleShot(200, look)
    assert window.files.choose_save_path() == ""
    # The app asks about replacing the final name itself (a native dialog would ask about the
    # name as typed, before adding the suffix).
    assert seen == [
        (
            "triangles",
            QFileDialog.AcceptMode.AcceptSave,
            [str(tmp_path / "evening.triangles")],
            True,
        )
    ]


def test_the_title_marks_strokes_played_since_the_game_was_saved(make_window, tmp_path):
    window = make_window()
    window.start_new_game(FRIENDS, seed=12)
    play_strokes(window.session, 2)
    assert not window.isWindowModified()  # no file yet: nothing to be out of date
    window.files.choose_save_path = lambda: str(tmp_path / "evening")
    window.files.save_game_as()
    assert window.windowTitle() == "evening.triangles[*] – Triangles"
    assert not window.isWindowModified()
    play_strokes(window.session, 1)
    assert window.isWindowModified()
    window.undo_action.trigger()  # back to what the file holds
    assert not window.isWindowModified()
    play_strokes(window.session, 1)
    window.save_action.trigger()
    assert not window.isWindowModified()


def save_as(window, path):
    window.files.choose_save_path = lambda: str(path)
    assert window.files.save_game_as()


def resumed(make_window, window):
    """The window's unfinished game, resumed in a new window."""
    window.close()
    again = make_window()
    assert again.files.offer_resume()
    return again


def test_a_resumed_game_still_belongs_to_its_file(make_window, tmp_path):
    window = make_window()
    window.start_new_game(FRIENDS, seed=12)
    play_strokes(window.session, 2)
    save_as(window, tmp_path / "evening")
    play_strokes(window.session, 1)  # autosaved, not yet saved to the file
    strokes = window.session.position.strokes
    again = resumed(make_window, window)
    assert again.session.position.strokes == strokes
    assert again.session.file == tmp_path / "evening.triangles"
    assert again.isWindowModified()  # the file lacks the last stroke
    again.save_action.trigger()  # Save writes there, without asking for a name
    assert not again.isWindowModified()


def test_a_game_saved_just_before_quitting_is_resumed_with_its_file(make_window, tmp_path):
    window = make_window()
    window.start_new_game(FRIENDS, seed=12)
    play_strokes(window.session, 2)
    save_as(window, tmp_path / "evening")  # and no stroke after it
    again = resumed(make_window, window)
    assert again.session.file == tmp_path / "evening.triangles"
    assert not again.isWindowModified()


def test_a_resumed_game_is_tied_to_the_file_it_was_last_saved_as(make_window, tmp_path):
    window = make_window()
    window.start_new_game(FRIENDS, seed=12)
    play_strokes(window.session, 1)
    save_as(window, tmp_path / "first")
    window.start_new_game(FRIENDS, seed=12)  # the same board again, saved under another name
    play_strokes(window.session, 2)
    save_as(window, tmp_path / "second")
    assert resumed(make_window, window).session.file == tmp_path / "second.triangles"


def test_a_resumed_game_whose_file_went_away_has_no_file(make_window, tmp_path):
    window = make_window()
    window.start_new_game(FRIENDS, seed=12)
    play_strokes(window.session, 1)
    save_as(window, tmp_path / "evening")
    play_strokes(window.session, 1)
    (tmp_path / "evening.triangles").unlink()
    again = resumed(make_window, window)
    assert again.session.file is None and again.windowTitle() == "Triangles"


def test_save_as_suggests_a_name_for_a_game_never_saved(make_window, qtbot, tmp_path):
    from PySide6.QtCore import QDate, Qt, QTimer
    from PySide6.QtWidgets import QApplication, QFileDialog

    window = make_window()
    window.start_new_game(FRIENDS, seed=12)
    window.files._folder = lambda: tmp_path
    seen = []

    def look():
        dialog = next(
            w
            for w in QApplication.topLevelWidgets()
            if isinstance(w, QFileDialog) and w.isVisible()
        )
        seen.append(dialog.selectedFiles())
        dialog.reject()

    QTimer.singleShot(200, look)
    assert window.files.choose_save_path() == ""
    day = QDate.currentDate().toString(Qt.DateFormat.ISODate)
    assert seen == [[str(tmp_path / f"Ana – Ben {day}.triangles")]]


def test_the_open_window_names_saved_games_and_opens_the_one_picked(make_window, tmp_path, qtbot):
    """Qt's own file chooser called .triangles files "plain text document"; it says "Triangles
    game" now, with the game's icon, and picking one opens it."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QFileDialog, QFileSystemModel

    window = make_window()
    window.start_new_game(FRIENDS, seed=12)
    play_strokes(window.session, 4)
    saved = tmp_path / "evening.triangles"
    window.files.save_to(saved)
    moves = window.session.position.moves
    window.start_new_game(FRIENDS, seed=99)
    seen = {}

    def in_the_dialog():
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, QFileDialog)
        dialog.setDirectory(str(tmp_path))
        model = dialog.findChild(QFileSystemModel)
        qtbot.waitUntil(lambda: model.index(str(saved)).isValid(), timeout=5000)
        row = model.index(str(saved))
        qtbot.waitUntil(lambda: bool(model.index(row.row(), 2, row.parent()).data()), timeout=5000)
        seen["type"] = model.index(row.row(), 2, row.parent()).data()
        dialog.selectFile(str(saved))
        dialog.accept()

    QTimer.singleShot(0, in_the_dialog)
    window.open_action.trigger()
    assert seen["type"] == "Triangles game"
    assert window.session.position.moves == moves


def test_a_game_that_stopped_early_says_how_when_opened_and_plays_on(make_window):
    """A record of an online game that stopped before its end (version 2, `ended`)."""
    from pathlib import Path

    record = Path(__file__).parent.parent / "records" / "valid" / "replay-left.triangles"
    window = make_window()
    assert window.files.open_file(record)
    assert window.statusBar().currentMessage() == (
        "Opened replay-left.triangles. Dara had left there; the game can be played on."
    )
    assert window.session.local_to_move and len(window.session.position.strokes) == 4
