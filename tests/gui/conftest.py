"""Shared set-up of the GUI tests: an off-screen Qt platform and a private user-data folder."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402


@pytest.fixture(autouse=True, scope="session")
def app_style(qapp):
    """The widget style application.main gives the app."""
    from triangles_qt.app.application import use_app_style

    use_app_style(qapp, [])


@pytest.fixture(autouse=True)
def user_data(tmp_path, monkeypatch):
    """Point the app's user data (statistics, settings, plugins) at a fresh temporary folder."""
    folder = tmp_path / "user-data"
    folder.mkdir()
    monkeypatch.setenv("TRIANGLES_USER_DATA", str(folder))
    return folder


# --- the desktop app's windows (helpers in app_helpers.py) ---------------------------

from app_helpers import BlockingStrategy, FakeRegistry  # noqa: E402


@pytest.fixture
def make_window(qtbot, tmp_path):
    """Build a shown MainWindow with private settings and statistics; `answers` feeds its
    yes/no questions (default yes) and `asked` records them."""
    from triangles_qt.app.main_window import MainWindow
    from triangles_qt.app.settings import Settings
    from triangles_qt.statistics import StatisticsStore

    made = []

    def make(registry=None, size=(720, 900), **kwargs):
        window = MainWindow(
            registry if registry is not None else FakeRegistry(),
            Settings(tmp_path / f"settings-{len(made)}.ini"),
            statistics=StatisticsStore(tmp_path / "history.sqlite"),
            **kwargs,
        )
        window.session.seat_maker.delay_ms = 0
        window.session.budget_s = 0.3
        window.answers = []
        window.asked = []

        def ask(title, question, verbs=None):
            window.asked.append(question)
            return window.answers.pop(0) if window.answers else True

        window.ask = ask
        qtbot.addWidget(window)
        window.resize(*size)
        window.show()
        qtbot.waitExposed(window)
        made.append(window)
        return window

    yield make
    for window in made:
        window.session.close()


@pytest.fixture
def blockers():
    """BlockingStrategy objects that are released when the test ends, whatever happened."""
    made = []

    def make(strategy_id="blocking"):
        strategy = BlockingStrategy(strategy_id)
        made.append(strategy)
        return strategy

    yield make
    for strategy in made:
        strategy.release.set()


@pytest.fixture
def view(qtbot):
    """A shown BoardView, 640 x 460, in the default theme."""
    from triangles_qt.app.board_view import BoardView
    from triangles_qt.themes import NEBULA

    view = BoardView(NEBULA)
    qtbot.addWidget(view)
    view.resize(640, 460)
    view.show()
    qtbot.waitExposed(view)
    return view
