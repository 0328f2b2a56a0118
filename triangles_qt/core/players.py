"""Who plays a side, as a game record stores it (docs/rules.md section 8): a name, the kind of
player, and a computer player's strategy id. How a player is seated at the table (a person at
this computer, a computer player, later an engine process or a friend elsewhere) is the app's
business (`triangles_qt.table.seats`); the record only tells people from computers."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class PlayerKind(StrEnum):
    """The one list of player kinds; the values are the record format's words."""

    HUMAN = "human"
    COMPUTER = "computer"


@dataclass(frozen=True)
class PlayerInfo:
    """Who played one side: a name, a kind, and a computer's strategy id (None for a person)."""

    name: str
    kind: PlayerKind
    strategy: str | None = None
