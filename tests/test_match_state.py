"""The network match's state machine (net/match_state.py) with no sockets and no clock: two
machines, a host and a joiner (and hand-driven strangers), play against each other through a
pretend network that carries their lines in order, and the test moves the time itself. The
handshake, a whole game, refusals, undo, rematch, chat, a drop and the rejoin by challenge and
proof, a stolen token, `busy` and the joiner's backoff, the grace period, the handshake places,
and a killed host that takes its game back from what it saved."""

from __future__ import annotations

import json
from collections import deque
from dataclasses import dataclass, field, replace

import pytest

from triangles_qt.core.board import Board
from triangles_qt.core.players import PlayerKind
from triangles_qt.core.rules import Rules
from triangles_qt.net import match_effects as ms
from triangles_qt.net import protocol
from triangles_qt.net.match_effects import State
from triangles_qt.net.match_resume import HostState
from triangles_qt.net.match_state import MatchMachine
from triangles_qt.net.protocol import Closing, Limits, PeerInfo, Setup
from triangles_qt.net.secure import WRONG_CODE

ANA = PeerInfo("Ana", "test", PlayerKind.HUMAN)
BOT = PeerInfo("Bot", "test", PlayerKind.COMPUTER, "medium")
LIMITS = Limits()  # the real ones: the clock is the test's
LOST = Closing(True, None, "the connection was closed")


@dataclass
class Raw:
    """A hand-driven peer: what it was sent, and whether its connection is closed."""

    lines: list[str] = field(default_factory=list)
    closed: bool = False

    @property
    def greeted(self) -> bool:
        return any(line.startswith("triangles-net ") for line in self.lines)

    def error(self) -> str:
        return next(line for line in reversed(self.lines) if line.startswith("error "))


