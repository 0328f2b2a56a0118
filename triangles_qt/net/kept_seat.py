"""What one side of a network game keeps on disk to take its seat back after it was killed: the
seat's token, the seat, the strokes (a joiner's: those both sides confirmed; a host's: every
stroke of its list, which is the game), as a game record so that loading it checks every one,
the two players, where the game was (the host's address for a joiner, the
port a host listened on) and the game code, if it was joined by one.

The file is private to its owner (the token in it takes the seat back) and written atomically;
the headless player keeps one per game (`--resume-file`), the app one per online game in its
data folder. A file that cannot be used raises `KeptSeatError` with one sentence; nothing here
touches the network.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from triangles_qt.core.atomic_file import write_atomically
from triangles_qt.core.game import Game
from triangles_qt.core.players import PlayerInfo
from triangles_qt.core.record import game_to_record, parse_record
from triangles_qt.core.safe_read import read_regular_file

from . import protocol
from .match_resume import HostState
from .protocol import PeerInfo, Setup

if TYPE_CHECKING:
    from .match import NetMatch

FORMAT = "triangles-net-resume"
VERSION = 1
MAX_BYTES = 1 << 20
ROLES = ("host", "join")


class KeptSeatError(ValueError):
    """A kept seat's file that cannot be used; one sentence."""


@dataclass(frozen=True)
class KeptSeat:
    """A seat at a network game, as kept on disk (see the module's docstring)."""

    role: str  # "host" or "join"
    token: str
    seat: int  # this side's seat (0: Player 1)
    game: Game  # a joiner's confirmed strokes; a host's every stroke
    players: tuple[PlayerInfo, PlayerInfo]
    address: tuple[str, int] | None = None  # joiner: the host's (or relay's); host: its own
    code: str = ""  # the game code it was joined or hosted by, if any

    @property
    def peer(self) -> PeerInfo:
        """The other side as it told about itself (its app is not kept)."""
        player = self.players[1 - self.seat]
        return PeerInfo(player.name, "", player.kind, player.strategy)

    @property
    def setup(self) -> Setup:
        joiner = self.seat if self.role == "join" else 1 - self.seat
        return Setup(self.game.board, self.game.rules, joiner)

    def host_state(self) -> HostState:
        """What the host's match takes back (NetMatch.host's `resume`)."""
        return HostState.of(self.setup, self.token, self.peer, self.game)

    @property
    def tag(self) -> str:
        """A short name for the game, the same on both sides, that does not give the token."""
        return hashlib.sha256(self.token.encode()).hexdigest()[:8]


def players_of(match: NetMatch) -> tuple[PlayerInfo, PlayerInfo]:
    """The two players as both sides' records store them (Player 1 first)."""
    assert match.peer is not None
    players = [match.local.player(), match.local.player()]
    players[match.peer_seat] = match.peer.player()
    return players[0], players[1]


def kept_seat_of(match: NetMatch) -> KeptSeat:
    """What `match`'s side must keep to take its seat back: a joiner the strokes both sides
    confirmed, a host every stroke of its list (the joiner counts a host's stroke as confirmed
    once it has it, and a host that came back with fewer could not let it in). Keep it at each
    `confirmed` (a joiner) or `host_state_changed` (a host, before the line that confirms)."""
    assert match.game is not None
    if match.role.value == "join":
        address: tuple[str, int] | None = match.target
        game = confirmed_game(match.game, match.confirmed_count)
    else:
        address = match.address()
        game = match.game.copy()
    return KeptSeat(
        match.role.value,
        match.token,
        match.local_seat,
        game,
        players_of(match),
        address,
        "" if match.invite is None else str(match.invite),
    )


def confirmed_game(game: Game, confirmed: int) -> Game:
    """A copy of `game` with only its first `confirmed` strokes."""
    kept = game.copy()
    while len(kept.moves) > confirmed:
        kept.undo()
    return kept


def write_kept_seat(path: Path, kept: KeptSeat) -> None:
    """Keep `kept` in `path`, readable by its owner only, atomically."""
    state: dict[str, object] = {
        "format": FORMAT,
        "version": VERSION,
        "role": kept.role,
        "token": kept.token,
        "seat": kept.seat,
        "record": game_to_record(kept.game, kept.players),
    }
    if kept.address is not None:
        state["address"] = [kept.address[0], kept.address[1]]
    if kept.code:
        state["code"] = kept.code
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(path, (json.dumps(state) + "\n").encode("utf-8"), private=True)


def read_kept_seat(path: Path) -> KeptSeat | None:
    """The seat kept in `path`; None when there is no such file. KeptSeatError when it cannot
    be used. A file without `role` is a joiner's (as the first ones were written)."""
    if not path.exists():
        return None
    try:
        data = json.loads(read_regular_file(path, MAX_BYTES))
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise KeptSeatError(f"{path} is not a rejoin state file")
        if data.get("version") != VERSION:
            raise KeptSeatError(f"{path} was written by another version")
        token, seat, role = data.get("token"), data.get("seat"), data.get("role", "join")
        if not isinstance(token, str) or seat not in (0, 1) or role not in ROLES:
            raise KeptSeatError(f"{path} has no valid token, seat and role")
        protocol.check_token_word(token)
        loaded = parse_record(json.dumps(data.get("record")))
        address = data.get("address")
        if address is not None:
            if not (
                isinstance(address, list)
                and len(address) == 2
                and isinstance(address[0], str)
                and isinstance(address[1], int)
                and not isinstance(address[1], bool)
                and 0 <= address[1] <= 65535
            ):
                raise KeptSeatError(f"{path} has no valid address")
            address = (address[0], address[1])
        code = data.get("code", "")
        if not isinstance(code, str):
            raise KeptSeatError(f"{path} has no valid game code")
    except (OSError, ValueError) as exc:  # RecordError, ProtocolError, JSON errors
        if isinstance(exc, KeptSeatError):
            raise
        raise KeptSeatError(f"{path} cannot be used to rejoin: {exc}") from None
    return KeptSeat(role, token, int(seat), loaded.game, loaded.players, address, code)


def forget(path: Path) -> None:
    """The game is over or was given up: its kept seat goes."""
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
