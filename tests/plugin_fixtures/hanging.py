"""A strategy that never answers: the host must not wait for it, nor for its thread at exit."""

import time

from triangles_qt import hookimpl


class Hang:
    id = "hang"
    name = "Hang"

    def choose_stroke(self, position, budget_s):
        while True:
            time.sleep(60)


@hookimpl
def triangles_strategies():
    return [Hang()]