class Net:
    """Machines (and raw peers) by name, the connections between them, and the time. Lines
    travel in order, one at a time; every machine's effects are carried out as a transport
    would, and its events are kept (`events`)."""

    def __init__(self) -> None:
        self.now = 0.0
        self.sides: dict[str, MatchMachine | Raw] = {}
        self.events: dict[str, list[ms.Effect]] = {}
        self.links: dict[tuple[str, int], tuple[str, int]] = {}
        self.listening: set[str] = set()
        self.addresses: dict[str, str] = {}
        self.dials: dict[str, str] = {}  # whom each joiner dials
        self.queue: deque[tuple[str, int, str | Closing]] = deque()
        self._ids = 0
        self.last_accepted = 0  # the host's name for the last connection it accepted

    # -- making sides ------------------------------------------------------------------------

    def host(
        self, name: str = "host", machine: MatchMachine | None = None, **kwargs
    ) -> MatchMachine:
        if machine is None:
            board = kwargs.pop("board", None) or Board.generate("phone-24", 3)
            setup = Setup(board, Rules(kwargs.pop("replay", False)), kwargs.pop("joiner_seat", 1))
            machine = MatchMachine.host(setup, ANA, kwargs.pop("limits", LIMITS), **kwargs)
        self.sides[name] = machine
        self.events[name] = []
        self.listening.add(name)
        return machine

    def join(self, name: str = "join", to: str = "host", local=BOT, resume=None, limits=LIMITS):
        machine = MatchMachine.join(local, resume, limits, "host:28024")
        self.sides[name] = machine
        self.events[name] = []
        self.addresses[name] = "10.0.0.2"
        self.dials[name] = to
        self.apply(name, machine.start(self.now))
        self.run()
        return machine

    def raw(self, name: str, to: str = "host", address: str = "10.0.0.9") -> Raw:
        """A stranger connects to `to` (and says nothing yet)."""
        peer = Raw()
        self.sides[name] = peer
        self.events[name] = []
        self._dial(name, 1, to, address)
        self.run()
        return peer

    def kill(self, name: str) -> None:
        """The side's program is gone: its connections end, it listens no more."""
        for (side, conn), (other, other_conn) in list(self.links.items()):
            if side == name:
                del self.links[(side, conn)]
                self.links.pop((other, other_conn), None)
                self.queue.append((other, other_conn, LOST))
        self.listening.discard(name)
        del self.sides[name]
        self.run()

    # -- what happens --------------------------------------------------------------------------

    def say(self, name: str, line: str, conn: int = 1) -> None:
        """A raw peer sends a line."""
        self._deliver(name, conn, line)
        self.run()

    def drop(self, name: str) -> None:
        """Every connection of `name` is lost (both ends hear of it)."""
        for (side, conn), (other, other_conn) in list(self.links.items()):
            if side == name:
                del self.links[(side, conn)]
                self.links.pop((other, other_conn), None)
                self.queue.append((side, conn, LOST))
                self.queue.append((other, other_conn, LOST))
        self.run()

    def advance(self, seconds: float) -> None:
        """Time passes: each machine is ticked at each of its deadlines on the way."""
        end = self.now + seconds
        while True:
            due = [
                (deadline, name)
                for name, side in self.sides.items()
                if isinstance(side, MatchMachine)
                and (deadline := side.deadline()) is not None
                and deadline <= end
            ]
            if not due:
                break
            deadline, name = min(due)
            self.now = max(self.now, deadline)
            machine = self.sides[name]
            assert isinstance(machine, MatchMachine)
            self.apply(name, machine.tick(self.now))
            self.run()
        self.now = end

    def act(self, name: str, effects: list[ms.Effect]) -> None:
        self.apply(name, effects)
        self.run()

    def run(self) -> None:
        while self.queue:
            name, conn, what = self.queue.popleft()
            side = self.sides.get(name)
            if side is None:
                continue
            if isinstance(side, Raw):
                if isinstance(what, Closing):
                    side.closed = True
                else:
                    side.lines.append(what)
            elif isinstance(what, Closing):
                self.apply(name, side.closed(conn, what, self.now))
            else:
                self.apply(name, side.line(conn, what, self.now))

    # -- a transport ---------------------------------------------------------------------------

    def _deliver(self, name: str, conn: int, line: str) -> None:
        target = self.links.get((name, conn))
        if target is not None:
            self.queue.append((*target, line))

    def _cut(self, name: str, conn: int) -> None:
        target = self.links.pop((name, conn), None)
        if target is not None:
            self.links.pop(target, None)
            self.queue.append((*target, LOST))

    def _dial(self, name: str, conn: int, to: str, address: str) -> None:
        host = self.sides.get(to)
        if to not in self.listening or not isinstance(host, MatchMachine):
            self.queue.append((name, conn, Closing(True, None, "Connection refused")))
            return
        self._ids += 1
        self.last_accepted = self._ids
        self.links[(name, conn)] = (to, self._ids)
        self.links[(to, self._ids)] = (name, conn)
        self.apply(to, host.accepted(self._ids, address, self.now, f"{address}:5000"))
        side = self.sides[name]
        if isinstance(side, MatchMachine):
            self.apply(name, side.opened(conn, self.now, "host:28024"))

    def apply(self, name: str, effects: list[ms.Effect]) -> None:
        for effect in effects:
            if isinstance(effect, ms.Send):
                self._deliver(name, effect.conn, effect.line)
            elif isinstance(effect, ms.Refuse):
                self._deliver(name, effect.conn, protocol.error_line(effect.code, effect.text))
                self._cut(name, effect.conn)
            elif isinstance(effect, ms.Close):
                if effect.bye:
                    self._deliver(name, effect.conn, "bye")
                self._cut(name, effect.conn)
            elif isinstance(effect, ms.Connect):
                self._dial(name, effect.conn, self.dials[name], self.addresses[name])
            elif isinstance(effect, ms.StopListening):
                self.listening.discard(name)
            elif isinstance(
                effect,
                ms.Release
                | ms.SetDeadline
                | ms.ExpectFirstLine
                | ms.Keepalive
                | ms.GameLines
                | ms.SetupLines
                | ms.Paced
                | ms.ResumeAccepting,
            ):
                pass  # the connection's own limits: not this test's
            else:
                self.events[name].append(effect)

    def of(self, name: str, kind: type) -> list:
        return [e for e in self.events[name] if isinstance(e, kind)]


def legal(machine: MatchMachine) -> tuple[int, int]:
    assert machine.game is not None
    i, j = machine.game.legal_strokes()[0]
    return int(i), int(j)


