"""What the network match's state machine (match_state.py) says: where a match stands
(`Role`, `State`), the effects it asks its transport to carry out on a connection or on the
listener, and the typed events a player hears of. Small frozen records, no Qt and no I/O: a
transport (match.py's `NetMatch`, a test's pretend network) turns each into what it does.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from triangles_qt.core.game import Move


class Role(StrEnum):
    HOST = "host"
    JOIN = "join"


class State(StrEnum):
    """Where the match stands (the score card shows it)."""

    LISTENING = "listening"  # the host waits for someone to join
    CONNECTING = "connecting"  # the joiner connects and is handed the game
    PLAYING = "playing"
    RECONNECTING = "reconnecting"  # the connection was lost: waiting for the joiner to be back
    OVER = "over"  # the game ended (or someone resigned); a rematch may follow
    CLOSED = "closed"  # for good: `Ended` told why


# -- effects on connections and on the listener ---------------------------------------------------


@dataclass(frozen=True, slots=True)
class Send:
    conn: int
    line: str


@dataclass(frozen=True, slots=True)
class Refuse:
    """Send `error CODE TEXT` on the connection and close it."""

    conn: int
    code: str
    text: str


@dataclass(frozen=True, slots=True)
class Close:
    """Close the connection (`bye`: say `bye` first)."""

    conn: int
    text: str
    bye: bool


@dataclass(frozen=True, slots=True)
class Release:
    """Free the connection `after_s` from now (0: its socket ends at once)."""

    conn: int
    after_s: float


@dataclass(frozen=True, slots=True)
class SetDeadline:
    """Close the connection with `error timeout TEXT` unless the deadline is cleared within
    `seconds`; `seconds` None clears it."""

    conn: int
    seconds: float | None
    text: str = ""


@dataclass(frozen=True, slots=True)
class ExpectFirstLine:
    """Close with `error timeout TEXT` unless a whole line comes within `seconds`."""

    conn: int
    seconds: float
    text: str


@dataclass(frozen=True, slots=True)
class Keepalive:
    """Ping when quiet, and give up on a peer silent too long (the handshake is through, or a
    person decides)."""

    conn: int


@dataclass(frozen=True, slots=True)
class GameLines:
    """The game is set up: lines are at most the game's length from now on, no deadline, and
    keep-alive."""

    conn: int


@dataclass(frozen=True, slots=True)
class SetupLines:
    """A set-up's long lines may come again (a rematch's board)."""

    conn: int


@dataclass(frozen=True, slots=True)
class Paced:
    """The line just received moved the game on: it does not count towards the rate."""

    conn: int


@dataclass(frozen=True, slots=True)
class Connect:
    """Dial the host (the transport knows where) on a new connection named `conn`."""

    conn: int


@dataclass(frozen=True, slots=True)
class StopListening:
    pass


@dataclass(frozen=True, slots=True)
class ResumeAccepting:
    pass


# -- events: what the player hears of ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StateChanged:
    state: State


@dataclass(frozen=True, slots=True)
class Started:
    """A game is set up (the first one, or a rematch): `game` is new."""


@dataclass(frozen=True, slots=True)
class Resumed:
    """The joiner came back; the strokes from this index on were resent."""

    first: int


@dataclass(frozen=True, slots=True)
class StrokeReceived:
    move: Move


@dataclass(frozen=True, slots=True)
class Confirmed:
    count: int


@dataclass(frozen=True, slots=True)
class GameOver:
    pass


@dataclass(frozen=True, slots=True)
class Problem:
    text: str


@dataclass(frozen=True, slots=True)
class ChatReceived:
    text: str


@dataclass(frozen=True, slots=True)
class UndoOffered:
    keep: int


@dataclass(frozen=True, slots=True)
class UndoAnswered:
    accepted: bool
    keep: int


@dataclass(frozen=True, slots=True)
class TakenBack:
    keep: int


@dataclass(frozen=True, slots=True)
class Resigned:
    seat: int


@dataclass(frozen=True, slots=True)
class RematchOffered:
    pass


@dataclass(frozen=True, slots=True)
class RematchDeclined:
    pass


@dataclass(frozen=True, slots=True)
class Ended:
    reason: str


@dataclass(frozen=True, slots=True)
class Retrying:
    delay: float
    why: str


@dataclass(frozen=True, slots=True)
class JoinRequested:
    name: str


@dataclass(frozen=True, slots=True)
class WaitingForHost:
    pass


@dataclass(frozen=True, slots=True)
class HostStateChanged:
    """The host: what it must keep to take its game back changed (`host_state()`); save it
    now, before the effects that follow (an `ack`, a stroke) leave."""


Effect = (
    Send
    | Refuse
    | Close
    | Release
    | SetDeadline
    | ExpectFirstLine
    | Keepalive
    | GameLines
    | SetupLines
    | Paced
    | Connect
    | StopListening
    | ResumeAccepting
    | StateChanged
    | Started
    | Resumed
    | StrokeReceived
    | Confirmed
    | GameOver
    | Problem
    | ChatReceived
    | UndoOffered
    | UndoAnswered
    | TakenBack
    | Resigned
    | RematchOffered
    | RematchDeclined
    | Ended
    | Retrying
    | JoinRequested
    | WaitingForHost
    | HostStateChanged
)
