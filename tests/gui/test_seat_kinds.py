"""A kind of seat the window has never heard of (issue 46): registered with the window's
SeatMaker, it plays a whole game in the real window, which words it by its capabilities (its
turn on the score card, its undo by agreement) without a line of the window changed."""

from PySide6.QtCore import QTimer

from triangles_qt.app.settings import NewGameChoices
from triangles_qt.core.board import Board
from triangles_qt.core.game import Game
from triangles_qt.core.players import PlayerKind
from triangles_qt.core.rules import Rules
from triangles_qt.table.seats import Seat


class TutorSeat(Seat):
    """Plays the last legal stroke a moment after it is asked; agrees to every undo."""

    def __init__(self, name):
        super().__init__(lambda: name)
        self.offers = []

    def request_move(self, request):
        i, j = request.position.legal_strokes()[-1]
        QTimer.singleShot(10, self, lambda: self.answered.emit(request, (int(i), int(j))))

    def offer_undo(self, keep):  # the AgreesUndo capability
        self.offers.append(keep)
        QTimer.singleShot(10, self, lambda: self.take_back.emit(keep))
        return True


def test_a_registered_seat_kind_plays_a_whole_game_in_the_window(make_window, qtbot):
    window = make_window()
    maker = window.session.seat_maker
    maker.register("tutor", TutorSeat)
    assert "tutor" in maker.kinds and {"person", "computer"} <= set(maker.kinds)
    window.online  # noqa: B018 - online play, made when first used, adds its kind
    assert "remote" in maker.kinds
    game = Game(Board.generate("phone-24", 3), Rules())
    window.session.start_with_seats(
        game, [maker.make("person", name="Ana"), maker.make("tutor", name="Tess")]
    )
    assert window.score_panel.cards[1].name_text == "Tess"
    position = window.session.position
    i, j = map(int, position.legal_strokes()[0])
    assert window.session.request_stroke(i, j)
    assert window.score_panel.turn_label.text() == "Waiting for Tess’s stroke…"
    qtbot.waitUntil(lambda: window.session.local_to_move, timeout=5000)
    # Undo asks the tutor, who agrees: the game goes back to before Ana's stroke.
    window.undo_action.trigger()
    tutor = window.session.seats[1]
    assert tutor.offers == [0]
    qtbot.waitUntil(lambda: len(window.session.position.moves) == 0, timeout=5000)
    while not window.session.position.is_over:
        qtbot.waitUntil(
            lambda: window.session.local_to_move or window.session.position.is_over, timeout=5000
        )
        if window.session.local_to_move:
            i, j = map(int, window.session.position.legal_strokes()[0])
            assert window.session.request_stroke(i, j)
    qtbot.waitUntil(lambda: window.game_over_dialog is not None, timeout=5000)
    assert window.game_over_dialog.title_text in ("You won!", "You lost!", "Draw!")


def test_the_new_game_windows_choices_are_made_by_the_registered_kinds(make_window, qtbot):
    """The New game window's "computer" choice is whatever kind is registered under that name:
    here a tutor takes the computer's place, and the window plays against it unchanged."""
    window = make_window()
    window.session.seat_maker.register("computer", lambda strategy_id=None: TutorSeat("Tess"))
    window.start_new_game(
        NewGameChoices(preset="phone-24", opponent=PlayerKind.COMPUTER, human_starts=False)
    )
    seats = window.session.seats
    assert isinstance(seats[0], TutorSeat) and seats[1].takes_board_input
    qtbot.waitUntil(lambda: window.session.local_to_move, timeout=5000)
    assert len(window.session.position.moves) == 1
    # ("Your turn" once the tutor's stroke has been drawn in.)
    qtbot.waitUntil(lambda: window.score_panel.turn_label.text() == "Your turn", timeout=5000)
