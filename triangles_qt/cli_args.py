"""Argument types the command-line tools share (the arena, headless network play): whole numbers
and numbers within bounds, refused with a message that says which bounds."""

from __future__ import annotations

import argparse
from collections.abc import Callable


def bounded_int(low: int, high: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be from {low} to {high}, not {text}")
        return value

    return parse


def bounded_float(low: float, high: float, inclusive: bool = True) -> Callable[[str], float]:
    """A number from low to high (strictly between them unless `inclusive`); NaN and inf are
    refused like any other number out of range."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
        inside = low <= value <= high if inclusive else low < value < high
        if not inside:
            where = "from {} to {}" if inclusive else "strictly between {} and {}"
            raise argparse.ArgumentTypeError(
                f"must be {where.format(f'{low:g}', f'{high:g}')}, not {text}"
            )
        return value

    return parse
