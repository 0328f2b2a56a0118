"""The table: one game, its seats and the turn flow between them (`table.py`), the app's game
session on top of it (`session.py`: files, the autosave, statistics, hints), the seats and their
capabilities (`seats.py`), the computer's stroke off the GUI thread (`strategy_turn.py`) and the
typed events all of it emits (`events.py`). QtCore at most, no widgets and no words: the app,
the headless network player, the arena and the engine adapter all play their games here."""
