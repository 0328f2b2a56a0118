"""The standalone bundle's entry point, built by tools/build_bundle.py: the game, and the
bundle's stand-in for `python -m` (see triangles_qt.frozen)."""

import sys

from triangles_qt.frozen import bundle_main

# The guard matters: the arena's spawned workers load this file again as __mp_main__.
if __name__ == "__main__":
    sys.exit(bundle_main())
