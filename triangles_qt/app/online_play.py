"""A window's online games: the Play online window's answers turned into a hosted or joined
`NetMatch`, the game started at the table once the friend is there (the person here in one seat,
a `RemoteSeat` in the other), an undo asked of the friend and the friend's asked of the player,
a rematch from the end-of-game window's Play again, and leaving the match when the window plays
something else or closes. While a game is on, this side's seat is kept on disk (kept_seat.py):
an app that was killed offers at its next start to rejoin. A game that stops before its end
stays in the History, its record saying how (docs/rules.md 8.1.1).
"""

from __future__ import annotations

import math
import random
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QCoreApplication, QEvent, QLockFile, QObject, QTimer, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QInputDialog

from triangles_qt import __version__
from triangles_qt.core.atomic_file import set_aside
from triangles_qt.core.board import Board
from triangles_qt.core.players import PlayerKind
from triangles_qt.core.position import Position
from triangles_qt.core.record import Ending, EndKind
from triangles_qt.core.rules import Rules
from triangles_qt.net.codes import CodeError, GameCode, direct_code, parse_code, relay_code
from triangles_qt.net.discovery import Advertiser, Browser
from triangles_qt.net.endings import EndingWatch
from triangles_qt.net.kept_seat import (
    KeptSeat,
    KeptSeatError,
    forget,
    kept_seat_of,
    read_kept_seat,
    write_kept_seat,
)
from triangles_qt.net.match import MAX_WRONG_CODES, Listen, NetError, NetMatch, Role, State
from triangles_qt.net.portmap import Mapping
from triangles_qt.net.protocol import DECLINED, Limits, PeerInfo, Setup
from triangles_qt.net.reach import PortMapper, RelayServer
from triangles_qt.net.remote_seat import RemoteSeat
from triangles_qt.net.secure import WRONG_CODE

from .notices import Notice, NoticeKind
from .online_dialog import OnlineDialog
from .online_kept import hold, kept_seat_files, kept_seat_path
from .plurals import plural

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMenu, QWidget

    from triangles_qt.table.session import GameSession

    from .settings import Settings


class OnlineWindow(Protocol):
    """What online play asks of the window it works for (the MainWindow is one): its table and
    settings, its questions, a preview of a game offered back, where dialogs open, the Game menu
    where "Send a message" goes after "Play online", and its events (its language changing, its
    closing). Nothing else of the window is reached from here."""

    settings: Settings
    game_menu: QMenu
    online_action: QAction

    @property
    def session(self) -> GameSession: ...

    def ask(
        self, title: str, question: str, verbs: tuple[str, ...] | None = None
    ) -> bool | None: ...

    def leave_game(self, title: str, question: str, verb: str) -> bool: ...

    def preview(self, position: Position, names: tuple[str, str]) -> None: ...

    def dialog_parent(self) -> QWidget: ...

    def installEventFilter(self, watcher: QObject) -> None: ...


