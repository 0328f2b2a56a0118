"""A relay for games whose host no router forwards to (`triangles-net relay`; docs/
network-protocol.md, "The relay"): it speaks magic-wormhole's transit-relay protocol, so either
this or `magic-wormhole-transit-relay` (`twist transitrelay`) serves the game.

    client:  please relay TOKEN for side SIDE\\n     (TOKEN: 64 hex digits, SIDE: 16)
    relay:   ok\\n                                  once another side gave the same TOKEN
    then every byte one side sends goes to the other, until either closes.

Both of a game's sides give the same TOKEN (a hash of the code's nameplate); the relay never
learns the code's words, and carries only the sealed lines of secure.py. Limits (`RelayLimits`)
keep one relay usable by many and abusable by none: the request within a few seconds, a
waiting connection paired within `wait_s`, a bounded number of connections in all, waiting and
from one address, and per pair a byte budget, a rate and a lifetime.

asyncio, no Qt: a small server anyone can run on a reachable machine.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

REQUEST = re.compile(rb"^please relay ([0-9a-f]{64})(?: for side ([0-9a-f]{16}))?\r?\n$")
MAX_REQUEST_BYTES = 200
MAX_EARLY_BYTES = 4096  # what a waiting side may send before it is paired (kept, then passed on)
DEFAULT_PORT = 4001  # magic-wormhole's transit relay's


@dataclass(frozen=True)
class RelayLimits:
    request_s: float = 10.0  # the request line comes within this long
    wait_s: float = 900.0  # an unpaired connection waits this long ("impatient")
    max_connections: int = 1000  # in all, waiting or paired
    max_waiting: int = 500
    max_per_address: int = 16  # connections from one address, waiting or paired
    pair_bytes: int = 16 << 20  # both directions of a pair together; then it is cut
    rate_bytes_s: float = 64 << 10  # per direction, sustained (faster is slowed down)
    burst_bytes: int = 256 << 10
    pair_s: float = 12 * 3600.0  # a pair's lifetime


@dataclass(eq=False)
class _Waiting:
    side: bytes
    reader: asyncio.StreamReader
    writer: asyncio.StreamWriter
    partner: asyncio.Future[tuple[asyncio.StreamReader, asyncio.StreamWriter]]
    finished: asyncio.Future[None]


class _Budget:
    """A pair's bytes (both directions) and each direction's rate (a token bucket in bytes)."""

    def __init__(self, limits: RelayLimits) -> None:
        self.limits = limits
        self.total = 0

    async def spend(self, n: int, bucket: list[float]) -> bool:
        """Count `n` bytes, waiting while the direction is over its rate; False: over budget."""
        self.total += n
        if self.total > self.limits.pair_bytes:
            return False
        tokens, last = bucket
        now = time.monotonic()
        rate = self.limits.rate_bytes_s
        tokens = min(float(self.limits.burst_bytes), tokens + (now - last) * rate) - n
        bucket[:] = [tokens, now]
        if tokens < 0:
            await asyncio.sleep(-tokens / rate)
        return True


class Relay:
    """The relay's state; `start` listens, `close` stops. `log` hears one line per event."""

    def __init__(
        self, limits: RelayLimits = RelayLimits(), log: Callable[[str], None] | None = None
    ) -> None:
        self.limits = limits
        self.log = log or (lambda _text: None)
        self.waiting: dict[bytes, _Waiting] = {}
        self.connections = 0
        self.per_address: Counter[str] = Counter()
        self.pairs = 0  # pairs made so far
        self.server: asyncio.Server | None = None
        # Hears every byte relayed (tests: that only sealed lines pass); None: nobody.
        self.tap: Callable[[bytes], None] | None = None

    async def start(self, host: str, port: int) -> tuple[str, int]:
        """Listen; the address and port as bound."""
        self.server = await asyncio.start_server(self._handle, host, port, limit=1 << 16)
        name = self.server.sockets[0].getsockname()
        return str(name[0]), int(name[1])

    async def close(self) -> None:
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        peer = writer.get_extra_info("peername")
        address = str(peer[0]) if peer else "?"
        limits = self.limits
        if self.connections >= limits.max_connections:
            await self._refuse(writer, "busy")
            return
        if self.per_address[address] >= limits.max_per_address:
            await self._refuse(writer, "busy")
            return
        self.connections += 1
        self.per_address[address] += 1
        try:
            await self._serve(reader, writer)
        except (ConnectionError, asyncio.IncompleteReadError, asyncio.LimitOverrunError):
            pass
        finally:
            self.connections -= 1
            self.per_address[address] -= 1
            if not self.per_address[address]:
                del self.per_address[address]
            writer.close()

    @staticmethod
    async def _refuse(writer: asyncio.StreamWriter, word: str) -> None:
        try:
            writer.write(word.encode("ascii") + b"\n")
            await writer.drain()
        except ConnectionError:
            pass
        writer.close()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            line = await asyncio.wait_for(reader.readuntil(b"\n"), self.limits.request_s)
        except (TimeoutError, asyncio.IncompleteReadError, asyncio.LimitOverrunError):
            await self._refuse(writer, "bad handshake")
            return
        match = REQUEST.match(line) if len(line) <= MAX_REQUEST_BYTES else None
        if match is None:
            await self._refuse(writer, "bad handshake")
            return
        token, side = match.group(1), match.group(2) or b""
        other = self.waiting.get(token)
        if other is not None and side and other.side == side:
            # The same side again (its old connection died unnoticed): the new one waits.
            del self.waiting[token]
            other.partner.cancel()
            other = None
        if other is None:
            if len(self.waiting) >= self.limits.max_waiting:
                await self._refuse(writer, "busy")
                return
            partner: asyncio.Future[tuple[asyncio.StreamReader, asyncio.StreamWriter]]
            partner = asyncio.get_running_loop().create_future()
            finished: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            waiting = _Waiting(side, reader, writer, partner, finished)
            self.waiting[token] = waiting
            try:
                await self._wait(token, waiting)
            finally:
                if self.waiting.get(token) is waiting:
                    del self.waiting[token]
                if not finished.done():
                    finished.set_result(None)
            return
        del self.waiting[token]
        other.partner.set_result((reader, writer))
        await other.finished  # the waiting side's task splices both

    async def _wait(self, token: bytes, waiting: _Waiting) -> None:
        """Wait for a partner (reading what comes meanwhile, to notice the side leaving);
        then splice the pair."""
        deadline = time.monotonic() + self.limits.wait_s
        early = bytearray()
        while True:
            reading = asyncio.ensure_future(waiting.reader.read(MAX_EARLY_BYTES))
            left = deadline - time.monotonic()
            either: set[asyncio.Future[Any]] = {reading, waiting.partner}
            done, _ = await asyncio.wait(
                either,
                timeout=max(0.0, left),
                return_when=asyncio.FIRST_COMPLETED,
            )
            if waiting.partner in done:
                if reading.done():
                    early += reading.result()
                else:
                    reading.cancel()
                break
            reading.cancel()
            if reading in done:
                data = reading.result()
                if not data:
                    return  # it left before anyone came
                early += data
                if len(early) > MAX_EARLY_BYTES:
                    return
                continue
            if waiting.partner.cancelled():
                return  # replaced by the same side's new connection
            await self._refuse(waiting.writer, "impatient")
            return
        if waiting.partner.cancelled():
            return
        reader2, writer2 = waiting.partner.result()
        self.pairs += 1
        self.log(f"paired {token[:8].decode()}… ({len(self.waiting)} waiting)")
        for writer in (waiting.writer, writer2):
            writer.write(b"ok\n")
        writer2.write(bytes(early))
        await self._splice(waiting.reader, waiting.writer, reader2, writer2)

    async def _splice(
        self,
        reader1: asyncio.StreamReader,
        writer1: asyncio.StreamWriter,
        reader2: asyncio.StreamReader,
        writer2: asyncio.StreamWriter,
    ) -> None:
        budget = _Budget(self.limits)
        pipes = {
            asyncio.ensure_future(self._pipe(reader1, writer2, budget)),
            asyncio.ensure_future(self._pipe(reader2, writer1, budget)),
        }
        _, pending = await asyncio.wait(
            pipes, timeout=self.limits.pair_s, return_when=asyncio.FIRST_COMPLETED
        )
        for pipe in pending:
            pipe.cancel()
        for writer in (writer1, writer2):
            writer.close()

    async def _pipe(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, budget: _Budget
    ) -> None:
        bucket = [float(self.limits.burst_bytes), time.monotonic()]
        try:
            while data := await reader.read(1 << 14):
                if not await budget.spend(len(data), bucket):
                    self.log("a pair went over its byte budget: cut")
                    return
                if self.tap is not None:
                    self.tap(data)
                writer.write(data)
                await writer.drain()
        except ConnectionError:
            pass


