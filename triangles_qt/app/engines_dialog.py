"""Settings > Engines: the engine programs the player added as computer players (any language,
docs/engine-protocol.md). Adding one checks that it starts and answers the protocol's handshake,
off the GUI thread; the list is remembered in the settings."""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QTimer
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QListWidget,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from triangles_qt.engine.host import EngineError, EngineProcess
from triangles_qt.engine.protocol import EngineInfo
from triangles_qt.frozen import python_for_programs

from .settings import EngineEntry, Settings, is_strategy_id
from .window_placement import fit_to_screen

_INTERPRETERS = {".py": python_for_programs(), ".js": ["node"]}


def command_for(program: str) -> list[str]:
    """The command that runs `program`: a Python or JavaScript file through its interpreter,
    anything else as it is."""
    return [*_INTERPRETERS.get(Path(program).suffix.lower(), []), program]


def check_engine(command: list[str]) -> EngineInfo:
    """Start the engine, shake hands, and stop it again; EngineError when it cannot."""
    process = EngineProcess(command)
    try:
        return process.start()
    finally:
        process.stop()


class EnginesDialog(QDialog):
    """The player's engines: add (checked first) and remove. The choosers are methods, so that
    tests can answer them."""

    def __init__(self, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("enginesDialog")
        self.settings = settings
        self.intro = QLabel()
        self.intro.setWordWrap(True)
        self.list = QListWidget()
        self.add_button = QPushButton()
        self.remove_button = QPushButton()
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.buttons.rejected.connect(self.reject)
        self.add_button.clicked.connect(self.add_engine)
        self.remove_button.clicked.connect(self.remove_engine)
        self.list.currentRowChanged.connect(self._update_buttons)
        row = QHBoxLayout()
        row.addWidget(self.add_button)
        row.addWidget(self.remove_button)
        row.addStretch(1)
        layout = QVBoxLayout(self)
        for widget in (self.intro, self.list):
            layout.addWidget(widget)
        layout.addLayout(row)
        layout.addWidget(self.status)
        layout.addWidget(self.buttons)
        self._checking: Future[EngineInfo] | None = None
        self._poll = QTimer(self)
        self._poll.setInterval(50)
        self._poll.timeout.connect(self._check_done)
        self.message_box: QMessageBox | None = None
        self.retranslate_ui()
        self._show_list()
        fit_to_screen(self, (560, 360))

    # -- the list ---------------------------------------------------------------------------------

    def _show_list(self) -> None:
        self.list.clear()
        for entry in self.settings.engines:
            self.list.addItem(f"{entry.name} — {' '.join(entry.command)}")
        self._update_buttons()

    def _update_buttons(self) -> None:
        self.remove_button.setEnabled(self.list.currentRow() >= 0 and self._checking is None)
        self.add_button.setEnabled(self._checking is None)

    def remove_engine(self) -> None:
        row = self.list.currentRow()
        entries = self.settings.engines
        if 0 <= row < len(entries):
            del entries[row]
            self.settings.engines = entries
            self._show_list()

    # -- adding -----------------------------------------------------------------------------------

    def add_engine(self) -> None:
        program = self.choose_program()
        if not program:
            return
        name = self.choose_name(Path(program).stem)
        taken = {entry.name for entry in self.settings.engines}
        if not name:
            return
        if not is_strategy_id(EngineEntry(name, ()).strategy_id) or name in taken:
            self._warn(
                self.tr("“%1” cannot be used as a name: it is empty, too long, or taken.").replace(
                    "%1", name
                )
            )
            return
        command = command_for(program)
        self._adding = EngineEntry(name, tuple(command))
        self._checking = _in_background(check_engine, command)
        self.status.setText(self.tr("Checking “%1”…").replace("%1", name))
        self._update_buttons()
        self._poll.start()

    def _check_done(self) -> None:
        future = self._checking
        if future is None or not future.done():
            return
        self._poll.stop()
        self._checking = None
        self.status.clear()
        entry = self._adding
        try:
            future.result()
        except EngineError as exc:
            self._warn(
                self.tr("“%1” did not answer as a Triangles engine, so it was not added.").replace(
                    "%1", entry.name
                ),
                str(exc),
            )
        else:
            self.settings.engines = [*self.settings.engines, entry]
            self._show_list()
            self.list.setCurrentRow(self.list.count() - 1)
        self._update_buttons()

    def choose_program(self) -> str:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Choose an engine program"))
        return path

    def choose_name(self, suggested: str) -> str:
        name, ok = QInputDialog.getText(
            self, self.tr("Engine name"), self.tr("The name players see:"), text=suggested
        )
        return " ".join(name.split()) if ok else ""

    def _warn(self, message: str, details: str = "") -> None:
        box = QMessageBox(
            QMessageBox.Icon.Warning,
            self.tr("Engines"),
            message,
            QMessageBox.StandardButton.Ok,
            self,
        )
        if details:
            box.setDetailedText(self.tr("Technical details (in English):") + "\n" + details)
        self.message_box = box
        box.open()

    # -- text -------------------------------------------------------------------------------------

    def retranslate_ui(self) -> None:
        self.setWindowTitle(self.tr("Engines"))
        self.intro.setText(
            self.tr(
                "Computer players that are programs of their own, written in any language. Each "
                "one added here can be chosen as the opponent in the New game window."
            )
        )
        self.add_button.setText(self.tr("&Add…"))
        self.remove_button.setText(self.tr("&Remove"))

    def changeEvent(self, event) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def done(self, result: int) -> None:
        self._poll.stop()
        super().done(result)


def _in_background(work: Callable[..., EngineInfo], *args: Any) -> Future[EngineInfo]:
    """Run `work(*args)` on a daemon thread (quitting the app never waits for a slow engine)."""
    future: Future[EngineInfo] = Future()

    def run() -> None:
        try:
            future.set_result(work(*args))
        except BaseException as exc:  # noqa: BLE001 - delivered to whoever reads the future
            future.set_exception(exc)

    threading.Thread(target=run, name="engine-check", daemon=True).start()
    return future
