"""Issue 49's faster rules engine gives what the engine gave before, exactly.

- Stored digests of the tables of 58 boards (every preset at three seeds and three tolerances,
  and boards of stars on small grids, on the edges of the biggest board, of 250 stars), taken
  with the engine of commit 1cc5716: the stars, the side table, the candidates, the candidate
  neighbours, and crossing rows, empty triangles and side bitsets of every 60th candidate.
- The star generator's batched draws against random.randrange, one draw at a time.
- The crossing filters of a game's legal strokes against the board's crossing rows, and games
  that start them, take them back past their start and play again against games that do not.
"""

import dataclasses
import hashlib
import pickle
import random

import numpy as np
import pytest

import triangles_qt.core.board as board_module
from triangles_qt.core.board import PRESETS, Board, BoardError, generate_stars, min_spacing
from triangles_qt.core.game import Game, Move, _move
from triangles_qt.core.rules import Rules

DIGESTS = {
    "phone-24/0/None": "1dad26e336879a02",
    "phone-24/0/0": "e16ffa8805087685",
    "phone-24/0/20": "cd4a22012e231aa0",
    "phone-24/1/None": "c2c8fdfc602f8022",
    "phone-24/1/0": "7409150fae6d067e",
    "phone-24/1/20": "1bd47ae12f176194",
    "phone-24/49/None": "bea98d6695dc2a2f",
    "phone-24/49/0": "7290dd3c4eeb5b93",
    "phone-24/49/20": "6c1835152ba7dade",
    "phone-60/0/None": "b4070182080276d6",
    "phone-60/0/0": "3a66e759e5dd01e9",
    "phone-60/0/20": "af41649d997b4846",
    "phone-60/1/None": "dd13a0b85eaa6f21",
    "phone-60/1/0": "30a8711de650409c",
    "phone-60/1/20": "d13292da47cb6e7b",
    "phone-60/49/None": "4f765896432f001b",
    "phone-60/49/0": "d2cf586a098173e8",
    "phone-60/49/20": "774b5d4572b83b10",
    "phone-120/0/None": "78bc942f0b623ddc",
    "phone-120/0/0": "fb81afd84b95448f",
    "phone-120/0/20": "bdcedd535fc6184f",
    "phone-120/1/None": "066a0154ec577cfe",
    "phone-120/1/0": "5f63daccb80ad8a2",
    "phone-120/1/20": "369b6c1b102145b7",
    "phone-120/49/None": "476e3b301cc69017",
    "phone-120/49/0": "1081669d65d354c2",
    "phone-120/49/20": "6738fe8a7e9ffe75",
    "tablet-80/0/None": "2367defa15feed02",
    "tablet-80/0/0": "8b48b5ca23856ff5",
    "tablet-80/0/20": "d9a3b9b57960871d",
    "tablet-80/1/None": "a20cdbfcd15a6153",
    "tablet-80/1/0": "29df41c69326b9a1",
    "tablet-80/1/20": "4f033e5c2dce1033",
    "tablet-80/49/None": "db1e53e2e0d4fcec",
    "tablet-80/49/0": "d47ada2798badf1d",
    "tablet-80/49/20": "41840372a836e5e1",
    "tablet-120/0/None": "f3691ddde51054f1",
    "tablet-120/0/0": "72117ba22f349ccb",
    "tablet-120/0/20": "7faf212e4629ec95",
    "tablet-120/1/None": "adf147c9899791e3",
    "tablet-120/1/0": "b0eb1df56806c803",
    "tablet-120/1/20": "b225ef041b0d315b",
    "tablet-120/49/None": "d1366f738a44f3ac",
    "tablet-120/49/0": "257b1b74e811d1c7",
    "tablet-120/49/20": "26ae2ab249ce8b1b",
    "tablet-180/0/None": "4b491ba8a2035d39",
    "tablet-180/0/0": "0bf1eaae464ecfd5",
    "tablet-180/0/20": "b6507d2f928ce7f1",
    "tablet-180/1/None": "9ae92b9b631eb22e",
    "tablet-180/1/0": "89a543c6d40d4807",
    "tablet-180/1/20": "5b9df6b08abccee3",
    "tablet-180/49/None": "fc2b30923c38fbd6",
    "tablet-180/49/0": "82187bcfe3d4097f",
    "tablet-180/49/20": "db57069b02366718",
    "custom0": "42bc9459d784e2c5",
    "custom1": "888f1077820e5922",
    "custom2": "cd51d29264a06b20",
    "custom3": "94bc18f6737dfe5a",
}


