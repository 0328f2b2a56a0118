"""Computer strategies as players see them: the built-in levels in the interface language,
third-party strategies under the name their plugin gives."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication


def strategy_display_name(strategy: Any) -> str:
    """The name to show for a strategy object (anything with `id` and `name`)."""
    builtin = {
        "easy": QCoreApplication.translate("StrategyNames", "Easy"),
        "medium": QCoreApplication.translate("StrategyNames", "Medium"),
        "hard": QCoreApplication.translate("StrategyNames", "Hard"),
    }
    strategy_id = str(getattr(strategy, "id", ""))
    return builtin.get(strategy_id) or str(getattr(strategy, "name", strategy_id))