class OnlinePlay(QObject):
    """Online play for one window (see the module docstring)."""

    notice = Signal(object)  # Notice: for the status bar
    withdrawn = Signal(object)  # NoticeKind: no longer true

    def __init__(self, window: OnlineWindow, parent: QObject | None = None) -> None:
        super().__init__(parent if parent is not None else window.dialog_parent())
        self.window = window
        self.match: NetMatch | None = None
        self.dialog: OnlineDialog | None = None
        self._browser: Browser | None = None
        self._advertiser: Advertiser | None = None
        self._mapper: PortMapper | None = None  # a game by code: the router's forward
        self._endings: EndingWatch | None = None
        self.limits = Limits()  # the protocol's (tests shorten its waits)
        self._kept_at: Path | None = None  # where this side's seat is kept while a game is on
        self._kept_lock: QLockFile | None = None  # held while that file is this window's
        self._leaving = False  # this side's player left the game (another game, closed)
        self._stopped_kept = False  # the game, stopped early, is in the History already
        self._rejoining: KeptSeat | None = None  # the kept game, until it is at the table again
        window.session.started.connect(self._game_started)
        window.session.seat_maker.register("remote", RemoteSeat)
        window.installEventFilter(self)
        # Game > Send a message…, in the menu only while a game online is on.
        self.chat_action = QAction(self)
        self.chat_action.setObjectName("chatAction")
        self.chat_action.setVisible(False)
        self.chat_action.triggered.connect(lambda checked=False: self.ask_chat_line())
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        self.chat_action.setText(
            QCoreApplication.translate("OnlinePlay", "Send a &message to your friend…")
        )

    # -- the Play online window ----------------------------------------------------------------

    def show_dialog(self) -> OnlineDialog:
        if self.dialog is None:
            names = self.window.settings.player_names
            name = names[0] if names else ""
            dialog = self.dialog = OnlineDialog(name, self.window.dialog_parent())
            dialog.relay_edit.setText(self.window.settings.relay_address)  # the last one
            dialog.relay_edit.editingFinished.connect(self._remember_relay)
            dialog.host_requested.connect(self.host)
            dialog.join_requested.connect(self.join)
            dialog.code_requested.connect(self.join_code)
            dialog.cancelled.connect(self._dialog_cancelled)
            browser = self._browser = Browser(parent=self)
            browser.found.connect(dialog.add_found)
            browser.lost.connect(dialog.remove_found)
            browser.failed.connect(
                lambda _why: dialog.show_status(
                    lambda: QCoreApplication.translate(
                        "OnlinePlay",
                        "Games on this network cannot be listed; join by address.",
                    )
                )
            )
            browser.start()
        self.dialog.show()
        self.dialog.raise_()
        return self.dialog

    def _may_leave_the_game(self) -> bool:
        """A game in progress here is left only if the player says so (as for New game)."""
        return self.window.leave_game(
            QCoreApplication.translate("OnlinePlay", "Play online"),
            QCoreApplication.translate(
                "OnlinePlay", "Abandon the game in progress to play online?"
            ),
            QCoreApplication.translate("OnlinePlay", "Abandon and play online"),
        )

    def host(self) -> None:
        dialog = self.dialog
        assert dialog is not None
        if not self._may_leave_the_game():
            return
        self._drop_match()
        board = Board.generate(dialog.preset, random.randrange(2**31))
        setup = Setup(board, Rules(dialog.replay), 0 if dialog.friend_starts else 1)
        try:
            match = NetMatch.host(
                setup,
                self._local(),
                dialog.listen,
                dialog.port,
                limits=self.limits,
                parent=self,
                ask=True,
            )
        except NetError as exc:
            print(f"triangles-qt: cannot host: {exc}", file=sys.stderr)
            tried = str(dialog.port)
            dialog.show_status(
                lambda: QCoreApplication.translate(
                    "OnlinePlay",
                    "The game cannot be hosted on port %1: it may be in use. Try another port.",
                ).replace("%1", tried)
            )
            return
        self._adopt(match)
        address, port = match.address()
        if dialog.by_code:
            self._host_by_code(match, port)
            return
        if dialog.announce:
            self._advertiser = Advertiser(  # on the one interface the game listens on
                dialog.name,
                address,
                port,
                dialog.preset,
                dialog.replay,
                __version__,
                interfaces=[address],
                parent=self,
            )
            self._advertiser.start()
        where = f"{address}:{port}"
        dialog.set_busy(True)
        if self._advertiser is not None:
            dialog.show_status(
                lambda: QCoreApplication.translate(
                    "OnlinePlay",
                    "Waiting for your friend. Give them this address: %1 (on this network they "
                    "also find the game in their list).",
                ).replace("%1", where)
            )
        else:  # not announced: the address is the only way in
            dialog.show_status(
                lambda: QCoreApplication.translate(
                    "OnlinePlay", "Waiting for your friend. Give them this address: %1."
                ).replace("%1", where)
            )

    def _host_by_code(self, match: NetMatch, port: int) -> None:
        """A game for a friend anywhere: the router is asked to forward the port (off this
        thread); the code shows once it does, or once the game waits at the relay."""
        dialog = self.dialog
        assert dialog is not None
        # Until the real code is known, every connection needs one nobody has.
        match.invite = relay_code()
        dialog.set_busy(True)
        dialog.show_status(
            lambda: QCoreApplication.translate(
                "OnlinePlay", "Asking your router to let your friend in…"
            )
        )
        mapper = self._mapper = PortMapper(port, self)
        mapper.mapped.connect(lambda mapping: self._mapped(match, mapping))
        mapper.failed.connect(lambda why: self._not_mapped(match, why))
        mapper.start()

    def _mapped(self, match: NetMatch, mapping: Mapping) -> None:
        if match is not self.match or self.dialog is None:
            return
        match.invite = direct_code(*mapping.public)
        self._show_code(
            match.invite,
            lambda: QCoreApplication.translate(
                "OnlinePlay",
                "Waiting for your friend. Give them the game code: your router lets them in, "
                "no server is needed.",
            ),
        )

    def _not_mapped(self, match: NetMatch, why: str) -> None:
        dialog = self.dialog
        if match is not self.match or dialog is None:
            return
        print(f"triangles-qt: no port mapping: {why}", file=sys.stderr)
        relay = dialog.relay
        if relay is None:
            self._drop_match()
            dialog.set_busy(False)
            dialog.show_status(
                lambda: QCoreApplication.translate(
                    "OnlinePlay",
                    "Your router does not let your friend in (UPnP and NAT-PMP are off, or "
                    "there is a second router). Type a relay's address to play through it.",
                )
            )
            return
        code = relay_code()
        server = RelayServer(relay, code)
        where = f"{relay[0]}:{relay[1]}"
        server.failed.connect(lambda text: self._relay_failed(match, where, text))
        match.invite = code
        match.serve_through(server)
        server.start()
        self._show_code(
            code,
            lambda: QCoreApplication.translate(
                "OnlinePlay",
                "Waiting for your friend at the relay %1. Give them the game code and the "
                "relay's address.",
            ).replace("%1", where),
        )

    def _relay_failed(self, match: NetMatch, where: str, text: str) -> None:
        print(f"triangles-qt: relay: {text}", file=sys.stderr)
        dialog = self.dialog
        if match is self.match and dialog is not None:
            dialog.show_status(
                lambda: QCoreApplication.translate(
                    "OnlinePlay", "The relay %1 cannot be reached. Trying again…"
                ).replace("%1", where)
            )

    def _show_code(self, code: GameCode, status) -> None:
        dialog = self.dialog
        if dialog is not None:
            dialog.show_code(str(code))
            dialog.show_status(status)

    def join_code(self, text: str) -> None:
        """Join the game whose code the friend gave (sealed with it: secure.py)."""
        dialog = self.dialog
        assert dialog is not None
        try:
            code = parse_code(text)
        except CodeError as exc:
            reason = str(exc)
            print(f"triangles-qt: not a game code: {reason}", file=sys.stderr)
            dialog.show_status(
                lambda: QCoreApplication.translate(
                    "OnlinePlay", "This is not a game code: it reads like 4821-amber-oyster."
                )
            )
            return
        if code.address is not None:
            host, port = code.address
        elif dialog.relay is not None:
            host, port = dialog.relay
        else:
            dialog.show_status(
                lambda: QCoreApplication.translate(
                    "OnlinePlay",
                    "This game waits at a relay: type the relay's address your friend uses.",
                )
            )
            return
        if not self._may_leave_the_game():
            return
        self._drop_match()
        self._adopt(
            NetMatch.join(host, port, self._local(), limits=self.limits, parent=self, invite=code)
        )
        dialog.set_busy(True)
        dialog.show_status(
            lambda: QCoreApplication.translate("OnlinePlay", "Connecting by game code…")
        )

    def join(self, host: str, port: int) -> None:
        dialog = self.dialog
        assert dialog is not None
        if not self._may_leave_the_game():
            return
        self._drop_match()
        self._adopt(NetMatch.join(host, port, self._local(), limits=self.limits, parent=self))
        dialog.set_busy(True)
        where = f"{host}:{port}"
        dialog.show_status(
            lambda: QCoreApplication.translate("OnlinePlay", "Connecting to %1…").replace(
                "%1", where
            )
        )

    # -- coming back after a kill --------------------------------------------------------------

    def offer_rejoin(self) -> bool:
        """On start: offer each online game this app was killed in, newest first, until the
        player takes one (True: it is being rejoined). "Forget it" drops a game for good; Esc
        keeps it for the next start."""
        for path in kept_seat_files():
            lock = hold(path)
            if lock is None:  # a window that runs plays it
                continue
            try:
                kept = read_kept_seat(path)
            except KeptSeatError as exc:
                # Kept aside, as a damaged autosave is: nothing of the player's is deleted.
                kept = None
                try:
                    aside = set_aside(path)
                    print(f"triangles-qt: {exc}: kept aside as {aside.name}", file=sys.stderr)
                except OSError:
                    print(f"triangles-qt: {exc}", file=sys.stderr)
            answer = None if kept is None else self._ask_rejoin(kept)
            if answer and kept is not None:
                self._drop_match()
                self._kept_lock = lock
                if self.rejoin(kept, path):
                    return True
                continue
            if answer is False:
                forget(path)
            lock.unlock()
        return False

    def _ask_rejoin(self, kept: KeptSeat) -> bool | None:
        names = [player.name for player in kept.players]
        self.window.preview(Position(kept.game), (names[0], names[1]))
        strokes = len(kept.game.moves)
        return self.window.ask(
            QCoreApplication.translate("OnlinePlay", "Rejoin the online game"),
            plural(
                self.tr(
                    "Your online game with %1 was interrupted after %n stroke(s). Rejoin it?",
                    "",
                    strokes,
                ),
                strokes,
            ).replace("%1", kept.peer.name),
            (
                QCoreApplication.translate("OnlinePlay", "&Rejoin"),
                QCoreApplication.translate("OnlinePlay", "&Forget it"),
                QCoreApplication.translate("OnlinePlay", "&Not now"),
            ),
        )

    def rejoin(self, kept: KeptSeat, path: Path) -> bool:
        """Take the kept seat back: the joiner connects to where the host was and proves the
        seat is its own; the game comes back to the table once it is in."""
        if kept.role != "join" or kept.address is None:
            return self._resume_hosting(kept, path)
        invite = None
        if kept.code:
            try:
                invite = parse_code(kept.code)
            except CodeError:
                invite = None
        host, port = kept.address
        local = PeerInfo(kept.players[kept.seat].name, __version__, PlayerKind.HUMAN)
        self._kept_at = path
        self._rejoining = kept
        self._adopt(
            NetMatch.join(
                host,
                port,
                local,
                (kept.token, kept.game, kept.seat),
                limits=self.limits,
                parent=self,
                invite=invite,
            )
        )
        name = kept.peer.name
        self.notice.emit(
            Notice(
                NoticeKind.CONNECTION,
                lambda: QCoreApplication.translate("OnlinePlay", "Reconnecting to %1…").replace(
                    "%1", name
                ),
                seconds=None,
            )
        )
        return True

    def _resume_hosting(self, kept: KeptSeat, path: Path) -> bool:
        """Host the kept game again where it was, waiting for the friend to come back (their
        retries find it); the game is at the table at once."""
        bound, port = kept.address or ("", 0)
        if bound in ("127.0.0.1", "::1"):
            listen = Listen.LOOPBACK
        elif bound in ("0.0.0.0", "::", ""):
            listen = Listen.ALL
        else:
            listen = Listen.LAN
        local = PeerInfo(kept.players[kept.seat].name, __version__, PlayerKind.HUMAN)
        try:
            match = NetMatch.host(
                kept.setup,
                local,
                listen,
                port,
                bound if listen == Listen.LAN else None,
                limits=self.limits,
                parent=self,
                ask=True,
                resume=kept.host_state(),
            )
        except NetError as exc:
            self._kept_at = path
            self._forget_seat()
            self._rejoin_failed(kept, str(exc))
            return False
        self._kept_at = path
        self._adopt(match)
        self._start(match)
        return True

    def _local(self) -> PeerInfo:
        name = self.dialog.name if self.dialog is not None else ""
        return PeerInfo(
            name or QCoreApplication.translate("OnlinePlay", "Player"),
            __version__,
            PlayerKind.HUMAN,
        )

    def _adopt(self, match: NetMatch) -> None:
        self.match = match
        self._endings = EndingWatch(match)
        self._leaving = self._stopped_kept = False
        match.started.connect(lambda: self._start(match))
        match.resumed.connect(lambda _first: self._rejoined(match))
        match.confirmed.connect(lambda _count: self._keep_seat(match))
        # A host keeps its game before each line that confirms a stroke leaves.
        match.host_state_changed.connect(lambda: self._keep_seat(match))
        match.resigned.connect(lambda seat: self._resigned(match, seat))
        match.problem.connect(
            lambda text: print(
                f"triangles-qt: online game with {match.peer_name or '?'}: {text}",
                file=sys.stderr,
            )
        )
        match.ended.connect(lambda reason: self._ended(match, reason))
        match.rematch_offered.connect(lambda: self._rematch_offered(match))
        match.rematch_declined.connect(lambda: self._rematch_declined(match))
        match.retrying.connect(lambda delay, _why: self._retrying(match, delay))
        # Asked outside the match's own handling of the line (the question waits for a click).
        match.join_requested.connect(
            lambda name: QTimer.singleShot(0, self, lambda: self._join_requested(match, name))
        )
        match.waiting_for_host.connect(lambda: self._waiting_for_host(match))

    def _join_requested(self, match: NetMatch, name: str) -> None:
        """Someone wants the seat of the game hosted here: the player says who plays."""
        if match is not self.match or match.state != State.LISTENING:
            return
        accept = self.window.ask(
            QCoreApplication.translate("OnlinePlay", "Play online"),
            QCoreApplication.translate("OnlinePlay", "%1 wants to join your game.").replace(
                "%1", name
            ),
            (
                QCoreApplication.translate("OnlinePlay", "&Accept"),
                QCoreApplication.translate("OnlinePlay", "&Decline"),
            ),
        )
        match.answer_join(bool(accept))

    def _waiting_for_host(self, match: NetMatch) -> None:
        """The host's player is asked whether this player may join."""
        dialog = self.dialog
        if match is not self.match or dialog is None:
            return
        name = match.peer_name
        dialog.show_status(
            lambda: QCoreApplication.translate(
                "OnlinePlay", "Waiting for %1 to accept you…"
            ).replace("%1", name)
        )

    def _retrying(self, match: NetMatch, delay_s: float) -> None:
        """The host said it is busy (strangers hold its places, or it has not noticed yet that
        this side's old connection died): the match tries again; the player is told."""
        if match is not self.match:
            return
        seconds = str(max(1, math.ceil(delay_s)))
        dialog = self.dialog
        if dialog is not None:  # joining
            host, port = match.target
            where = f"{host}:{port}"
            dialog.show_status(
                lambda: (
                    QCoreApplication.translate(
                        "OnlinePlay", "The game at %1 is busy. Trying again in %2 s…"
                    )
                    .replace("%1", where)
                    .replace("%2", seconds)
                )
            )
            return
        self.notice.emit(  # coming back to a game
            Notice(
                NoticeKind.CONNECTION,
                lambda: QCoreApplication.translate(
                    "OnlinePlay", "Reconnecting: the host is busy. Trying again in %1 s…"
                ).replace("%1", seconds),
                seconds=max(3, math.ceil(delay_s) + 1),
            )
        )

    def _remember_relay(self) -> None:
        if self.dialog is not None:
            self.window.settings.relay_address = self.dialog.relay_edit.text()

    def _dialog_cancelled(self) -> None:
        if self.match is not None and self.match.state in (State.LISTENING, State.CONNECTING):
            self._drop_match()
        self._close_dialog()

    def _close_dialog(self) -> None:
        if self._browser is not None:
            self._browser.stop()
            self._browser = None
        if self.dialog is not None:
            self.dialog.hide()
            self.dialog.deleteLater()
            self.dialog = None

    # -- the game at the table ---------------------------------------------------------------

    def _start(self, match: NetMatch) -> None:
        """The friend is there (or a rematch begins): the game starts at this window's table."""
        if match is not self.match or match.game is None:
            return
        if self._advertiser is not None:
            self._advertiser.stop()
            self._advertiser = None
        self._close_dialog()
        window = self.window
        maker = window.session.seat_maker
        seats: list = [None, None]
        seats[match.local_seat] = maker.make("person", name=match.local.name)
        remote = maker.make("remote", match=match)
        assert isinstance(remote, RemoteSeat)
        remote.undo_offered.connect(lambda keep: self._undo_offered(remote, keep))
        remote.undo_answered.connect(self._undo_answered)
        remote.chat_received.connect(lambda text: self._tell_chat(remote.name, text))
        seats[match.peer_seat] = remote
        window.session.start_with_seats(match.game.copy(), seats)
        self._stopped_kept = False
        if self._rejoining is not None:  # back at the table: "Reconnecting…" is over
            self._rejoining = None
            self.withdrawn.emit(NoticeKind.CONNECTION)
        self._keep_seat(match)
        menu = window.game_menu  # made after this object: the action joins it on first use
        if self.chat_action not in menu.actions():
            after = menu.actions()[menu.actions().index(window.online_action) + 1]
            menu.insertAction(after, self.chat_action)
        self.chat_action.setVisible(True)

    # -- chat ----------------------------------------------------------------------------------

    def ask_chat_line(self) -> None:
        text, ok = QInputDialog.getText(
            self.window.dialog_parent(),
            QCoreApplication.translate("OnlinePlay", "Message"),
            QCoreApplication.translate("OnlinePlay", "A line for your friend:"),
        )
        if ok:
            self.send_chat(text)

    def send_chat(self, text: str) -> None:
        """Send `text` to the friend (cut to the protocol's length) and show it as sent."""
        if self.match is None or self.match.state not in (State.PLAYING, State.OVER):
            self.notice.emit(
                Notice(
                    NoticeKind.CHAT,
                    lambda: QCoreApplication.translate(
                        "OnlinePlay", "Your friend is not connected: the message was not sent."
                    ),
                    seconds=8,
                )
            )
            return
        sent = self.match.send_chat(text)
        if sent:
            you = QCoreApplication.translate("OnlinePlay", "You")
            self._tell_chat(you, sent)

    def _tell_chat(self, who: str, text: str) -> None:
        self.notice.emit(Notice(NoticeKind.CHAT, lambda: f"{who}: {text}", seconds=12))

    def _game_started(self, _position) -> None:
        """Another game at this table (New game, Open…): the online one is left, and a game
        still waiting for the friend is no longer offered (it would replace this one)."""
        match = self.match
        if match is None:
            return
        if not any(
            isinstance(seat, RemoteSeat) and seat.plays_over(match)
            for seat in self.window.session.seats
        ):
            if match.state in (State.LISTENING, State.CONNECTING):
                self._close_dialog()
            self._drop_match()

    def _undo_offered(self, remote: RemoteSeat, keep: int) -> None:
        accept = self.window.ask(
            QCoreApplication.translate("OnlinePlay", "Take back strokes?"),
            QCoreApplication.translate(
                "OnlinePlay", "%1 asks to take back the game to stroke %2. Do you agree?"
            )
            .replace("%1", remote.name)
            .replace("%2", str(keep)),
            (
                QCoreApplication.translate("OnlinePlay", "&Take back"),
                QCoreApplication.translate("OnlinePlay", "&Refuse"),
            ),
        )
        remote.answer_undo(bool(accept))

    def _undo_answered(self, accepted: bool) -> None:
        if not accepted:
            self.notice.emit(
                Notice(
                    NoticeKind.UNDO,
                    lambda: QCoreApplication.translate(
                        "OnlinePlay", "Your friend would rather play on: nothing was taken back."
                    ),
                    seconds=5,
                )
            )

    def at_the_table(self) -> bool:
        """Whether the game at the table is (or was) played with a friend elsewhere."""
        return any(isinstance(seat, RemoteSeat) for seat in self.window.session.seats)

    def friend_gone(self) -> None:
        """Play again, when the friend has left: the Play online window, to host or join
        another game (Game > New game plays here)."""
        self.show_dialog()
        self.notice.emit(
            Notice(
                NoticeKind.CONNECTION,
                lambda: QCoreApplication.translate(
                    "OnlinePlay",
                    "Your friend has left. Host or join another game, or choose Game > New "
                    "game to play here.",
                ),
                seconds=12,
            )
        )

    def offer_rematch(self) -> bool:
        """Play again after an online game: ask the friend (False: no online game to repeat)."""
        match = self.match
        if match is None or match.state != State.OVER:
            return False
        match.offer_rematch()
        self.notice.emit(
            Notice(
                NoticeKind.CONNECTION,
                lambda: QCoreApplication.translate(
                    "OnlinePlay", "Asked your friend for another game…"
                ),
                seconds=None,
            )
        )
        return True

    def _rematch_declined(self, match: NetMatch) -> None:
        if match is not self.match:
            return
        self.withdrawn.emit(NoticeKind.CONNECTION)
        self.notice.emit(
            Notice(
                NoticeKind.CONNECTION,
                lambda: QCoreApplication.translate(
                    "OnlinePlay", "Your friend would rather not play again."
                ),
                seconds=8,
            )
        )

    def _rematch_offered(self, match: NetMatch) -> None:
        accept = self.window.ask(
            QCoreApplication.translate("OnlinePlay", "Another game?"),
            QCoreApplication.translate(
                "OnlinePlay", "%1 would like another game. Play again?"
            ).replace("%1", match.peer_name),
            (
                QCoreApplication.translate("OnlinePlay", "&Play again"),
                QCoreApplication.translate("OnlinePlay", "&No, thanks"),
            ),
        )
        match.answer_rematch(bool(accept))

    # -- keeping the seat and the game --------------------------------------------------------

    def _keep_seat(self, match: NetMatch) -> None:
        """Keep what rejoining takes (after every stroke both sides have); forgotten once the
        game is settled."""
        if match is not self.match or match.game is None or not match.token:
            return
        if match.role == Role.HOST and match.invite is not None:
            return  # a game by code is not hosted again: its code and its way in are gone
        if match.settled or match.state == State.CLOSED:
            self._forget_seat()
            return
        try:
            kept = kept_seat_of(match)
            path = kept_seat_path(kept.tag, kept.role)
            if path != self._kept_at:
                self._forget_seat()
                self._kept_lock = hold(path)
                self._kept_at = path
            write_kept_seat(path, kept)
        except (OSError, ValueError) as exc:  # a full disk must not stop the game
            print(f"triangles-qt: the online game's seat was not kept: {exc}", file=sys.stderr)

    def _forget_seat(self) -> None:
        if self._kept_at is not None:
            forget(self._kept_at)
            self._kept_at = None
        if self._kept_lock is not None:
            self._kept_lock.unlock()
            self._kept_lock = None

    def _resigned(self, match: NetMatch, seat: int) -> None:
        if match is self.match:
            self._keep_stopped(Ending(EndKind.RESIGNED, seat, ""))

    def _keep_stopped(self, ending: Ending | None) -> None:
        """The game at the table stopped before its end: into the History, saying how."""
        if ending is None or self._stopped_kept or not self.at_the_table():
            return
        self._stopped_kept = True
        problem = self.window.session.keep_stopped(ending)
        if problem is not None:
            print(f"triangles-qt: the stopped game was not kept: {problem.detail}", file=sys.stderr)

    def _rejoin_failed(self, kept: KeptSeat, reason: str) -> None:
        """Kept in the History as it stood, and the player told."""
        ending = Ending(EndKind.DISCONNECTED, None, reason)
        problem = self.window.session.keep_stopped(ending, (kept.game, kept.players, kept.seat))
        if problem is not None:
            print(f"triangles-qt: the stopped game was not kept: {problem.detail}", file=sys.stderr)
        name = kept.peer.name
        self.withdrawn.emit(NoticeKind.CONNECTION)
        self.notice.emit(
            Notice(
                NoticeKind.CONNECTION,
                lambda: QCoreApplication.translate(
                    "OnlinePlay",
                    "The game with %1 could not be rejoined: it is kept in the History.",
                ).replace("%1", name),
                seconds=12,
            )
        )

    def _rejoined(self, match: NetMatch) -> None:
        """Back in a game after a lost connection; or, in an app started again after a kill,
        the game kept comes back to the table."""
        if match is self.match and not any(
            isinstance(seat, RemoteSeat) and seat.plays_over(match)
            for seat in self.window.session.seats
        ):
            self._start(match)

    def _ended(self, match: NetMatch, reason: str) -> None:
        if match is not self.match:
            return
        if reason:
            print(f"triangles-qt: online game ended: {reason}", file=sys.stderr)
        self._forget_seat()
        kept, self._rejoining = self._rejoining, None
        if kept is not None:  # the game kept after a kill could not be rejoined
            self._rejoin_failed(kept, reason)
        elif self._endings is not None:
            self._keep_stopped(self._endings.ending(reason, left_here=self._leaving))
        # A request for another game, if any, has no answer coming any more.
        self.withdrawn.emit(NoticeKind.CONNECTION)
        dialog = self.dialog
        self._unmap()
        if dialog is not None and match.refusal_code == WRONG_CODE:
            dialog.set_busy(False)
            dialog.show_status(
                lambda: QCoreApplication.translate(
                    "OnlinePlay", "Wrong game code: check it with your friend and try again."
                )
            )
        elif dialog is not None and match.wrong_codes >= MAX_WRONG_CODES:
            dialog.set_busy(False)
            dialog.show_code("")
            dialog.show_status(
                lambda: QCoreApplication.translate(
                    "OnlinePlay",
                    "Someone tried wrong game codes: the game was closed. Host again for a "
                    "new code.",
                )
            )
        elif dialog is not None and match.refusal_code == DECLINED:
            dialog.set_busy(False)
            name = match.peer_name
            dialog.show_status(
                lambda: QCoreApplication.translate(
                    "OnlinePlay", "%1 declined: you cannot join this game."
                ).replace("%1", name or QCoreApplication.translate("OnlinePlay", "The host"))
            )
        elif dialog is not None:  # before the game started (in a game the score card tells)
            dialog.set_busy(False)
            dialog.show_status(
                lambda: QCoreApplication.translate(
                    "OnlinePlay",
                    "No game could be started: nobody answered there, or the game was taken.",
                )
            )

    def _unmap(self) -> None:
        """The router's forward, if any, is given back (the game is over)."""
        if self._mapper is not None:
            self._mapper.remove()
            self._mapper = None

    def _drop_match(self) -> None:
        self._unmap()
        if self.dialog is not None:
            self.dialog.show_code("")
        self.chat_action.setVisible(False)
        if self._advertiser is not None:
            self._advertiser.stop()
            self._advertiser = None
        if self.match is not None:
            self._leaving = True
            self.match.leave()
            self.match.deleteLater()
            self.match = None

    def eventFilter(self, watched, event) -> bool:
        if watched is self.window and event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        if watched is self.window and event.type() == QEvent.Type.Close and event.isAccepted():
            self._close_dialog()
            self._drop_match()
        return False
