"""Players' names as the game shows them: the defaults ("You", "Player 1", "Player 2",
"Computer (Hard)") in the language in use, and those defaults recognised in a game saved in any
shipped language, so that they follow the language as a new game's do.

The texts keep the "MainWindow" translation context they were first translated in.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication

from triangles_qt.core.players import PlayerInfo, PlayerKind

from .i18n import in_every_language
from .strategy_names import builtin_level_name, strategy_display_name


def computer_name(strategy: Any) -> str:
    """ "Computer (<the strategy's name>)" in the language in use."""
    return computer_label(strategy_display_name(strategy))


def computer_label(name: str) -> str:
    """ "Computer (<name>)" in the language in use."""
    return QCoreApplication.translate("MainWindow", "Computer (%1)").replace("%1", name)


def default_human_names() -> dict[str, Callable[[], str]]:
    """A human player's default names by their English text, each giving the name in the
    language in use."""
    return {
        "You": lambda: QCoreApplication.translate("MainWindow", "You"),
        "Player 1": lambda: QCoreApplication.translate("MainWindow", "Player 1"),
        "Player 2": lambda: QCoreApplication.translate("MainWindow", "Player 2"),
    }


def loaded_name(player: PlayerInfo, strategy_for: Callable[[str | None], Any]) -> Callable[[], str]:
    """A loaded player's name: its own, unless it is a default name in any shipped language;
    then the default of the language in use. `strategy_for` finds a computer's strategy."""
    if player.kind == PlayerKind.COMPUTER:
        for pattern in in_every_language("MainWindow", "Computer (%1)"):
            before, _, after = pattern.partition("%1")
            if player.name.startswith(before) and player.name.endswith(after):
                strategy = strategy_for(player.strategy)
                return lambda: computer_name(strategy)
    else:
        for source, default in default_human_names().items():
            if player.name in in_every_language("MainWindow", source):
                return default
    return lambda: player.name


class ShownSeatNames:
    """The table's `SeatNames` as the app shows them: in the language in use, following it."""

    def person(self, typed: str, default: str) -> Callable[[], str]:
        return (lambda: typed) if typed else default_human_names()[default]

    def computer(self, strategy: Any) -> Callable[[], str]:
        return lambda: computer_name(strategy)

    def loaded(
        self, player: PlayerInfo, strategy_for: Callable[[str | None], Any]
    ) -> Callable[[], str]:
        return loaded_name(player, strategy_for)

    def stand_in(self) -> Callable[[], str]:
        return lambda: computer_label(QCoreApplication.translate("MainWindow", "simple player"))


class ShownNames:
    """Names kept as text in an earlier language (the history's opponents: "Computer (Leicht)",
    "Jugador 1 – Ana") shown in the language in use: a built-in level by its id, the default
    names recognised in any shipped language. The catalogues are read once, when made."""

    def __init__(self) -> None:
        self._computer = [
            pattern.partition("%1")[::2]
            for pattern in in_every_language("MainWindow", "Computer (%1)")
        ]
        self._levels = {
            text: level
            for level, source in (("easy", "Easy"), ("medium", "Medium"), ("hard", "Hard"))
            for text in in_every_language("StrategyNames", source)
        }
        self._defaults = {
            text: default
            for source, default in default_human_names().items()
            for text in in_every_language("MainWindow", source)
        }

    def opponent(self, text: str, strategy_id: str | None = None) -> str:
        """A history's opponent: one name, or two people's joined by " – "."""
        level = builtin_level_name(strategy_id) if strategy_id else None
        if level is not None:
            return computer_label(level)
        return " – ".join(self.name(part) for part in text.split(" – "))

    def name(self, text: str) -> str:
        default = self._defaults.get(text)
        if default is not None:
            return default()
        for before, after in self._computer:
            if text.startswith(before) and text.endswith(after) and len(text) > len(before + after):
                inner = text[len(before) : len(text) - len(after)]
                level = self._levels.get(inner)
                return computer_label((builtin_level_name(level) if level else None) or inner)
        return text
