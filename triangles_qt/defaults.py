"""The game's defaults and limits in one place: the board and computer level a first game uses,
the level that plays for a computer player whose plugin is gone, which levels give hints, the
time a computer player gets per stroke, and how long names may be. No Qt here (the translated
default names live in `triangles_qt.app.player_names`)."""

from __future__ import annotations

DEFAULT_PRESET = "phone-60"

BUILTIN_LEVELS = ("easy", "medium", "hard")
"""The built-in computer players' strategy ids, weakest first."""

DEFAULT_LEVEL = "easy"
"""The computer level of a first game, before the player has chosen one."""

FALLBACK_LEVEL = "medium"
"""Plays for a computer player whose strategy is not installed (the first strategy offered does
when this one is not installed either)."""

HINT_LEVELS = ("hard", "medium")
"""Hint asks the first of these that is installed."""

MOVE_BUDGET_S = 1.0
"""The seconds a computer player may think about one stroke."""

MAX_PLAYER_NAME_LENGTH = 40
"""A name the player types in the New game window."""

MAX_PLUGIN_TEXT_LENGTH = 80
"""A plugin's strategy id or name, or a theme's name."""

MAX_RECORDED_NAME_LENGTH = 200
"""A player's name or strategy id in a game record: room for "Computer (<a plugin's name>)" in
any language."""
