"""`python -m triangles_qt`: the desktop app."""

import sys

from triangles_qt.app.application import main

sys.exit(main())
