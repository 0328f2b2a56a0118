"""The rule options a game is played under (docs/rules.md section 4): one value, chosen in the New
game window, fixed for the whole game and stored in its record."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rules:
    """`replay_after_triangle`: a player whose stroke closes a counting triangle draws again at
    once (off by default: one stroke per turn, whatever it closed)."""

    replay_after_triangle: bool = False
