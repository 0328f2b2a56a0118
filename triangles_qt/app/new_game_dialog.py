"""The New game window: board size (phone and tablet presets), opponent (a friend on the same
machine, or the computer with any strategy the plugins offer), who starts, and the
"Play again after a triangle" option. It returns a NewGameChoices; it starts nothing itself.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QRadioButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from triangles_qt.core.board import PRESETS
from triangles_qt.core.players import PlayerKind
from triangles_qt.defaults import (
    BUILTIN_LEVELS,
    DEFAULT_LEVEL,
    DEFAULT_PRESET,
    FALLBACK_LEVEL,
    MAX_PLAYER_NAME_LENGTH,
)

from .plurals import plural
from .settings import NewGameChoices
from .strategy_names import strategy_display_name
from .user_engines import ADDED_BY_PLAYER

FAMILIES = ("phone", "tablet")


class NewGameDialog(QDialog):
    """Choose the next game. `choices()` reads what is selected; `set_choices()` pre-selects."""

    def __init__(self, registry: Any = None, choices: NewGameChoices | None = None, parent=None):
        super().__init__(parent)
        self.setObjectName("newGameDialog")
        self._strategies = [] if registry is None else list(registry.strategies())
        # Engines the player added in Settings > Engines are named as engines, not plugins.
        self._added = {
            str(strategy.id)
            for strategy in self._strategies
            if registry is not None and registry.plugin_of(strategy.id) == ADDED_BY_PLAYER
        }

        # Board size: one radio button per preset, grouped by family.
        self.preset_buttons: dict[str, QRadioButton] = {}
        self._preset_group = QButtonGroup(self)
        self._family_boxes: dict[str, QGroupBox] = {}
        boards = QHBoxLayout()
        for family in FAMILIES:
            box = QGroupBox()
            column = QVBoxLayout(box)
            for preset in PRESETS.values():
                if preset.family != family:
                    continue
                button = QRadioButton()
                button.setObjectName(f"preset-{preset.name}")
                self.preset_buttons[preset.name] = button
                self._preset_group.addButton(button)
                column.addWidget(button)
            column.addStretch(1)
            self._family_boxes[family] = box
            boards.addWidget(box)

        # Opponent.
        self.computer_radio = QRadioButton()
        self.human_radio = QRadioButton()
        self._opponent_group = QButtonGroup(self)
        self._opponent_group.addButton(self.computer_radio)
        self._opponent_group.addButton(self.human_radio)
        self.pages = QStackedWidget()

        computer_page = QWidget()
        computer_form = QFormLayout(computer_page)
        self.strategy_combo = QComboBox()
        self.strategy_combo.setObjectName("strategyCombo")
        # A plugin's long name must not stretch the window; the open list shows it whole.
        self.strategy_combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.strategy_combo.setMinimumContentsLength(24)
        for strategy in self._strategies:
            self.strategy_combo.addItem(strategy_display_name(strategy), strategy.id)
        self.you_start_radio = QRadioButton()
        self.computer_starts_radio = QRadioButton()
        starts = QHBoxLayout()
        starts.addWidget(self.you_start_radio)
        starts.addWidget(self.computer_starts_radio)
        starts.addStretch(1)
        self._strategy_label = QLabel()
        self._starts_label = QLabel()
        # Alt + the underlined letter reaches each field from the keyboard.
        self._strategy_label.setBuddy(self.strategy_combo)
        # A button as buddy is also clicked: the checked one, so Alt+W never changes the choice.
        self.you_start_radio.toggled.connect(self._follow_who_starts)
        computer_form.addRow(self._strategy_label, self.strategy_combo)
        # One line on how the chosen level plays, so that a first game can be chosen knowingly.
        self.level_description = QLabel()
        self.level_description.setObjectName("levelDescription")
        self.level_description.setWordWrap(True)
        self.strategy_combo.currentIndexChanged.connect(lambda _: self._describe_level())
        computer_form.addRow("", self.level_description)
        computer_form.addRow(self._starts_label, starts)

        human_page = QWidget()
        human_form = QFormLayout(human_page)
        self.name_edits = (QLineEdit(), QLineEdit())
        self._name_labels = (QLabel(), QLabel())
        for label, edit in zip(self._name_labels, self.name_edits, strict=True):
            edit.setMaxLength(MAX_PLAYER_NAME_LENGTH)
            label.setBuddy(edit)
            human_form.addRow(label, edit)

        self.pages.addWidget(computer_page)
        self.pages.addWidget(human_page)
        self._opponent_box = QGroupBox()
        opponent_layout = QGridLayout(self._opponent_box)
        opponent_layout.addWidget(self.computer_radio, 0, 0)
        opponent_layout.addWidget(self.human_radio, 0, 1)
        opponent_layout.addWidget(self.pages, 1, 0, 1, 2)
        self.computer_radio.toggled.connect(self._show_opponent_page)

        self.replay_check = QCheckBox()
        # Start is our own button, not a renamed Ok: the box would rename a standard button
        # back to Qt's own text when the language changes.
        self.buttons = QDialogButtonBox()
        self.start_button = self.buttons.addButton("", QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        self._board_label = QLabel()
        layout.addWidget(self._board_label)
        layout.addLayout(boards)
        layout.addWidget(self._opponent_box)
        layout.addWidget(self.replay_check)
        layout.addWidget(self.buttons)

        self.retranslate_ui()
        self.set_choices(choices or NewGameChoices())

    # -- values -------------------------------------------------------------------------------

    def set_choices(self, choices: NewGameChoices) -> None:
        button = self.preset_buttons.get(choices.preset) or self.preset_buttons[DEFAULT_PRESET]
        button.setChecked(True)
        button.setFocus()  # the window opens on the board size chosen, not on the first one
        computer = choices.opponent == PlayerKind.COMPUTER and self.strategy_combo.count() > 0
        (self.computer_radio if computer else self.human_radio).setChecked(True)
        self._show_opponent_page()
        index = self.strategy_combo.findData(choices.strategy_id)
        if index < 0:
            index = self.strategy_combo.findData(FALLBACK_LEVEL)
        self.strategy_combo.setCurrentIndex(max(0, index))
        (self.you_start_radio if choices.human_starts else self.computer_starts_radio).setChecked(
            True
        )
        self._follow_who_starts()
        for edit, name in zip(self.name_edits, choices.player_names, strict=True):
            edit.setText(name)
        self.replay_check.setChecked(choices.replay_after_triangle)
        self.computer_radio.setEnabled(self.strategy_combo.count() > 0)

    def choices(self) -> NewGameChoices:
        preset = next(
            (name for name, button in self.preset_buttons.items() if button.isChecked()),
            DEFAULT_PRESET,
        )
        return NewGameChoices(
            preset=preset,
            opponent=PlayerKind.COMPUTER if self.computer_radio.isChecked() else PlayerKind.HUMAN,
            strategy_id=str(self.strategy_combo.currentData() or DEFAULT_LEVEL),
            human_starts=self.you_start_radio.isChecked(),
            replay_after_triangle=self.replay_check.isChecked(),
            player_names=(self._typed_name(0), self._typed_name(1)),
        )

    # -- text -----------------------------------------------------------------------------------

    def retranslate_ui(self) -> None:
        self.setWindowTitle(self.tr("New game"))
        self._board_label.setText(self.tr("Board (star cloud)"))
        self._family_boxes["phone"].setTitle(self.tr("Phone"))
        self._family_boxes["tablet"].setTitle(self.tr("Tablet"))
        for name, button in self.preset_buttons.items():
            stars = PRESETS[name].stars
            button.setText(plural(self.tr("%n star(s)", "", stars), stars))
        self._opponent_box.setTitle(self.tr("Opponent"))
        self.computer_radio.setText(self.tr("The &computer"))
        self.human_radio.setText(self.tr("A &friend on this computer"))
        self._strategy_label.setText(self.tr("&Strength:"))
        self._starts_label.setText(self.tr("&Who starts:"))
        self.you_start_radio.setText(self.tr("You"))
        self.computer_starts_radio.setText(self.tr("The computer"))
        for index, strategy in enumerate(self._strategies):
            name = strategy_display_name(strategy)
            if strategy.id in self._added:
                name = self.tr("%1 (engine)").replace("%1", name)
            elif strategy.id not in BUILTIN_LEVELS:
                name = self.tr("%1 (plugin)").replace("%1", name)
            self.strategy_combo.setItemText(index, name)
        self._describe_level()
        for k, (label, edit) in enumerate(
            zip(self._name_labels, self.name_edits, strict=True), start=1
        ):
            label.setText(self.tr("Player &%1:").replace("%1", str(k)))
            edit.setPlaceholderText(self.tr("Player %1").replace("%1", str(k)))
        self.replay_check.setText(self.tr("&Play again after a triangle"))
        self.replay_check.setToolTip(
            self.tr("A player whose stroke closes a triangle draws another stroke at once.")
        )
        self.start_button.setText(self.tr("Start"))

    def _describe_level(self) -> None:
        descriptions = {
            "easy": self.tr("Takes a triangle when it sees one; otherwise draws anywhere."),
            "medium": self.tr("Takes the best triangle; otherwise avoids handing you one."),
            "hard": self.tr(
                "Looks ahead, plays the endgame exactly and fights for the last stroke."
            ),
        }
        text = descriptions.get(str(self.strategy_combo.currentData()), "")
        self.level_description.setText(text)
        self.level_description.setVisible(bool(text))

    def _typed_name(self, k: int) -> str:
        return " ".join(self.name_edits[k].text().split())

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def _follow_who_starts(self) -> None:
        checked = self.you_start_radio.isChecked()
        self._starts_label.setBuddy(self.you_start_radio if checked else self.computer_starts_radio)

    def _show_opponent_page(self) -> None:
        self.pages.setCurrentIndex(0 if self.computer_radio.isChecked() else 1)
