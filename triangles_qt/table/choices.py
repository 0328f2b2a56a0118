"""What a new game is made of, as the player chose it in the New game window (and as the
settings remember it): the board, the opponent, who starts, the rule variant and the names."""

from __future__ import annotations

from dataclasses import dataclass

from triangles_qt.core.players import PlayerKind
from triangles_qt.defaults import DEFAULT_LEVEL, DEFAULT_PRESET


@dataclass(frozen=True)
class NewGameChoices:
    """What the player last chose in the New game window. Empty player names mean "use the
    translated default" ("Player 1", "Player 2")."""

    preset: str = DEFAULT_PRESET
    opponent: PlayerKind = PlayerKind.COMPUTER
    strategy_id: str = DEFAULT_LEVEL
    human_starts: bool = True
    replay_after_triangle: bool = False
    player_names: tuple[str, str] = ("", "")