def custom_boards() -> dict[str, Board]:
    rng = random.Random(7)
    found = {}
    for i, (w, h, n, tol) in enumerate(
        [(40, 40, 45, 1), (10000, 10000, 60, 1000), (100, 100, 33, 2), (800, 1280, 250, 4)]
    ):
        points: set[tuple[int, int]] = set()
        while len(points) < n:
            points.add((rng.randint(0, w), rng.randint(0, h)))
        found[f"custom{i}"] = Board(sorted(points), w, h, tol)
    return found


def digest(board: Board) -> str:
    h = hashlib.blake2b(digest_size=8)
    h.update(repr(board.star_list).encode())
    h.update(board.side_t.tobytes())
    h.update(board.cand_pairs.astype("<i8").tobytes())
    h.update(repr([hex(v) for v in board.candidate_neighbours]).encode())
    for t in range(0, board.m, max(1, board.m // 60)):
        found = (
            hex(board.crossing_bits(t)),
            board.apexes(t),
            hex(board.side_bits(t, True)),
            hex(board.side_bits(t, False)),
        )
        h.update(repr(found).encode())
    return h.hexdigest()


@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_tables_of_every_preset_are_those_of_the_engine_before(preset):
    for seed in (0, 1, 49):
        for tol in (None, 0, 20):
            board = Board.generate(preset, seed, tol)
            assert digest(board) == DIGESTS[f"{preset}/{seed}/{tol}"], (seed, tol)


def test_the_tables_of_grid_edge_and_big_boards_are_those_of_the_engine_before():
    for name, board in custom_boards().items():
        assert digest(board) == DIGESTS[name], name


def reference_stars(width: int, height: int, count: int, seed: int) -> list[tuple[int, int]]:
    """generate_stars as it was written first: random.randrange, one draw at a time."""
    rng = random.Random(seed)
    spacing2 = min_spacing(width, height, count) ** 2
    margin = max(2, min(width, height) // 40)
    stars: list[tuple[int, int]] = []
    attempts = 0
    while len(stars) < count:
        xs = [rng.randrange(margin, width - margin + 1) for _ in range(12)]
        ys = [rng.randrange(margin, height - margin + 1) for _ in range(12)]
        best = 0
        if stars:
            nearest = [
                min((x - sx) ** 2 + (y - sy) ** 2 for sx, sy in stars)
                for x, y in zip(xs, ys, strict=True)
            ]
            best = nearest.index(max(nearest))
            if nearest[best] < spacing2:
                attempts += 1
                if attempts > 10_000:
                    raise BoardError("cannot place")
                continue
        stars.append((xs[best], ys[best]))
    return stars


@pytest.mark.parametrize("preset", ["phone-24", "phone-120", "tablet-180"])
def test_generated_stars_are_those_of_one_randrange_at_a_time(preset):
    p = PRESETS[preset]
    for seed in (0, 5, 2**40 + 3):
        assert generate_stars(p.width, p.height, p.stars, seed) == reference_stars(
            p.width, p.height, p.stars, seed
        )


def test_generated_stars_do_not_depend_on_the_size_of_the_batches(monkeypatch):
    """Batches of 1 to 97 draws: every batch boundary falls inside a try, and the draws left
    over from one batch go on into the next."""
    for batch in (1, 7, 97):
        monkeypatch.setattr(board_module._DrawStream, "BATCH", batch)
        for width, height, count, seed in ((360, 640, 24, 3), (50, 9000, 30, 1), (40, 40, 12, 9)):
            assert generate_stars(width, height, count, seed) == reference_stars(
                width, height, count, seed
            )


def test_draw_streams_draw_as_randrange_in_any_order(monkeypatch):
    monkeypatch.setattr(board_module._DrawStream, "BATCH", 13)
    ranges = [(0, 1), (3, 5), (20, 781), (9, 2**31 + 9), (0, 2**32 - 1)]
    for seed in range(4):
        ours, theirs = random.Random(seed), random.Random(seed)
        stream = board_module._DrawStream(ours, *ranges)
        order = random.Random(seed + 100)
        for _ in range(60):
            which, count = order.randrange(len(ranges)), order.randrange(1, 15)
            start, stop = ranges[which]
            expected = [theirs.randrange(start, stop) for _ in range(count)]
            assert stream.take(which, count).tolist() == expected
    with pytest.raises(BoardError):
        board_module._DrawStream(random.Random(0), (5, 5))


def test_crossing_filters_find_the_crossing_rows_among_any_strokes():
    rng = random.Random(49)
    boards = [Board.generate("tablet-80", 2), Board.generate("phone-60", 4, 0)]
    boards += list(custom_boards().values())[:3]
    for board in boards:
        for size in sorted({board.m, board.m // 3, min(40, board.m), 1}):
            among = np.array(sorted(rng.sample(range(board.m), size)), dtype=np.intp)
            filters = board.crossing_filters(among)
            position = {s: u for u, s in enumerate(among.tolist())}
            assert [filters.position(s) for s in range(board.m)] == [
                position.get(s) for s in range(board.m)
            ]
            assert filters.members == sum(1 << s for s in among.tolist())
            for _ in range(25):
                within = rng.getrandbits(size)
                chosen = sum(1 << s for u, s in enumerate(among.tolist()) if within >> u & 1)
                t = rng.randrange(board.m)
                crossed, crossed_there = filters.crossed(t, within)
                assert crossed == board.crossing_bits(t) & chosen, t
                assert crossed_there == sum(
                    1 << position[s] for s in range(board.m) if crossed >> s & 1
                )
                assert filters.restricted(chosen) == within


@pytest.mark.parametrize("replay", [False, True])
def test_a_game_taken_back_past_its_filters_plays_again_as_one_without(replay):
    """A listing game starts its filters once the legal strokes are few; taken back before
    that, and played again, it serves itself with the same filters (the legal strokes are
    among theirs) or new ones (other strokes came back), and stays the game of a silent twin,
    which never lists its strokes and so takes the board's crossing rows."""
    rules = Rules(replay_after_triangle=replay)
    for seed in range(4):
        rng = random.Random(seed)
        board = Board.generate(("phone-60", "tablet-80")[seed % 2], seed)
        twin_board = Board(board.star_list, board.width, board.height, board.tolerance)
        listing, silent = Game(board, rules), Game(twin_board, rules)
        started = None
        while not listing.is_over:
            strokes = listing.legal_strokes()
            assert strokes.tolist() == twin_board.bits_to_strokes(silent.legal_bits).tolist()
            i, j = map(int, strokes[rng.randrange(len(strokes))])
            assert listing.play(i, j) == silent.play(i, j)
            assert listing.legal_bits == silent.legal_bits
            if listing._filtering is not None and started is None:
                started = len(listing.moves)
                back = rng.randint(1, 6)
                for _ in range(back):
                    assert listing.undo() == silent.undo()
                    assert listing.legal_bits == silent.legal_bits
                if rng.random() < 0.5:  # a different stroke: other strokes go
                    strokes = listing.legal_strokes()
                    i, j = map(int, strokes[rng.randrange(len(strokes))])
                    assert listing.play(i, j) == silent.play(i, j)
            filtering = listing._filtering
            if filtering is not None:
                filters, filtered = filtering
                assert filters.restricted(listing.legal_bits) == filtered
        assert started is not None
        assert silent.is_over and listing.scores == silent.scores


def test_a_move_made_fast_is_a_move():
    fast, slow = _move(1, (4, 2), ((1, 2, 4),)), Move(1, (4, 2), ((1, 2, 4),))
    assert type(fast) is Move and fast == slow and hash(fast) == hash(slow)
    assert repr(fast) == repr(slow) and dataclasses.asdict(fast) == dataclasses.asdict(slow)
    assert pickle.loads(pickle.dumps(fast)) == slow
    with pytest.raises(dataclasses.FrozenInstanceError):
        fast.player = 0  # type: ignore[misc]