def play(net: Net, name: str) -> None:
    machine = net.sides[name]
    assert isinstance(machine, MatchMachine)
    _, effects = machine.play(legal(machine))
    net.act(name, effects)


def pair(**host_kwargs) -> tuple[Net, MatchMachine, MatchMachine]:
    net = Net()
    host = net.host(**host_kwargs)
    joiner = net.join()
    return net, host, joiner


def finish(net: Net, host: MatchMachine, joiner: MatchMachine) -> None:
    """Both sides play legal strokes in turn until the game is over."""
    assert host.game is not None
    while not host.game.is_over:
        play(net, "host" if host.local_to_move else "join")


# -- the handshake and a game ----------------------------------------------------------------------


def test_the_handshake_seats_the_joiner_with_the_hosts_token():
    net, host, joiner = pair()
    assert host.state == joiner.state == State.PLAYING
    assert joiner.token == host.token and len(host.token) == 32
    assert joiner.local_seat == 1 and host.local_seat == 0
    assert host.peer == BOT and joiner.peer is not None and joiner.peer.name == "Ana"
    assert net.of("host", ms.Started) and net.of("join", ms.Started)
    assert joiner.game is not None and joiner.game.board.same_as(Board.generate("phone-24", 3))


def test_a_whole_game_ends_settled_with_the_same_strokes_on_both_sides():
    net, host, joiner = pair(board=Board([(0, 0), (120, 0), (60, 90), (60, 40)], 120, 90, 4))
    finish(net, host, joiner)
    assert host.state == joiner.state == State.OVER
    assert host.settled and joiner.settled
    assert host.game is not None and joiner.game is not None
    assert host.game.strokes == joiner.game.strokes and host.game.scores == joiner.game.scores
    assert net.of("host", ms.GameOver) and net.of("join", ms.GameOver)
    net.act("join", joiner.leave())
    assert host.state == joiner.state == State.CLOSED
    assert host.end_reason == joiner.end_reason == ""


def test_an_illegal_stroke_is_refused_and_changes_nothing():
    net = Net()
    host = net.host(joiner_seat=0)
    peer = net.raw("raw")
    for line in ("triangles-net 2", "id name Raw", "join"):
        net.say("raw", line)
    assert any(line.startswith("start 0") for line in peer.lines)
    i, j = legal(host)
    net.say("raw", f"stroke 0 {i} {j}")
    assert "ack 0" in peer.lines and host.game is not None and len(host.game.moves) == 1
    play(net, "host")
    before = list(host.game.strokes)
    net.say("raw", f"stroke 2 {j} {i}")
    assert peer.error() == f"error illegal stroke 2 ({j}-{i}) already drawn" and peer.closed
    assert host.game.strokes == before and host.state == State.CLOSED
    assert net.of("host", ms.Problem)


def test_a_stroke_out_of_turn_from_the_host_is_refused_by_the_joiner():
    net, host, joiner = pair()  # the host starts
    play(net, "host")
    i, j = legal(joiner)
    assert host.connection is not None
    net._deliver("host", host.connection, f"stroke 1 {i} {j}")  # the joiner's turn
    net.run()
    assert joiner.state == State.CLOSED and "out of turn" in joiner.end_reason
    assert joiner.game is not None and len(joiner.game.moves) == 1


def test_undo_declined_then_accepted():
    net, host, joiner = pair(joiner_seat=0)
    play(net, "join")
    play(net, "host")
    net.act("join", joiner.offer_undo(0))
    assert not joiner.local_to_move
    assert [e.keep for e in net.of("host", ms.UndoOffered)] == [0]
    net.act("host", host.answer_undo(False))
    assert net.of("join", ms.UndoAnswered) == [ms.UndoAnswered(False, 0)]
    assert host.game is not None and joiner.game is not None
    assert len(host.game.moves) == len(joiner.game.moves) == 2
    net.act("join", joiner.offer_undo(0))
    net.act("host", host.answer_undo(True))
    assert net.of("join", ms.UndoAnswered)[-1] == ms.UndoAnswered(True, 0)
    assert host.game.strokes == joiner.game.strokes == []
    assert joiner.local_to_move and host.confirmed_count == joiner.confirmed_count == 0


