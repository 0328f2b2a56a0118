"""Computer strategies as players see them: the built-in levels in the interface language,
third-party strategies under the name their plugin gives."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication


def builtin_level_name(strategy_id: str) -> str | None:
    """A built-in level's name in the interface language; None for any other id."""
    names = {
        "easy": QCoreApplication.translate("StrategyNames", "Easy"),
        "medium": QCoreApplication.translate("StrategyNames", "Medium"),
        "hard": QCoreApplication.translate("StrategyNames", "Hard"),
    }
    return names.get(strategy_id)


def strategy_display_name(strategy: Any) -> str:
    """The name to show for a strategy object (anything with `id` and `name`)."""
    strategy_id = str(getattr(strategy, "id", ""))
    return builtin_level_name(strategy_id) or str(getattr(strategy, "name", strategy_id))
