"""The main window's questions and warnings to the player: a yes/no question or one whose buttons
say what they do, and a warning that does not stop the game. Imported when first asked (a start
asks nothing). The texts keep the "MainWindow" translation context they were first translated
in."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMessageBox, QWidget


def ask(
    parent: QWidget, title: str, question: str, verbs: tuple[str, ...] | None = None
) -> bool | None:
    """Yes (True) or No (False). With `verbs` the buttons say what they do: (do, keep), where
    Esc keeps (False); or (yes, no, later), where Esc is "later" (None): the player decided
    nothing."""
    if verbs is None:
        yes, no = QMessageBox.StandardButton.Yes, QMessageBox.StandardButton.No
        return QMessageBox.question(parent, title, question, yes | no) == yes
    box = QMessageBox(QMessageBox.Icon.Question, title, question, parent=parent)
    accept = box.addButton(verbs[0], QMessageBox.ButtonRole.AcceptRole)
    if len(verbs) == 2:
        keep = box.addButton(verbs[1], QMessageBox.ButtonRole.RejectRole)  # and Esc
        box.setDefaultButton(keep)  # Enter does not lose a game
        box.exec()
        return box.clickedButton() is accept
    refuse = box.addButton(verbs[1], QMessageBox.ButtonRole.DestructiveRole)
    box.addButton(verbs[2], QMessageBox.ButtonRole.RejectRole)  # and Esc
    box.setDefaultButton(accept)
    box.exec()
    clicked = box.clickedButton()
    return True if clicked is accept else False if clicked is refuse else None


def warning(parent: QWidget, title: str, message: str, details: str = "") -> QMessageBox:
    """A non-blocking warning, opened: the game goes on behind it."""
    box = QMessageBox(
        QMessageBox.Icon.Warning, title, message, QMessageBox.StandardButton.Ok, parent
    )
    if details:  # the exact cause stays as Python said it, for whoever repairs the file
        box.setDetailedText(
            QCoreApplication.translate("MainWindow", "Technical details (in English):")
            + "\n"
            + details
        )
    box.open()
    return box
