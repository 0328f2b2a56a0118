"""Game > Play online… by game code, in two windows of this process: the host chooses "Anyone
with the game code", sees the code (and copies it), the friend types it; through a relay on
loopback when the router forwards nothing, directly when it does (a stand-in router: no test
asks a real one), and a wrong code is told as such."""

import asyncio
import socket
import threading

import pytest
from PySide6.QtGui import QGuiApplication
from test_online_play import play_to_the_end

from triangles_qt.app.online_dialog import BY_CODE
from triangles_qt.net import portmap
from triangles_qt.net.codes import parse_code
from triangles_qt.net.match import State
from triangles_qt.net.relay import Relay
from triangles_qt.net.remote_seat import RemoteSeat

WAIT = 20_000


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Router:
    """Stands in for portmap.map_port: forwards nothing, or 'maps' on 127.0.0.1."""

    def __init__(self, forwards: bool) -> None:
        self.forwards = forwards
        self.removed: list[int] = []

    def __call__(self, port, log=lambda _text: None):
        if not self.forwards:
            log("UPnP: no router answered (test)")
            return None
        return portmap.Mapping(
            "UPnP", ("127.0.0.1", port), port, lambda: None, lambda: self.removed.append(port)
        )


@pytest.fixture
def relay():
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    running = Relay()

    def run(coroutine):
        return asyncio.run_coroutine_threadsafe(coroutine, loop).result(30)

    host, port = run(running.start("127.0.0.1", 0))
    yield f"{host}:{port}"
    run(running.close())
    loop.call_soon_threadsafe(loop.stop)
    thread.join(10)


def host_by_code(window, monkeypatch, router, relay_at=""):
    monkeypatch.setattr(portmap, "map_port", router)
    dialog = window.online.show_dialog()
    dialog.name_edit.setText("Ana")
    dialog.preset_combo.setCurrentIndex(dialog.preset_combo.findData("phone-24"))
    dialog.listen_combo.setCurrentIndex(dialog.listen_combo.findData(BY_CODE))
    dialog.port_spin.setValue(free_port())
    dialog.relay_edit.setText(relay_at)
    assert not dialog.code_row.isVisible()
    dialog.host_button.click()
    return dialog


def join_by_code(window, code, relay_at=""):
    dialog = window.online.show_dialog()
    dialog.name_edit.setText("Ben")
    dialog.relay_edit.setText(relay_at)
    dialog.tabs.setCurrentIndex(1)
    dialog.join_code_edit.setText(code)
    dialog.join_button.click()
    return dialog


def both_playing(windows):
    return all(any(isinstance(s, RemoteSeat) for s in w.session.seats) for w in windows)


def test_a_friend_joins_by_the_code_through_the_relay(make_window, qtbot, monkeypatch, relay):
    ana, ben = make_window(), make_window()
    host = host_by_code(ana, monkeypatch, Router(False), relay)
    qtbot.waitUntil(lambda: host.code_row.isVisible(), timeout=WAIT)
    code = host.code_view.text()
    assert parse_code(code).via_relay and relay in host.status.text()
    host.copy_button.click()
    assert QGuiApplication.clipboard().text() == code
    join_by_code(ben, code.upper(), relay)  # as typed, in capitals
    qtbot.waitUntil(lambda: both_playing((ana, ben)), timeout=WAIT)
    assert ana.asked == ["Ben wants to join your game."]
    play_to_the_end((ana, ben), qtbot)
    assert ana.session.position.strokes == ben.session.position.strokes


def test_a_router_that_forwards_gives_a_direct_code_and_takes_it_back(
    make_window, qtbot, monkeypatch
):
    ana, ben = make_window(), make_window()
    router = Router(True)
    host = host_by_code(ana, monkeypatch, router)
    qtbot.waitUntil(lambda: host.code_row.isVisible(), timeout=WAIT)
    code = parse_code(host.code_view.text())
    port = host.port
    assert code.address == ("127.0.0.1", port)
    join_by_code(ben, str(code))
    qtbot.waitUntil(lambda: both_playing((ana, ben)), timeout=WAIT)
    match = ben.online.match
    assert match.invite == code and match._connection.link.confirmed
    ana.close()  # the game ends here: the router's forward is given back
    qtbot.waitUntil(lambda: router.removed == [port], timeout=WAIT)


def test_a_wrong_code_is_told_to_the_friend(make_window, qtbot, monkeypatch, relay):
    ana, ben = make_window(), make_window()
    host = host_by_code(ana, monkeypatch, Router(False), relay)
    qtbot.waitUntil(lambda: host.code_row.isVisible(), timeout=WAIT)
    nameplate = host.code_view.text().split("-")[0]
    joining = join_by_code(ben, f"{nameplate}-acid-acorn", relay)
    qtbot.waitUntil(lambda: "Wrong game code" in joining.status.text(), timeout=WAIT)
    assert joining.tabs.isEnabled()  # the friend can type it again
    qtbot.waitUntil(lambda: ana.online.match.wrong_codes == 1, timeout=WAIT)  # heard too
    assert ana.online.match.state == State.LISTENING


def test_without_a_forward_or_a_relay_the_host_is_told_what_to_do(make_window, qtbot, monkeypatch):
    ana, ben = make_window(), make_window()
    host = host_by_code(ana, monkeypatch, Router(False))
    qtbot.waitUntil(lambda: "relay" in host.status.text(), timeout=WAIT)
    assert host.tabs.isEnabled() and not host.code_row.isVisible()
    assert ana.online.match is None
    joining = join_by_code(ben, "4821-amber-oyster")  # a relay's code, no relay typed
    assert "relay" in joining.status.text() and ben.online.match is None
    joining.join_code_edit.setText("not a code")
    joining.join_button.click()
    assert "4821-amber-oyster" in joining.status.text()


def test_the_relay_typed_is_offered_again_at_the_next_start(make_window, qtbot, tmp_path):
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QDialogButtonBox

    from triangles_qt.app.settings import Settings

    window = make_window()
    dialog = window.online.show_dialog()
    assert dialog.relay_edit.text() == ""
    qtbot.keyClicks(dialog.relay_edit, " relay.example.org:4001 ")
    qtbot.keyClick(dialog.relay_edit, Qt.Key.Key_Return)
    window.settings.sync()
    # The next start reads the same settings file: the relay is there, as typed but trimmed.
    assert Settings(tmp_path / "settings-0.ini").relay_address == "relay.example.org:4001"
    dialog.buttons.button(QDialogButtonBox.StandardButton.Cancel).click()
    qtbot.waitUntil(lambda: window.online.dialog is None, timeout=5000)
    assert window.online.show_dialog().relay_edit.text() == "relay.example.org:4001"
