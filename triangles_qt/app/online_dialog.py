"""Game > Play online…: host a game for a friend on another computer, or join one, by address or
from the games found on the local network, or by the game code a host shows for a friend
anywhere (over the internet: a port the router forwards, or a relay). The window only asks;
`online_play.py` connects.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from triangles_qt.core.board import PRESETS
from triangles_qt.defaults import MAX_PLAYER_NAME_LENGTH
from triangles_qt.net.codes import looks_like_code
from triangles_qt.net.discovery import FoundGame
from triangles_qt.net.match import Listen
from triangles_qt.net.protocol import DEFAULT_PORT

from .board_description import BoardDescription
from .window_placement import fit_to_screen


def parse_address(text: str) -> tuple[str, int] | None:
    """HOST:PORT (or HOST alone, for the default port) as typed; None when it is not one."""
    text = text.strip()
    if not text or any(c.isspace() for c in text):
        return None
    host, colon, port = text.rpartition(":")
    if not colon or "]" in port:  # no port given (an IPv6 address in brackets keeps its colons)
        host, port = text, str(DEFAULT_PORT)
    host = host.strip("[]")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        return None
    return host, int(port)


BY_CODE = "code"
"""The host's "Who can join" choice for a game joined by code (over the internet)."""


class OnlineDialog(QDialog):
    """Host or join. `host_requested` and `join_requested(host, port)` ask online_play to act;
    it answers with `show_status` and closes the window once the game starts."""

    host_requested = Signal()
    join_requested = Signal(str, int)
    code_requested = Signal(str)  # join by game code (as typed)
    cancelled = Signal()

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("onlineDialog")
        self.name_edit = QLineEdit(name)
        self.name_edit.setMaxLength(MAX_PLAYER_NAME_LENGTH)
        self._name_label = QLabel()
        self._name_label.setBuddy(self.name_edit)
        top = QFormLayout()
        top.addRow(self._name_label, self.name_edit)
        # Games by code when no router forwards: where both sides meet (triangles-net relay).
        self.relay_edit = QLineEdit()
        self.relay_edit.setObjectName("relayAddress")
        self.relay_edit.setPlaceholderText("relay.example.org:4001")
        self._relay_label = QLabel()
        self._relay_label.setBuddy(self.relay_edit)
        top.addRow(self._relay_label, self.relay_edit)

        self.tabs = QTabWidget()
        host_page, join_page = QWidget(), QWidget()
        self.tabs.addTab(host_page, "")
        self.tabs.addTab(join_page, "")

        # Hosting.
        self.preset_combo = QComboBox()
        for preset in PRESETS.values():
            self.preset_combo.addItem("", preset.name)
        self.replay_check = QCheckBox()
        self.starts_combo = QComboBox()
        self.starts_combo.addItems(["", ""])
        self.listen_combo = QComboBox()
        self.listen_combo.addItem("", Listen.LAN)
        self.listen_combo.addItem("", Listen.LOOPBACK)
        self.listen_combo.addItem("", BY_CODE)
        # Whether players on this network find the game in their list (mDNS); only where the
        # game listens on this network.
        self.announce_check = QCheckBox()
        self.announce_check.setChecked(True)
        self.listen_combo.currentIndexChanged.connect(self._follow_listen)
        self.port_spin = QSpinBox()
        self.port_spin.setRange(1024, 65535)
        self.port_spin.setValue(DEFAULT_PORT)
        self.host_button = QPushButton()
        self.host_button.clicked.connect(self.host_requested)
        host_form = QFormLayout(host_page)
        self._host_labels = [QLabel() for _ in range(4)]
        for label, field in zip(
            self._host_labels,
            (self.preset_combo, self.starts_combo, self.listen_combo, self.port_spin),
            strict=True,
        ):
            label.setBuddy(field)
            host_form.addRow(label, field)
            if field is self.listen_combo:
                host_form.addRow("", self.announce_check)
        host_form.addRow("", self.replay_check)
        host_form.addRow("", self.host_button)

        # Joining.
        self.found_list = QListWidget()
        self.found_list.setObjectName("foundGames")
        self.found_list.itemActivated.connect(self._join_found)
        self.found_list.currentItemChanged.connect(self._follow_found)
        self.address_edit = QLineEdit()
        self.address_edit.setPlaceholderText(f"192.168.1.20:{DEFAULT_PORT}")
        self.address_edit.returnPressed.connect(self._join_typed)
        self.join_button = QPushButton()
        self.join_button.clicked.connect(self._join_typed)
        self._found_label = QLabel()
        self._found_label.setBuddy(self.found_list)
        self._address_label = QLabel()
        self._address_label.setBuddy(self.address_edit)
        join_layout = QVBoxLayout(join_page)
        join_layout.addWidget(self._found_label)
        join_layout.addWidget(self.found_list, 1)
        self.join_code_edit = QLineEdit()
        self.join_code_edit.setObjectName("joinCode")
        self.join_code_edit.setPlaceholderText("4821-amber-oyster")
        self.join_code_edit.returnPressed.connect(self._join_typed)
        self._join_code_label = QLabel()
        self._join_code_label.setBuddy(self.join_code_edit)
        join_form = QFormLayout()
        join_form.addRow(self._address_label, self.address_edit)
        join_form.addRow(self._join_code_label, self.join_code_edit)
        join_form.addRow("", self.join_button)
        join_layout.addLayout(join_form)

        # The code a hosted game is joined by, once there is one (outside the tabs, which
        # wait while hosting).
        self.code_row = QWidget()
        self.code_row.setObjectName("gameCodeRow")
        self.code_view = QLineEdit()
        self.code_view.setObjectName("gameCode")
        self.code_view.setReadOnly(True)
        font = self.code_view.font()
        font.setPointSizeF(font.pointSizeF() * 1.4)
        font.setBold(True)
        self.code_view.setFont(font)
        self._code_label = QLabel()
        self._code_label.setBuddy(self.code_view)
        self.copy_button = QPushButton()
        self.copy_button.setObjectName("copyCode")
        self.copy_button.clicked.connect(self._copy_code)
        code_layout = QHBoxLayout(self.code_row)
        code_layout.setContentsMargins(0, 0, 0, 0)
        code_layout.addWidget(self._code_label)
        code_layout.addWidget(self.code_view, 1)
        code_layout.addWidget(self.copy_button)
        self.code_row.hide()

        self.status = QLabel()
        self.status.setObjectName("onlineStatus")
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.buttons.rejected.connect(self.reject)
        self.rejected.connect(self.cancelled)

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.code_row)
        layout.addWidget(self.status)
        layout.addWidget(self.buttons)
        self._found: dict[str, FoundGame] = {}
        self._status_text = lambda: ""
        self.retranslate_ui()
        fit_to_screen(self, (520, 480))

    # -- what the player chose ---------------------------------------------------------------

    @property
    def name(self) -> str:
        return " ".join(self.name_edit.text().split())

    @property
    def preset(self) -> str:
        return str(self.preset_combo.currentData())

    @property
    def replay(self) -> bool:
        return self.replay_check.isChecked()

    @property
    def friend_starts(self) -> bool:
        return self.starts_combo.currentIndex() == 1

    @property
    def listen(self) -> Listen:
        """Where the game listens (a game by code: everywhere, for the router's forward)."""
        if self.by_code:
            return Listen.ALL
        return Listen(self.listen_combo.currentData())

    @property
    def by_code(self) -> bool:
        """Hosting for a friend anywhere, who joins by the game code."""
        return self.listen_combo.currentData() == BY_CODE

    @property
    def relay(self) -> tuple[str, int] | None:
        """The relay typed (HOST:PORT), or None."""
        text = self.relay_edit.text().strip()
        return parse_address(text) if ":" in text else None

    def show_code(self, code: str) -> None:
        """The hosted game's code, to give to the friend (empty: none)."""
        self.code_view.setText(code)
        self.code_row.setVisible(bool(code))

    def _copy_code(self) -> None:
        clipboard = QGuiApplication.clipboard()
        if clipboard is not None:
            clipboard.setText(self.code_view.text())

    @property
    def announce(self) -> bool:
        """Announce the game on this network (only a game that listens there is)."""
        return self.listen == Listen.LAN and self.announce_check.isChecked()

    def _follow_listen(self) -> None:
        self.announce_check.setEnabled(self.listen == Listen.LAN)

    @property
    def port(self) -> int:
        return self.port_spin.value()

    def set_busy(self, busy: bool) -> None:
        """Hosting or joining: the choices wait (Cancel stops it)."""
        for widget in (self.name_edit, self.relay_edit, self.tabs):
            widget.setEnabled(not busy)

    def show_status(self, text) -> None:
        """`text`: a function giving the line in the language in use (it follows a switch)."""
        self._status_text = text
        self.status.setText(text())

    # -- games found on the network ------------------------------------------------------------

    def add_found(self, game: FoundGame) -> None:
        self._found[game.service] = game
        self._refill()

    def remove_found(self, service: str) -> None:
        self._found.pop(service, None)
        self._refill()

    def _refill(self) -> None:
        chosen = self.found_list.currentItem()
        keep = chosen.data(Qt.ItemDataRole.UserRole) if chosen is not None else None
        self.found_list.clear()
        for service, game in sorted(self._found.items(), key=lambda kv: kv[1].name.casefold()):
            item = QListWidgetItem(self._found_text(game))
            item.setData(Qt.ItemDataRole.UserRole, service)
            self.found_list.addItem(item)
            if service == keep:
                self.found_list.setCurrentItem(item)

    def _found_text(self, game: FoundGame) -> str:
        board = PRESETS.get(game.preset)
        what = BoardDescription().text(game.preset, board.stars) if board is not None else "?"
        if game.replay_after_triangle:
            what += " · " + self.tr("Play again after a triangle")
        return f"{game.name} — {what} ({game.address}:{game.port})"

    def _follow_found(self, item: QListWidgetItem | None) -> None:
        if item is not None:
            game = self._found.get(item.data(Qt.ItemDataRole.UserRole))
            if game is not None:
                self.address_edit.setText(f"{game.address}:{game.port}")
                self.join_code_edit.clear()

    def _join_found(self, item: QListWidgetItem) -> None:
        self._follow_found(item)
        self._join_typed()

    def _join_typed(self) -> None:
        code = self.join_code_edit.text().strip()
        if code:
            if not looks_like_code(code):
                self.show_status(
                    lambda: self.tr(
                        "Type the game code your friend gave you: like 4821-amber-oyster."
                    )
                )
                return
            self.code_requested.emit(code)
            return
        target = parse_address(self.address_edit.text())
        if target is None:
            self.show_status(lambda: self.tr("Type the address your friend gave you: HOST:PORT."))
            return
        self.join_requested.emit(*target)

    # -- text -----------------------------------------------------------------------------------

    def retranslate_ui(self) -> None:
        self.setWindowTitle(self.tr("Play online"))
        self._name_label.setText(self.tr("Your &name:"))
        self._relay_label.setText(self.tr("Re&lay (optional):"))
        self.relay_edit.setToolTip(
            self.tr(
                "For games by code when the router forwards no port: a relay's HOST:PORT, the "
                "same for you and your friend. Anyone can run a relay on a computer of their own."
            )
        )
        self.tabs.setTabText(0, self.tr("&Host a game"))
        self.tabs.setTabText(1, self.tr("&Join a game"))
        describe = BoardDescription()
        for k, preset in enumerate(PRESETS.values()):
            self.preset_combo.setItemText(k, describe.text(preset.name, preset.stars))
        for label, text in zip(
            self._host_labels,
            (self.tr("&Board:"), self.tr("Who &starts:"), self.tr("Who can j&oin:"),
             self.tr("&Port:")),
            strict=True,
        ):  # fmt: skip
            label.setText(text)
        self.replay_check.setText(self.tr("Play &again after a triangle"))
        self.starts_combo.setItemText(0, self.tr("You"))
        self.starts_combo.setItemText(1, self.tr("Your friend"))
        self.listen_combo.setItemText(0, self.tr("Computers on this network"))
        self.listen_combo.setItemText(1, self.tr("Only this computer (to try it out)"))
        self.listen_combo.setItemText(2, self.tr("Anyone with the game code (over the internet)"))
        self.announce_check.setText(self.tr("Announce on &this network"))
        self.host_button.setText(self.tr("Host the &game"))
        self._found_label.setText(self.tr("&Games on this network:"))
        self._address_label.setText(self.tr("Or &address:"))
        self._join_code_label.setText(self.tr("Or game co&de:"))
        self._code_label.setText(self.tr("Game code:"))
        self.copy_button.setText(self.tr("&Copy"))
        self.join_button.setText(self.tr("Jo&in"))
        self._refill()
        self.status.setText(self._status_text())

    def changeEvent(self, event) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)
