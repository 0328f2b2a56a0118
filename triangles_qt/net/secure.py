"""The encrypted line stream of a game joined by code (docs/network-protocol.md, "The
encrypted link"): SPAKE2 on the game code, then every line sealed with ChaCha20-Poly1305.

    (relay only, the joiner)  please relay TOKEN for side SIDE    ->  ok
    both sides                pake BASE64                         (SPAKE2's one message)
    both sides, sealed        ready                               (key confirmation)
    both sides, sealed        every line of the game protocol

A sealed line is base64(ChaCha20-Poly1305(key of this direction, nonce = the line's number,
the line's bytes)). Each direction has its own key (HKDF-SHA256 of SPAKE2's key) and numbers its
lines from 0, so a line tampered with, replayed, reordered or dropped is refused. Both sides
derive the same keys only when both typed the same code: the other side's `ready` then fails
to open, and both say "wrong game code".

`SecureLines` is the state of one connection's link, pure computation (microseconds a line):
`Connection` feeds it every received line and writes what it gives; nothing here does I/O.
"""

from __future__ import annotations

import base64
import binascii
import math
import secrets

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from spake2 import SPAKE2_Symmetric  # type: ignore[import-untyped]

from .codes import APP_ID, GameCode
from .protocol import ProtocolError

WRONG_CODE = "wrong-code"
"""The `Closing` code of a link whose key confirmation failed (never sent: the peer, holding
other keys, could not read it, and finds out by itself)."""
LINK = "link"
"""The `Closing` code of a link that failed otherwise (not a Triangles peer, a relay that
refused, a line tampered with)."""
READY = b"ready"
TAG_BYTES = 16
MAX_PAKE_LINE_BYTES = 200


def sealed_bytes(plain: int) -> int:
    """The length of a sealed line (without its `\\n`) for a plain line of `plain` bytes."""
    return 4 * math.ceil((plain + TAG_BYTES) / 3)


class SecureLines:
    """One connection's link. `start()` gives the first bytes to send; `receive(raw)` takes
    each received line (without `\\n`) and returns the plain line for the game protocol, or None
    for the link's own lines; `output()` gives what the link wants sent meanwhile; `seal(line)`
    turns a plain line (with `\\n`) into bytes to send, or queues it until the keys are there.
    ProtocolError (code WRONG_CODE or LINK) when the link fails."""

    def __init__(self, code: GameCode, is_host: bool) -> None:
        self.code = code
        self.is_host = is_host
        # The joiner dials the relay itself; the host's waiting connections are paired by
        # relay.RelayServer before they get here.
        self._relay_wait = code.via_relay and not is_host
        self._pake = SPAKE2_Symmetric(code.password, idSymmetric=APP_ID)
        self._message: bytes | None = None
        self._tx: ChaCha20Poly1305 | None = None
        self._rx: ChaCha20Poly1305 | None = None
        self._sent = 0
        self._received = 0
        self.confirmed = False
        self.failed = False
        self._queue: list[bytes] = []
        self._out = bytearray()

    def start(self) -> bytes:
        """The first line to send once connected: the relay's request, or SPAKE2's message."""
        if self._relay_wait:
            side = secrets.token_hex(8)
            return f"please relay {self.code.relay_token} for side {side}\n".encode("ascii")
        return self._pake_line()

    def _pake_line(self) -> bytes:
        """SPAKE2's message (made once)."""
        if self._message is None:
            self._message = b"pake " + base64.b64encode(self._pake.start()) + b"\n"
            return self._message
        return b""

    def output(self) -> bytes:
        data, self._out = bytes(self._out), bytearray()
        return data

    def seal(self, line: bytes) -> bytes:
        """A plain line with its `\\n`: the bytes to send now (b"" while queued or failed)."""
        if self.failed:
            return b""
        if self._tx is None:
            self._queue.append(line)
            return b""
        return self._seal(line)

    def _seal(self, line: bytes) -> bytes:
        assert self._tx is not None
        nonce = self._sent.to_bytes(12, "big")
        self._sent += 1
        body = line[:-1] if line.endswith(b"\n") else line
        return base64.b64encode(self._tx.encrypt(nonce, body, None)) + b"\n"

    def _fail(self, code: str, text: str) -> ProtocolError:
        self.failed = True
        self._queue.clear()
        return ProtocolError(code, text)

    def receive(self, raw: bytes) -> bytes | None:
        if self.failed:
            return None
        if raw.endswith(b"\r"):
            raw = raw[:-1]
        if self._relay_wait:
            if raw != b"ok":
                answer = raw[:40].decode("ascii", "replace")
                raise self._fail(LINK, f"the relay did not pair this game ({answer!r})")
            self._relay_wait = False
            self._out += self._pake_line()
            return None
        if self._rx is None:
            self._take_pake(raw)
            return None
        assert self._rx is not None
        nonce = self._received.to_bytes(12, "big")
        try:
            plain = self._rx.decrypt(nonce, base64.b64decode(raw, validate=True), None)
        except (InvalidTag, binascii.Error, ValueError):
            if not self.confirmed:
                raise self._fail(WRONG_CODE, "wrong game code (or not the same game)") from None
            raise self._fail(LINK, "a line was tampered with, replayed or lost") from None
        self._received += 1
        if not self.confirmed:
            if plain != READY:
                raise self._fail(LINK, "the peer did not confirm the key")
            self.confirmed = True
            return None
        return plain

    def _take_pake(self, raw: bytes) -> None:
        word, _, body = raw.partition(b" ")
        if word != b"pake" or len(raw) > MAX_PAKE_LINE_BYTES:
            raise self._fail(LINK, "the peer did not start the game code's handshake")
        self._out += self._pake_line()  # (nothing when it went out already)
        try:
            key = self._pake.finish(base64.b64decode(body, validate=True))
        except Exception:  # noqa: BLE001 - SPAKEError, a point off the curve, bad base64
            raise self._fail(LINK, "the peer's game code handshake is malformed") from None
        okm = HKDF(hashes.SHA256(), 64, salt=None, info=APP_ID + b"/keys").derive(key)
        host_to_join, join_to_host = ChaCha20Poly1305(okm[:32]), ChaCha20Poly1305(okm[32:])
        self._tx, self._rx = (
            (host_to_join, join_to_host) if self.is_host else (join_to_host, host_to_join)
        )
        self._out += self._seal(READY)
        for line in self._queue:
            self._out += self._seal(line)
        self._queue.clear()
