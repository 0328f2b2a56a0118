"""Help: the How to play window (the rules page of the interface language, written fresh in each
language, see `help_content/`, with the example pictures drawn in the current theme) and the
About box."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QMessageBox,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from triangles_qt import __version__
from triangles_qt.themes import NEBULA, Theme

from .appearance import app_icon
from .rule_pictures import load_help
from .window_placement import fit_to_screen


class HowToPlayDialog(QDialog):
    """The rules, for a player who has never played."""

    def __init__(self, parent: QWidget | None = None, theme: Theme = NEBULA) -> None:
        super().__init__(parent)
        self.setObjectName("how_to_play_dialog")
        self.theme = theme
        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)
        layout.addWidget(self.buttons)
        self.retranslate_ui()
        fit_to_screen(self, (640, 700))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt name
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def set_theme(self, theme: Theme) -> None:
        """Redraw the pictures in another theme."""
        self.theme = theme
        load_help(self.browser, None, theme)

    def retranslate_ui(self) -> None:
        """Set the title and show the page of the current language."""
        self.setWindowTitle(self.tr("How to play"))
        load_help(self.browser, None, self.theme)


def about_box(parent: QWidget) -> QMessageBox:
    """Help > About: the game, its version and its licence (not yet shown)."""
    text = QCoreApplication.translate(
        "MainWindow",
        "<h3>Triangles %1</h3><p>Draw strokes between stars, close empty triangles and "
        "outscore your opponent.</p><p>Free software under the GNU GPL, version 3 or later.</p>",
    ).replace("%1", __version__)
    title = QCoreApplication.translate("MainWindow", "About Triangles")
    box = QMessageBox(QMessageBox.Icon.Information, title, text, parent=parent)
    icon = app_icon()
    if not icon.isNull():
        box.setIconPixmap(icon.pixmap(64, 64))
    return box
