"""`python -m triangles_qt`: the desktop app."""

import gc
import sys

# Importing Qt and numpy makes objects that live as long as the app and no garbage: no collector
# pass is spent on them (main() keeps the collector off until the board is first painted).
gc.disable()
from triangles_qt.app.application import main  # noqa: E402

gc.enable()
sys.exit(main())