def test_resign_chat_and_a_rematch_on_the_next_board():
    net, host, joiner = pair()
    sent, effects = host.send_chat("good\x1b luck" + "x" * 300)
    net.act("host", effects)
    assert [e.text for e in net.of("join", ms.ChatReceived)] == [sent] and len(sent) == 200
    net.act("host", host.resign())
    assert net.of("join", ms.Resigned) == [ms.Resigned(host.local_seat)]
    assert host.state == joiner.state == State.OVER
    net.act("host", host.offer_rematch())
    assert net.of("join", ms.RematchOffered)
    net.act("join", joiner.answer_rematch(True))
    assert host.state == joiner.state == State.PLAYING
    assert joiner.game is not None and host.game is not None
    assert joiner.game.board.seed == 4 and joiner.game.board.same_as(host.game.board)
    assert joiner.local_seat == 0 and host.local_seat == 1  # the other player starts
    assert len(net.of("join", ms.Started)) == 2


def test_rematch_offers_that_cross_are_a_yes_on_both_sides():
    net, host, joiner = pair()
    net.act("host", host.resign())
    # Both click Play again before either offer arrives.
    net.apply("host", host.offer_rematch())
    net.apply("join", joiner.offer_rematch())
    net.run()
    assert host.state == joiner.state == State.PLAYING
    assert host.game is not None and joiner.game is not None
    assert joiner.game.board.same_as(host.game.board) and not net.of("join", ms.Ended)
    assert not net.of("host", ms.Ended) and not net.of("join", ms.RematchOffered)


# -- a drop and the rejoin -------------------------------------------------------------------------


def test_a_dropped_joiner_comes_back_by_challenge_and_proof():
    net, host, joiner = pair()
    for _ in range(4):
        play(net, "host" if host.local_to_move else "join")
    net.drop("join")
    assert host.state == joiner.state == State.RECONNECTING
    assert host.local_to_move == (host.game is not None and host.game.player == host.local_seat)
    net.advance(LIMITS.retry_s)  # the joiner dials again, proves the token, is back
    assert host.state == joiner.state == State.PLAYING
    assert net.of("host", ms.Resumed) == [ms.Resumed(4)]
    assert net.of("join", ms.Resumed) == [ms.Resumed(4)]
    finish(net, host, joiner)
    assert host.settled and joiner.settled
    assert host.game is not None and joiner.game is not None
    assert host.game.strokes == joiner.game.strokes


def test_a_stolen_token_does_not_take_the_seat_of_a_player_who_is_here():
    net, host, joiner = pair()
    assert joiner.game is not None
    thief = net.join("thief", resume=(joiner.token, joiner.game.copy(), joiner.local_seat))
    tries = net.of("thief", ms.Retrying)
    assert tries and "still connected" in tries[0].why
    assert thief.state == State.CONNECTING and host.state == State.PLAYING
    assert host.peer == BOT and host.connection is not None


def test_the_grace_period_runs_out():
    net, host, joiner = pair()
    net.kill("join")
    assert host.state == State.RECONNECTING
    net.advance(LIMITS.grace_s - 1)
    assert host.state == State.RECONNECTING
    net.advance(2)
    assert host.state == State.CLOSED
    assert host.end_reason == "Bot did not come back within 60 s"


def test_a_joiner_gone_for_good_stops_trying_when_the_grace_is_over():
    net, host, joiner = pair()
    net.kill("host")
    assert joiner.state == State.RECONNECTING
    net.advance(LIMITS.grace_s + 1)  # every second a try, the host's port refuses
    assert joiner.state == State.CLOSED and "did not come back" in joiner.end_reason


# -- busy, and the handshake places ----------------------------------------------------------------


def test_a_joiner_told_busy_backs_off_and_gets_in_when_the_host_is_free():
    net = Net()
    host = net.host(ask=True)
    first = net.join("first")
    assert [e.name for e in net.of("host", ms.JoinRequested)] == ["Bot"]
    assert net.of("first", ms.WaitingForHost)
    second = net.join("second", local=replace(BOT, name="Cy"))
    net.advance(1 + 2 + 4 + 0.5)
    delays = [e.delay for e in net.of("second", ms.Retrying)]
    assert delays == [1, 2, 4, 8]  # retry_s, doubled each time
    assert "answering another player" in net.of("second", ms.Retrying)[0].why
    net.act("first", first.close())  # the first one gives up; its question goes with it
    net.advance(8)
    assert [e.name for e in net.of("host", ms.JoinRequested)] == ["Bot", "Cy"]
    net.act("host", host.answer_join(True, net.now))
    assert second.state == host.state == State.PLAYING and host.peer_name == "Cy"


