"""`python -m triangles_qt.net host|join ...`: play one game over the network with a strategy (or
an engine) in the local seat, write its record, print the result and exit 0; on failure, one
line on standard error and a non-zero status (1: the game failed, 2: a usage error).

    python -m triangles_qt.net host --port 28024 --strategy medium --listen loopback
    python -m triangles_qt.net join 127.0.0.1:28024 --strategy easy --records games/
    python -m triangles_qt.net host --invite --relay relay.example.org:4001 --strategy medium
    python -m triangles_qt.net join 4821-amber-oyster --relay relay.example.org:4001 ...
    python -m triangles_qt.net relay --listen 0.0.0.0:4001

With --invite the host asks its router to forward its port (UPnP, NAT-PMP) and prints a game
code (`game code: CODE`, on standard output) that carries its public address; when no router
forwards, it waits at the --relay and the code names the game there. A joiner given a CODE
seals every line with it (docs/network-protocol.md, "Games over the internet"). `relay` runs a
relay for such games.

The host's first line on standard output says where it listens, as the system bound it:
`listening on ADDRESS:PORT` (with --port 0 the system chooses the port), or with --listen all
`listening on all addresses (IPv4 and IPv6), port PORT` (and this computer's addresses on
standard error). Whoever joins first takes the seat, unless --accept NAME names who may. A
joiner keeps what it needs to rejoin in a small state file
(--resume-file; by default in --records DIR): started again with the same command after it was
stopped, it comes back to the same game while the host keeps its seat open (--grace seconds).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QTimer

from triangles_qt import __version__
from triangles_qt.cli_run import INTERRUPTED, wake_on_signals
from triangles_qt.cli_run import run as run_cli
from triangles_qt.core.board import PRESETS, Board, BoardError
from triangles_qt.core.players import PlayerInfo, PlayerKind
from triangles_qt.core.rules import Rules
from triangles_qt.defaults import DEFAULT_PRESET, MOVE_BUDGET_S
from triangles_qt.engine.listing import load_plugins_isolated
from triangles_qt.plugin_manager import user_data_dir
from triangles_qt.tournament.play import Contestant, new_contestant
from triangles_qt.wire import MAX_DIGITS

from ..cli_args import bounded_float, bounded_int
from . import protocol, relay
from .codes import CodeError, GameCode, direct_code, looks_like_code, parse_code, relay_code
from .discovery import Advertiser
from .headless import HeadlessPlayer, run
from .kept_seat import KeptSeatError, read_kept_seat
from .match import Listen, NetError, NetMatch, lan_address, own_addresses
from .match_resume import HostState
from .portmap import map_port
from .protocol import Limits, PeerInfo, Setup
from .reach import PortMapper, RelayServer

MAX_BUDGET_S = 3600.0


def _name(text: str) -> str:
    try:
        return protocol.checked_name(text)
    except protocol.ProtocolError as exc:
        raise argparse.ArgumentTypeError(exc.text) from None


def _address(text: str) -> tuple[str, int]:
    """HOST:PORT, [IPV6]:PORT."""
    host, sep, port = text.rpartition(":")
    if not sep or not host:
        raise argparse.ArgumentTypeError(f"expected HOST:PORT, not {text!r}")
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    return host, bounded_int(1, 65_535)(port)


def _address_or_code(text: str) -> tuple[str, int] | GameCode:
    """HOST:PORT, or a game code (which has no colon)."""
    if ":" not in text:
        try:
            return parse_code(text)
        except CodeError as exc:
            if looks_like_code(text) or "-" in text:
                raise argparse.ArgumentTypeError(str(exc)) from None
    return _address(text)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="triangles-net",
        description="Play one game of Triangles over the network with a computer strategy in "
        "this side's seat (docs/network-protocol.md).",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    host = commands.add_parser("host", help="host a game and wait for someone to join")
    join = commands.add_parser("join", help="join a game hosted elsewhere")
    relay_command = commands.add_parser(
        "relay", help="relay games whose host no router forwards to (transit-relay protocol)"
    )
    relay.add_arguments(relay_command)
    host.add_argument(
        "--port",
        type=bounded_int(0, 65_535),
        default=protocol.DEFAULT_PORT,
        help=f"port to listen on (default: {protocol.DEFAULT_PORT}; 0: any free port)",
    )
    host.add_argument(
        "--listen",
        choices=[w.value for w in Listen],
        help="where to accept players: this computer only (loopback), the local network "
        "(lan, the default: one interface's address) or every interface (all, the default "
        "with --invite)",
    )
    host.add_argument(
        "--invite",
        action="store_true",
        help="host by game code: ask the router to forward the port (UPnP, NAT-PMP), else "
        "wait at the --relay; print the code (`game code: CODE`) a friend anywhere joins with",
    )
    host.add_argument(
        "--no-map",
        action="store_true",
        help="with --invite: do not ask the router (go to the --relay, or use --invite-as)",
    )
    host.add_argument(
        "--invite-as",
        metavar="ADDRESS",
        help="with --invite: put this IPv4 address in the code, asking no router (a port "
        "forwarded by hand)",
    )
    host.add_argument("--address", help="with --listen lan: which of this computer's addresses")
    host.add_argument(
        "--advertise",
        action="store_true",
        help="announce the game on the local network (mDNS), so that players there find it",
    )
    host.add_argument(
        "--preset",
        choices=list(PRESETS),
        default=DEFAULT_PRESET,
        help=f"board size (default: {DEFAULT_PRESET})",
    )
    host.add_argument(
        "--seed",
        # A seed travels as one number of the protocol: at most MAX_DIGITS digits.
        type=bounded_int(0, 10**MAX_DIGITS - 1),
        help="board seed (default: a random one)",
    )
    host.add_argument(
        "--replay-after-triangle",
        action="store_true",
        help="a player who closes a triangle plays again",
    )
    host.add_argument(
        "--joiner-starts", action="store_true", help="the player who joins draws first"
    )
    who = host.add_mutually_exclusive_group()
    who.add_argument(
        "--accept",
        type=_name,
        action="append",
        metavar="NAME",
        help="let only a joiner of this name take the seat (again for more names); anyone "
        "else is declined",
    )
    who.add_argument(
        "--accept-all",
        action="store_true",
        help="let whoever joins first take the seat (what happens when neither option is "
        "given, with a warning)",
    )
    host.add_argument(
        "--grace",
        type=bounded_float(0.5, 3600),
        default=Limits().grace_s,
        metavar="S",
        help=f"seconds to keep a lost joiner's seat open (default: {Limits().grace_s:g})",
    )
    join.add_argument(
        "address",
        type=_address_or_code,
        metavar="HOST:PORT|CODE",
        help="where the game is, or the game code its host gave",
    )
    join.add_argument(
        "--resume-file",
        type=Path,
        help="where to keep what a rejoin needs (default: .join-HOST-PORT.json in --records "
        "DIR, else in the player's data folder)",
    )
    host.add_argument(
        "--resume-file",
        type=Path,
        help="where to keep the game, so that this command started again after a kill takes "
        "it back (default: .host-PORT.json in --records DIR, else in the player's data "
        "folder; none for --port 0 or a game by code)",
    )
    for command in (host, join):
        command.add_argument(
            "--relay",
            type=_address,
            metavar="HOST:PORT",
            help="the relay for games by code when no router forwards (triangles-net relay, "
            "or magic-wormhole-transit-relay)",
        )
        command.add_argument(
            "--strategy",
            required=True,
            metavar="ID",
            help="the local player: an installed strategy's id, or engine:COMMAND for an "
            "engine program (docs/engine-protocol.md)",
        )
        command.add_argument("--name", type=_name, help="the local player's name")
        command.add_argument("--records", type=Path, metavar="DIR", help="write the record here")
        command.add_argument(
            "--budget",
            type=bounded_float(0, MAX_BUDGET_S),
            default=MOVE_BUDGET_S,
            metavar="S",
            help=f"seconds per stroke (default: {MOVE_BUDGET_S:g})",
        )
        command.add_argument(
            "--delay",
            type=bounded_float(0, 60),
            default=0.0,
            metavar="S",
            help="wait this long before each stroke, so that people can follow (default: 0)",
        )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "relay":
        return relay.serve(args.listen, relay.limits_of(args))
    app = QCoreApplication.instance() or QCoreApplication([sys.argv[0]])
    assert isinstance(app, QCoreApplication)
    registry = load_plugins_isolated()
    try:
        contestant = new_contestant(registry, args.strategy, args.strategy, own_process=True)
    except KeyError as exc:
        print(f"error: {exc.args[0]}", file=sys.stderr)
        return 2
    except Exception as exc:  # noqa: BLE001 - an engine that does not start
        print(f"error: the strategy cannot start: {exc}", file=sys.stderr)
        return 2
    try:
        return _play(args, app, contestant)
    finally:
        contestant.close()


def _play(args: argparse.Namespace, app: QCoreApplication, contestant: Contestant) -> int:
    safe = contestant.safe
    name = (
        args.name
        or protocol.clean_text(contestant.name, protocol.MAX_NAME_CHARACTERS)
        or "Computer"  # an engine that gave itself no name
    )
    local = PeerInfo.of(PlayerInfo(name, PlayerKind.COMPUTER, safe.strategy_id), __version__)
    limits = Limits()
    resume_file = None
    mapper: PortMapper | None = None
    if args.command == "host":
        invite = args.invite or args.invite_as is not None
        args.listen = args.listen or (Listen.ALL if invite else Listen.LAN).value
        limits = replace(limits, grace_s=args.grace)
        seed = args.seed if args.seed is not None else random.randrange(2**31)
        try:
            board = Board.generate(args.preset, seed)
        except BoardError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        setup = Setup(board, Rules(args.replay_after_triangle), 0 if args.joiner_starts else 1)
        resume_file = args.resume_file
        if resume_file is None and args.port and not invite:
            resume_file = _kept_folder(args.records) / f".host-{args.port}.json"
        try:
            kept = read_kept_seat(resume_file) if resume_file is not None else None
            if kept is not None and kept.role != "host":
                raise KeptSeatError(f"{resume_file} keeps a joined game, not a hosted one")
        except KeptSeatError as exc:
            print(f"error: {exc} (remove it to host a new game)", file=sys.stderr)
            return 2
        hosted: HostState | None = None
        if kept is not None:
            print(f"taking back the game kept in {resume_file}", file=sys.stderr, flush=True)
            # The joiner's proof covers the host's name: the same as before.
            local = replace(local, name=kept.players[kept.seat].name)
            setup, hosted = kept.setup, kept.host_state()
        try:
            match = NetMatch.host(
                setup,
                local,
                Listen(args.listen),
                args.port,
                args.address,
                limits,
                ask=True,
                resume=hosted,
            )
        except NetError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        if not args.accept and not args.accept_all:
            print(
                "warning: whoever joins first takes the seat (--accept NAME to choose who, "
                "--accept-all to say so)",
                file=sys.stderr,
                flush=True,
            )
        match.join_requested.connect(lambda name: _answer_join(match, name, args.accept))
        if invite:
            outcome = _invite(match, args)
            if isinstance(outcome, int):
                return outcome
            mapper = outcome
        elif Listen(args.listen) == Listen.ALL:  # which of them a friend can reach
            addresses = ", ".join(own_addresses()) or "none but the loopback"
            print(f"this computer's addresses: {addresses}", file=sys.stderr, flush=True)
        if match.invite is None or not match.invite.via_relay:
            print(f"listening on {match.listening_on()}", flush=True)
        if match.invite is not None:
            print(f"game code: {match.invite}", flush=True)
        if args.advertise:
            advertiser = _advertise(match, Listen(args.listen), name, board, args)
            match.ended.connect(advertiser.stop)
            match.started.connect(advertiser.stop)  # the seat is taken
    else:
        code: GameCode | None = None
        if isinstance(args.address, GameCode):
            code = args.address
            if code.address is not None:
                host, port = code.address
            elif args.relay is None:
                print(
                    f"error: the code {code} is a relay's: give --relay HOST:PORT", file=sys.stderr
                )
                return 2
            else:
                host, port = args.relay
            where = ("code", code.first)
        else:
            host, port = args.address
            where = (host, port)
        resume_file = args.resume_file or _default_resume_file(args.records, *where)
        try:
            kept = read_kept_seat(resume_file)
            if kept is not None and kept.role != "join":
                raise KeptSeatError(f"{resume_file} keeps a hosted game, not a joined one")
        except KeptSeatError as exc:
            print(f"error: {exc} (remove it to join a new game)", file=sys.stderr)
            return 2
        resume = None
        if kept is not None:
            print(f"rejoining the game kept in {resume_file}", file=sys.stderr, flush=True)
            resume = (kept.token, kept.game, kept.seat)
        match = NetMatch.join(host, port, local, resume, limits, invite=code)
    player = HeadlessPlayer(match, safe, args.budget, args.records, resume_file, args.delay)

    def interrupted() -> None:  # Ctrl-C: this program ends, and the peer is told (bye)
        player.leave("interrupted", INTERRUPTED, "triangles-net: interrupted")

    waker = wake_on_signals(app, interrupted)  # noqa: F841 - kept while the loop runs
    try:
        return run(player, app)
    finally:
        if mapper is not None and mapper.mapping is not None:
            mapper.remove(wait=True)
            print("the port mapping was removed", file=sys.stderr, flush=True)


def _invite(match: NetMatch, args: argparse.Namespace) -> PortMapper | None | int:
    """A host by game code: the port forwarded (a mapping kept renewed, returned), or the relay
    standing in for the listening socket; an exit status when neither can be."""
    _, port = match.address()
    if args.invite_as is not None:
        try:
            match.invite = direct_code(args.invite_as, port)
        except CodeError as exc:
            print(f"error: --invite-as: {exc}", file=sys.stderr)
            return 2
        return None
    if not args.no_map:
        reasons: list[str] = []
        mapping = map_port(port, reasons.append)  # blocking (a few seconds at most)
        if mapping is not None and mapping.public[1] > 0:
            public, public_port = mapping.public
            print(
                f"the router forwards {public}:{public_port} here ({mapping.method}): no "
                "server is needed",
                file=sys.stderr,
                flush=True,
            )
            match.invite = direct_code(public, public_port)
            mapper = PortMapper(port, match)
            mapper.adopt(mapping)
            return mapper
        print(f"no port mapping: {'; '.join(reasons)}", file=sys.stderr, flush=True)
    if args.relay is None:
        print(
            "error: no router forwards a port here: give --relay HOST:PORT "
            "(a relay: triangles-net relay)",
            file=sys.stderr,
        )
        return 2
    code = relay_code()
    server = RelayServer(args.relay, code)
    server.failed.connect(lambda text: print(f"warning: {text}", file=sys.stderr, flush=True))
    match.invite = code
    match.serve_through(server)
    server.start()
    print(f"waiting at the relay {args.relay[0]}:{args.relay[1]}", file=sys.stderr, flush=True)
    return None


def _answer_join(match: NetMatch, name: str, accepted: list[str] | None) -> None:
    """The headless host's answer to a joiner: as --accept says (anyone, without it)."""
    accept = accepted is None or name in accepted
    verdict = "accepted" if accept else "declined (not named by --accept)"
    print(f"{name} wants to join: {verdict}", file=sys.stderr, flush=True)
    QTimer.singleShot(0, match, lambda: match.answer_join(accept))


def _advertise(
    match: NetMatch, listen: Listen, name: str, board: Board, args: argparse.Namespace
) -> Advertiser:
    address, port = match.address()
    if listen == Listen.ALL:
        interfaces, announced = None, lan_address() or "127.0.0.1"
    else:
        interfaces, announced = [address], address
    advertiser = Advertiser(
        name, announced, port, board.preset, args.replay_after_triangle, __version__, interfaces
    )
    advertiser.failed.connect(lambda text: print(f"warning: {text}", file=sys.stderr))
    advertiser.start()
    return advertiser


def _default_resume_file(records: Path | None, host: str, port: int | str) -> Path:
    """A joiner's kept seat: `.join-HOST-PORT.json`."""
    safe_host = "".join(c if c.isalnum() or c in ".-" else "_" for c in host)
    return _kept_folder(records) / f".join-{safe_host}-{port}.json"


def _kept_folder(records: Path | None) -> Path:
    return records if records is not None else user_data_dir() / "net"


def cli() -> None:
    """The `triangles-net` command (Ctrl-C, a full disk or a closed pipe end it in one line)."""
    run_cli(main, "triangles-net")


if __name__ == "__main__":
    cli()
