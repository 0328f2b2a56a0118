"""What a host that was killed keeps to take its game back (issue 47): `HostState`, the
set-up, the seat's token, who joined and every stroke of the host's list, as plain data to save
(`to_data`) and read back, checked (`from_data`). No Qt and no I/O: the caller writes it (a
private file) at each of the match's `HostStateChanged`, before the line that tells the joiner
leaves, and hands it back to `MatchMachine.host(..., resume=...)`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from triangles_qt.core.game import Game
from triangles_qt.wire import quote

from . import protocol
from .protocol import PeerInfo, ProtocolError, Setup

HOST_STATE_VERSION = 1


@dataclass(frozen=True)
class HostState:
    """What a host that was killed needs to take its game back: the set-up, the seat's token,
    who joined, the strokes (all of them: the host's list is the game) and who resigned."""

    setup: Setup
    token: str
    peer: PeerInfo
    strokes: tuple[tuple[int, int], ...]
    resigned: int | None = None

    @classmethod
    def of(
        cls, setup: Setup, token: str, peer: PeerInfo, game: Game, resigned: int | None = None
    ) -> HostState:
        """The state of a game kept otherwise (`game`: every stroke of the host's list, not only
        the confirmed ones: the joiner may have a stroke whose `ack` never came back)."""
        strokes = tuple((int(i), int(j)) for i, j in game.strokes)
        return cls(setup, token, peer, strokes, resigned)

    def to_data(self) -> dict[str, object]:
        """As plain data (JSON): the protocol's own lines for the set-up and the joiner."""
        return {
            "version": HOST_STATE_VERSION,
            "setup": protocol.setup_lines(self.setup, self.token),
            "peer": protocol.id_lines(self.peer),
            "strokes": [list(stroke) for stroke in self.strokes],
            "resigned": self.resigned,
        }

    @classmethod
    def from_data(cls, data: object) -> HostState:
        """Read back what `to_data` gave; ValueError (a ProtocolError too) when it is not one,
        or its strokes are not a legal game on its board."""
        if not isinstance(data, dict) or data.get("version") != HOST_STATE_VERSION:
            raise ValueError("not a saved host state of this version")
        lines, peer_lines = data.get("setup"), data.get("peer")
        strokes, resigned = data.get("strokes"), data.get("resigned")
        if not isinstance(lines, list) or len(lines) != 3 or not isinstance(peer_lines, list):
            raise ValueError("a saved host state without its set-up")
        if not all(isinstance(line, str) for line in [*lines, *peer_lines]):
            raise ValueError("a saved host state's lines are text")
        preset, seed = protocol.parse_board_line(protocol.parse(lines[0]))
        board, rules = protocol.parse_newgame(protocol.parse(lines[1]), preset, seed)
        seat, token = protocol.parse_seat_line(protocol.parse(lines[2]))
        if not token:
            raise ValueError("a saved host state without its token")
        peer = PeerInfo()
        for line in peer_lines:
            message = protocol.parse(line)
            if message.word != "id":
                raise ValueError(f"not an id line: {quote(line)}")
            peer = protocol.read_id(message, peer)
        if not peer.name:
            raise ValueError("a saved host state without the joiner's name")
        if not isinstance(strokes, list):
            raise ValueError("a saved host state without its strokes")
        pairs: list[tuple[int, int]] = []
        for stroke in strokes:
            if (
                not isinstance(stroke, list)
                or len(stroke) != 2
                or not all(type(v) is int for v in stroke)
            ):
                raise ValueError("a stroke is two star numbers")
            pairs.append((stroke[0], stroke[1]))
        if resigned not in (None, 0, 1):
            raise ValueError("resigned is a seat or null")
        assert resigned is None or isinstance(resigned, int)
        state = cls(Setup(board, rules, seat), token, peer, tuple(pairs), resigned)
        state.game()  # the strokes are checked
        return state

    def game(self) -> Game:
        """The game these strokes make (ProtocolError when the rules refuse one)."""
        game = Game(self.setup.board, self.setup.rules)
        play_all(game, list(self.strokes), 0)
        return game


def play_all(game: Game, strokes: Sequence[tuple[int, int]], first: int) -> None:
    """Play `strokes` on `game`, the first as stroke `first`, each checked by the rules."""
    for k, (i, j) in enumerate(strokes, start=first):
        try:
            reason = game.check(i, j)
        except ValueError as exc:
            raise ProtocolError(protocol.MALFORMED, f"stroke {k}: {exc}") from None
        if game.is_over:
            raise ProtocolError(protocol.ILLEGAL, f"stroke {k} comes after the game's end")
        if reason is not None:
            raise ProtocolError(protocol.ILLEGAL, f"stroke {k} ({i}-{j}) {reason.value}")
        game.play(i, j)
