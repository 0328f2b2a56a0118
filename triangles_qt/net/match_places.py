"""The host's handshake places for strangers ("Handshake places" in docs/network-protocol.md):
the connections that have not joined yet, oldest first, which of them hold one of the places
(and were greeted) and which wait for one, and the limits that decide who gives way. Pure
bookkeeping, no Qt and no clock: the state machine (match_state.py) decides, this counts.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from .protocol import PeerInfo

MAX_CANDIDATES = 8
"""Connections a host lets shake hands at once (each has the handshake's deadline); as many
more may wait for a place, silent ones giving way to newcomers."""
MAX_PER_ADDRESS = 2
"""Of those, from one address (an IPv6 address counts by its /64 network, which one machine
usually has to itself)."""
MAX_LINGERING = 64
"""At most this many refused connections wait to be freed at once; beyond, a refused
connection ends at once (a flood would otherwise hold a file descriptor per connection for
3 s each)."""


@dataclass(eq=False)
class Candidate:
    """A connection to a host that has not joined yet. `admitted`: it has one of the handshake
    places, and the host has greeted it; otherwise it waits for one (not greeted yet)."""

    conn: int
    address: str  # what the per-address limit counts it by
    admitted: bool
    label: str = ""  # how a log names it (ADDRESS:PORT)
    info: PeerInfo | None = None  # its version came: what its `id` lines said so far
    greeted: bool = False  # the host's first lines went out (a rejoin is greeted to be
    # challenged, with a place or not)
    # A rejoin asked for: the challenge sent, the strokes the joiner has, who it said it was.
    challenge: tuple[str, int, PeerInfo] | None = None

    @property
    def silent(self) -> bool:
        """It has not said its first line (the version)."""
        return self.info is None


class Places:
    """The candidates, oldest first, and the limits (tests on one machine raise the second)."""

    def __init__(self) -> None:
        self.candidates: dict[int, Candidate] = {}
        self.max_candidates = MAX_CANDIDATES
        self.max_per_address = MAX_PER_ADDRESS
        self._refused_at: deque[float] = deque()  # when refused connections began to linger

    def add(self, conn: int, address: str, admitted: bool, label: str = "") -> Candidate:
        candidate = Candidate(conn, address, admitted, label or address)
        self.candidates[conn] = candidate
        return candidate

    def remove(self, candidate: Candidate) -> None:
        if self.candidates.get(candidate.conn) is candidate:
            del self.candidates[candidate.conn]

    def holds(self, candidate: Candidate) -> bool:
        return self.candidates.get(candidate.conn) is candidate

    def get(self, conn: int) -> Candidate | None:
        return self.candidates.get(conn)

    def all(self) -> list[Candidate]:
        return list(self.candidates.values())

    def blocking(self, address: str, admitted: bool) -> list[Candidate] | None:
        """The candidates a newcomer from `address` would have to displace one of to have a
        place among the admitted (or the waiting) ones, oldest first; None when there is room."""
        group = [c for c in self.candidates.values() if c.admitted == admitted]
        same = [c for c in group if c.address == address]
        if len(same) >= self.max_per_address:
            return same
        if len(group) >= self.max_candidates:
            return group
        return None

    def first_waiting_that_spoke(self) -> Candidate | None:
        return next((c for c in self.candidates.values() if not c.admitted and not c.silent), None)

    def linger(self, now: float, freed_s: float) -> float:
        """How long a refused connection may linger before it is freed (time for its `error`
        line to leave): `freed_s`, or 0 in a flood (more than MAX_LINGERING at once)."""
        refused = self._refused_at
        while refused and now - refused[0] > freed_s:
            refused.popleft()
        if len(refused) < MAX_LINGERING:
            refused.append(now)
            return freed_s
        return 0.0