def test_a_joiner_told_busy_gives_up_after_a_while():
    net = Net()
    net.host(ask=True)
    net.join("first")
    second = net.join("second", local=replace(BOT, name="Cy"))
    net.advance(LIMITS.busy_retry_s + 10)
    assert second.state == State.CLOSED and second.refusal_code == protocol.BUSY
    assert second.end_reason.startswith("the host was still busy after 60 s")
    assert sum(e.delay for e in net.of("second", ms.Retrying)) == pytest.approx(60)


def test_one_address_holds_two_places_and_its_silent_ones_give_way():
    net = Net()
    host = net.host()
    peers = [net.raw(f"s{k}", address="10.0.0.2") for k in range(4)]
    assert [p.greeted for p in peers] == [True, True, False, False]
    assert len(host.places.candidates) == 4
    peers.append(net.raw("s4", address="10.0.0.2"))
    assert "a silent one gives way" in peers[2].error() and peers[2].closed
    joiner = net.join()  # from the same address (10.0.0.2): it speaks at once
    assert joiner.state == State.PLAYING
    assert peers[3].closed and peers[3].error().startswith("error busy")  # its waiting place
    assert peers[0].closed and peers[0].error().startswith("error busy")  # its greeted one
    assert not peers[1].closed and not peers[4].closed


def test_strangers_who_speak_keep_their_places_and_a_join_is_told_busy():
    net = Net()
    host = net.host()
    host.places.max_per_address = 100
    strangers = []
    for k in range(2 * host.places.max_candidates):
        peer = net.raw(f"s{k}")
        net.say(f"s{k}", "triangles-net 2")
        net.say(f"s{k}", f"id name Stranger{k}")
        strangers.append(peer)
    assert sum(p.greeted for p in strangers) == host.places.max_candidates
    joiner = net.join()
    assert joiner.state == State.CONNECTING
    assert "too many connections" in net.of("join", ms.Retrying)[0].why
    assert not any(p.closed for p in strangers[: host.places.max_candidates])


def test_the_seats_player_rejoins_while_strangers_hold_every_place():
    net, host, joiner = pair()
    host.places.max_per_address = 100
    for k in range(2 * host.places.max_candidates):
        net.raw(f"s{k}")
        net.say(f"s{k}", "triangles-net 2")
        net.say(f"s{k}", f"id name Stranger{k}")
    net.drop("join")
    net.advance(LIMITS.retry_s)
    assert joiner.state == host.state == State.PLAYING
    assert net.of("join", ms.Resumed)


# -- a killed host takes its game back -----------------------------------------------------------


def test_a_killed_host_resumes_from_its_saved_state_and_the_game_finishes():
    net, host, joiner = pair()
    saved: list[str] = []

    def save() -> None:  # what a caller does at each HostStateChanged, before the line leaves
        state = host.host_state()
        assert state is not None
        saved.append(json.dumps(state.to_data()))

    for _ in range(6):
        name = "host" if host.local_to_move else "join"
        play(net, name)
        if host.host_state() is not None:
            save()
    assert net.of("host", ms.HostStateChanged)
    assert host.game is not None
    strokes = list(host.game.strokes)
    net.kill("host")  # the host's program is killed mid-game
    assert joiner.state == State.RECONNECTING
    net.advance(5 * LIMITS.retry_s)  # the joiner keeps trying; nobody listens
    assert joiner.state == State.RECONNECTING
    state = HostState.from_data(json.loads(saved[-1]))
    again = MatchMachine.host(state.setup, ANA, LIMITS, resume=state, now=net.now)
    assert again.state == State.RECONNECTING and again.peer == BOT
    assert again.game is not None and again.game.strokes == strokes
    net.host(machine=again)
    net.advance(LIMITS.retry_s)
    assert again.state == joiner.state == State.PLAYING
    assert net.of("host", ms.Resumed)
    finish(net, again, joiner)
    assert again.settled and joiner.settled and again.game.strokes == joiner.game.strokes


