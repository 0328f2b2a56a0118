"""Game codes for playing past the local network (docs/network-protocol.md, "Games over the
internet"): what the host shows and the friend types.

    alaaaaee4i-amber-oyster   direct: the host's public IPv4 address and port (10 base32
                              characters, from a port mapping), then two secret words
    4821-amber-oyster         relay: a nameplate (4 digits) both sides give the relay, then
                              two secret words

The words never travel: both sides prove they know the whole code with SPAKE2 (secure.py), so
a relay, or whoever listens, learns nothing that lets it guess them offline; each wrong guess
costs a connection, and the host gives up after a few (match.py).
"""

from __future__ import annotations

import hashlib
import ipaddress
import re
import secrets
from dataclasses import dataclass

WORDS = (
    "acid acorn actor adobe agent alarm album alert alley amber anchor angel ankle apple apron "
    "arena arrow atlas attic audio autumn avenue bacon badge bagel baker bamboo banjo barley "
    "basil basket beach beacon bean beaver bell berry bicycle bison blade blanket blimp bloom "
    "bluff board bonsai boulder bow brick bridge bronze brook brush bubble bucket buffalo bugle "
    "cabin cactus camel camera canal candle canoe canyon captain carbon cargo carpet carrot "
    "castle cedar cello chalk cherry chess chimney cider cinema circus citrus clam cliff clock "
    "cloud clover cobalt cocoa comet compass copper coral cotton cousin coyote crane crater "
    "crayon cricket crystal cube cumin cupcake curtain daisy dancer delta denim desert diesel "
    "dingo dolphin domino donkey dragon drum dune eagle easel echo eclipse elbow elder ember "
    "emerald engine falcon fennel ferry fiddle figure flute fossil fox galaxy garden garlic "
    "gecko geyser ginger glacier globe goblet gopher granite grape gravel guitar hammock harbor "
    "harp hazel helmet heron hickory honey hornet igloo island ivory jacket jaguar jasmine "
    "jelly jigsaw kayak kettle kiwi koala ladder lagoon lantern lemon lentil lily lizard "
    "lobster locket lotus magnet mango maple marble meadow melon mint mirror mitten moose "
    "mosaic muffin nectar needle nickel noodle nutmeg oasis oboe ocean olive onion opal orbit "
    "orchid otter oyster paddle panda papaya parrot pasta peach pebble pelican pepper piano "
    "pickle pigeon pillow pine pirate planet plum pony poppy potato prairie prism pumpkin "
    "puzzle quail quartz quilt rabbit radar raisin raven reef ribbon river robin rocket saddle "
    "salmon sandal scarf shovel silver sketch sparrow spider spruce squash tiger walnut zebra"
).split()
"""256 words (8 bits each), short, distinct, easy to say and spell; two per code."""

WORD_INDEX = {word: k for k, word in enumerate(WORDS)}
B32 = "abcdefghijklmnopqrstuvwxyz234567"  # base32, lower case, no padding
ADDRESS_CHARACTERS = 10  # 48 bits: an IPv4 address and a port
APP_ID = b"triangles/link/v1"
_SEPARATORS = re.compile(r"[\s\-_.]+")


class CodeError(ValueError):
    """Text that is not a game code; one sentence."""


@dataclass(frozen=True)
class GameCode:
    """A parsed game code: the two secret words and either where the host is (`address`,
    direct) or the relay's nameplate (`nameplate`)."""

    words: tuple[str, str]
    address: tuple[str, int] | None = None
    nameplate: str | None = None

    def __post_init__(self) -> None:
        if (self.address is None) == (self.nameplate is None):
            raise ValueError("a game code has an address or a nameplate, not both")

    @property
    def via_relay(self) -> bool:
        return self.nameplate is not None

    @property
    def first(self) -> str:
        """The code's public part: the address token, or the nameplate."""
        if self.address is not None:
            return encode_address(*self.address)
        assert self.nameplate is not None
        return self.nameplate

    def __str__(self) -> str:
        return "-".join((self.first, *self.words))

    @property
    def password(self) -> bytes:
        """What SPAKE2 proves both sides know: the whole code (its public part too, so that a
        code for one game never opens another)."""
        return str(self).encode("ascii")

    @property
    def relay_token(self) -> str:
        """What both sides give the relay: a hash of the nameplate only (the words stay
        secret)."""
        return hashlib.sha256(APP_ID + b"/relay/" + self.first.encode("ascii")).hexdigest()


def encode_address(host: str, port: int) -> str:
    """An IPv4 address and a port as 10 base32 characters."""
    try:
        packed = ipaddress.IPv4Address(host).packed
    except ValueError:
        raise CodeError(f"{host} is not an IPv4 address") from None
    if not 0 < port < 65_536:
        raise CodeError(f"{port} is not a port")
    n = int.from_bytes(packed + port.to_bytes(2, "big"), "big")
    return "".join(B32[(n >> (5 * i)) & 31] for i in reversed(range(ADDRESS_CHARACTERS)))


def decode_address(token: str) -> tuple[str, int]:
    if len(token) != ADDRESS_CHARACTERS or any(c not in B32 for c in token):
        raise CodeError("the code's first part is not an address")
    n = 0
    for ch in token:
        n = n * 32 + B32.index(ch)
    raw = n.to_bytes(6, "big")
    port = int.from_bytes(raw[4:], "big")
    if port == 0:
        raise CodeError("the code's address has no port")
    return str(ipaddress.IPv4Address(raw[:4])), port


def new_words() -> tuple[str, str]:
    return secrets.choice(WORDS), secrets.choice(WORDS)


def direct_code(host: str, port: int, words: tuple[str, str] | None = None) -> GameCode:
    encode_address(host, port)  # CodeError for an address a code cannot carry
    return GameCode(words or new_words(), address=(host, port))


def relay_code(words: tuple[str, str] | None = None) -> GameCode:
    return GameCode(words or new_words(), nameplate=str(1000 + secrets.randbelow(9000)))


def parse_code(text: str) -> GameCode:
    """A code as typed: any case, words separated by hyphens, spaces, dots or underscores.
    CodeError when it is not one."""
    parts = [p for p in _SEPARATORS.split(text.strip().lower()) if p]
    if len(parts) != 3:
        raise CodeError("a game code is three parts: like 4821-amber-oyster")
    first, *words = parts
    for word in words:
        if word not in WORD_INDEX:
            raise CodeError(f"'{word[:20]}' is not a word of game codes")
    pair = (words[0], words[1])
    if first.isdigit() and first.isascii():
        if len(first) != 4 or first.startswith("0"):
            raise CodeError("a relay game code starts with four digits")
        return GameCode(pair, nameplate=first)
    return GameCode(pair, address=decode_address(first))


def looks_like_code(text: str) -> bool:
    """Whether `text` reads as a game code (not an address)."""
    try:
        parse_code(text)
    except CodeError:
        return False
    return True