def _listen_address(text: str) -> tuple[str, int]:
    host, sep, port = text.rpartition(":")
    if not sep or not port.isdigit() or not 0 <= int(port) < 65_536:
        raise argparse.ArgumentTypeError(f"expected ADDRESS:PORT, not {text!r}")
    return host.strip("[]") or "0.0.0.0", int(port)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    defaults = RelayLimits()
    parser.add_argument(
        "--listen",
        type=_listen_address,
        default=("0.0.0.0", DEFAULT_PORT),
        metavar="ADDRESS:PORT",
        help=f"where to accept connections (default: 0.0.0.0:{DEFAULT_PORT}; port 0: any)",
    )
    parser.add_argument(
        "--wait",
        type=float,
        default=defaults.wait_s,
        metavar="S",
        help=f"seconds a side waits for its partner (default: {defaults.wait_s:g})",
    )
    parser.add_argument(
        "--max-connections", type=int, default=defaults.max_connections, metavar="N"
    )
    parser.add_argument("--max-waiting", type=int, default=defaults.max_waiting, metavar="N")
    parser.add_argument(
        "--max-per-address", type=int, default=defaults.max_per_address, metavar="N"
    )
    parser.add_argument(
        "--pair-bytes",
        type=int,
        default=defaults.pair_bytes,
        metavar="N",
        help="bytes a pair may carry, both ways (default: 16 MiB; a game needs a few kB)",
    )
    parser.add_argument(
        "--rate",
        type=float,
        default=defaults.rate_bytes_s,
        metavar="BYTES",
        help="bytes a second each way, sustained (default: 65536)",
    )


def limits_of(args: argparse.Namespace) -> RelayLimits:
    return RelayLimits(
        wait_s=args.wait,
        max_connections=args.max_connections,
        max_waiting=args.max_waiting,
        max_per_address=args.max_per_address,
        pair_bytes=args.pair_bytes,
        rate_bytes_s=args.rate,
    )


def serve(listen: tuple[str, int], limits: RelayLimits) -> int:
    """Run the relay until interrupted; its first line on standard output says where."""

    async def run() -> None:
        relay = Relay(limits, lambda text: print(text, file=sys.stderr, flush=True))
        host, port = await relay.start(*listen)
        print(f"relay listening on {host}:{port}", flush=True)
        assert relay.server is not None
        async with relay.server:
            await relay.server.serve_forever()

    try:
        asyncio.run(run())
    except KeyboardInterrupt:
        return 0
    except OSError as exc:
        print(f"error: cannot listen on {listen[0]}:{listen[1]}: {exc.strerror}", file=sys.stderr)
        return 2
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="triangles-net relay",
        description="Relay games whose host cannot be reached (magic-wormhole's transit-relay "
        "protocol).",
    )
    add_arguments(parser)
    args = parser.parse_args(argv)
    return serve(args.listen, limits_of(args))