def test_a_resumed_host_whose_joiner_never_comes_back_ends_after_the_grace():
    net, host, _ = pair()
    play(net, "host")
    state = host.host_state()
    assert state is not None
    net.kill("join")
    net.kill("host")
    again = net.host(machine=MatchMachine.host(state.setup, ANA, LIMITS, resume=state, now=net.now))
    net.advance(LIMITS.grace_s + 1)
    assert again.state == State.CLOSED and "did not come back" in again.end_reason


def test_the_host_state_is_saved_before_the_ack_leaves():
    net, host, joiner = pair(joiner_seat=0)
    i, j = legal(joiner)
    assert host.connection is not None
    effects = host.line(host.connection, f"stroke 0 {i} {j}", net.now)
    kinds = [type(e) for e in effects]
    assert kinds.index(ms.HostStateChanged) < kinds.index(ms.Send)
    assert next(e for e in effects if isinstance(e, ms.Send)).line == "ack 0"


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"version": 1, "setup": ["board - -"], "peer": [], "strokes": []},
        {"version": 99},
    ],
)
def test_a_saved_host_state_that_cannot_be_used_is_refused(data):
    with pytest.raises(ValueError):
        HostState.from_data(data)


def test_a_saved_host_state_with_an_illegal_stroke_is_refused():
    net, host, _ = pair()
    play(net, "host")
    state = host.host_state()
    assert state is not None
    data = state.to_data()
    data["strokes"] = data["strokes"] * 2  # the same stroke twice
    with pytest.raises(ValueError):
        HostState.from_data(json.loads(json.dumps(data)))


def test_a_version_1_joiner_is_refused_with_a_clear_error():
    net = Net()
    host = net.host()
    peer = net.raw("old")
    net.say("old", "triangles-net 1")
    assert peer.closed and peer.error().startswith("error version the peer speaks triangles-net")
    assert "version 2 only" in peer.error() and host.state == State.LISTENING


def test_a_declined_joiner_is_told_and_does_not_try_again():
    net = Net()
    host = net.host(ask=True)
    joiner = net.join()
    net.act("host", host.answer_join(False, net.now))
    assert joiner.state == State.CLOSED and joiner.refusal_code == protocol.DECLINED
    assert "Ana declined to play with Bot" in joiner.end_reason
    assert host.state == State.LISTENING and not net.of("join", ms.Retrying)


def test_three_wrong_codes_close_a_game_still_waiting():
    net = Net()
    host = net.host()
    for k in range(3):  # each guess's link fails to open (secure.py): a wrong code
        net.raw(f"guess{k}")
        wrong = Closing(False, WRONG_CODE, "wrong game code (or not the same game)")
        net.act("host", host.closed(net.last_accepted, wrong, net.now))
    assert len(net.of("host", ms.Problem)) == 3
    assert host.wrong_codes == 3 and host.state == State.CLOSED
    assert host.end_reason == "3 connections gave a wrong game code"


def test_a_host_out_of_file_descriptors_accepts_again_half_a_second_later():
    net = Net()
    host = net.host()
    assert host.accept_failed(net.now) == [] and host.deadline() == pytest.approx(0.5)
    assert host.tick(0.5) == [ms.ResumeAccepting()] and host.deadline() is None


def test_a_restarted_joiner_gets_in_once_its_old_connection_has_been_silent_a_while():
    """The old program was killed without its connection ending (nothing tells the host): the
    seat's player coming back is told `busy` while the old connection was heard lately, and
    takes the seat, replacing it, once that one has said nothing for two ping intervals."""
    net, host, joiner = pair()
    assert joiner.game is not None
    resume = (joiner.token, joiner.game.copy(), joiner.local_seat)
    del net.sides["join"]  # killed; its connection lingers, silent
    again = net.join("again", resume=resume)
    assert again.state == State.CONNECTING and net.of("again", ms.Retrying)
    net.advance(2 * LIMITS.ping_interval_s + 8 * LIMITS.retry_s)
    assert again.state == host.state == State.PLAYING
    assert net.of("again", ms.Resumed) == [ms.Resumed(0)] and net.of("host", ms.Resumed)
