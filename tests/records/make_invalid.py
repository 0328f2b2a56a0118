"""Regenerates tests/records/invalid/ from the valid golden records:

    python tests/records/make_invalid.py

Each file breaks one rule; tests/test_record.py holds the reason each must be rejected with.
"""

import copy
import json
import pathlib

HERE = pathlib.Path(__file__).resolve().parent
out = HERE / "invalid"
square = json.loads((HERE / "valid" / "square.triangles").read_text(encoding="utf-8"))
square_bytes = (HERE / "valid" / "square.triangles").read_bytes()
inside = json.loads((HERE / "valid" / "star-inside.triangles").read_text(encoding="utf-8"))
unfinished = json.loads(
    (HERE / "valid" / "replay-unfinished.triangles").read_text(encoding="utf-8")
)


def w(name, obj):
    (out / f"{name}.triangles").write_text(json.dumps(obj, indent=1) + "\n", encoding="utf-8")


def raw(name, data):
    (out / f"{name}.triangles").write_bytes(data)


def mut(name, base, f):
    d = copy.deepcopy(base)
    f(d)
    w(name, d)


raw("empty", b"")
raw("truncated-json", square_bytes[:200])
raw("not-utf8", b'{"format": "triangles-game", "version": 1, "board": "\xff\xfe"}')
raw("top-level-list", b"[1, 2, 3]\n")
raw("top-level-number", b"42\n")
raw("deeply-nested", b"[" * 100000 + b"]" * 100000)
raw("nan-tolerance", square_bytes.replace(b'"tolerance": 4', b'"tolerance": NaN'))
raw("infinity-seed", square_bytes.replace(b'"seed": null', b'"seed": -Infinity'))
raw("huge-exponent", square_bytes.replace(b'"width": 100', b'"width": 1e999999'))
raw("huge-int", square_bytes.replace(b'"seed": null', b'"seed": ' + b"9" * 5000))
raw("duplicate-key", square_bytes.replace(b'"version": 1,', b'"version": 1, "version": 1,'))
mut("wrong-format", square, lambda d: d.update(format="chess-game"))
mut("no-format", square, lambda d: d.pop("format"))
mut("version-3", square, lambda d: d.update(version=3))
mut("ended-missing", unfinished, lambda d: d.update(version=2))
mut("ended-in-version-1", unfinished, lambda d: d.update(ended=None))
mut(
    "ended-on-finished",
    square,
    lambda d: d.update(version=2, ended={"how": "left", "player": 1, "why": "gone"}),
)
mut(
    "ended-how-unknown",
    unfinished,
    lambda d: d.update(version=2, ended={"how": "timeout", "player": 1, "why": ""}),
)
mut(
    "ended-resigned-nobody",
    unfinished,
    lambda d: d.update(version=2, ended={"how": "resigned", "player": None, "why": ""}),
)
mut(
    "ended-why-control",
    unfinished,
    lambda d: d.update(version=2, ended={"how": "left", "player": 0, "why": "a\nb"}),
)
mut("version-bool", square, lambda d: d.update(version=True))
mut("unknown-key", square, lambda d: d.update(comment="hello"))
mut("missing-key", square, lambda d: d.pop("winner"))
mut("unknown-board-key", square, lambda d: d["board"].update(colour="red"))
mut("negative-tolerance", square, lambda d: d["board"].update(tolerance=-1))
mut("huge-width", square, lambda d: d["board"].update(width=10**30))
mut("huge-seed", square, lambda d: d["board"].update(seed=2**64))
mut("bool-coordinate", square, lambda d: d["board"]["stars"][1].__setitem__(0, True))
mut("float-coordinate", square, lambda d: d["board"]["stars"][1].__setitem__(0, 99.5))
mut("star-outside", square, lambda d: d["board"]["stars"][2].__setitem__(1, 101))
mut("duplicate-stars", square, lambda d: d["board"]["stars"].__setitem__(3, [100, 100]))
mut("star-not-pair", square, lambda d: d["board"]["stars"].__setitem__(3, [0, 100, 5]))
mut(
    "too-few-stars",
    square,
    lambda d: (
        d["board"].update(stars=[[0, 0], [100, 0]]),
        d.update(moves=[], scores=[0, 0], finished=True, winner=None),
    ),
)
mut(
    "too-many-stars",
    square,
    lambda d: (
        d["board"].update(
            stars=[[x, y] for x in range(0, 101, 5) for y in range(0, 101, 5)][:401],
            width=100,
            height=100,
        ),
        d.update(moves=[]),
    ),
)
mut("preset-mismatch", square, lambda d: d["board"].update(preset="phone-24"))
mut("unknown-preset", square, lambda d: d["board"].update(preset="watch-9"))
mut("rules-not-bool", square, lambda d: d["rules"].update(replay_after_triangle=0))
mut("one-player", square, lambda d: d["players"].pop())
mut("player-kind", square, lambda d: d["players"][0].update(kind="robot"))
mut("player-name-number", square, lambda d: d["players"][0].update(name=42))
mut("human-with-strategy", square, lambda d: d["players"][0].update(strategy="hard"))
mut("computer-without-strategy", square, lambda d: d["players"][1].pop("strategy"))
mut("moves-not-list", square, lambda d: d.update(moves={"player": 0}))
mut("move-not-object", square, lambda d: d["moves"].__setitem__(2, [2, 3]))
mut("move-unknown-key", square, lambda d: d["moves"][2].update(time=3))
mut("move-wrong-player", square, lambda d: d["moves"][1].update(player=0))
mut("move-player-bool", square, lambda d: d["moves"][1].update(player=True))
mut("stroke-out-of-range", square, lambda d: d["moves"][2].update(stroke=[2, 4]))
mut("stroke-same-star", square, lambda d: d["moves"][2].update(stroke=[2, 2]))
mut("stroke-float", square, lambda d: d["moves"][2].update(stroke=[2.0, 3]))
mut(
    "stroke-crosses",
    square,
    lambda d: d.update(
        moves=[
            {"player": 0, "stroke": [0, 2], "triangles": []},
            {"player": 1, "stroke": [1, 3], "triangles": []},
        ],
        scores=[0, 0],
        finished=False,
        winner=None,
    ),
)
mut("stroke-already-drawn", square, lambda d: d["moves"][3].update(stroke=[1, 0]))


def passes(d):
    d["board"]["stars"][3] = [50, 2]
    d["moves"] = [{"player": 0, "stroke": [0, 1], "triangles": []}]


mut("stroke-passes-over-star", square, passes)
mut(
    "move-after-game-over",
    square,
    lambda d: d["moves"].append({"player": 1, "stroke": [1, 3], "triangles": []}),
)
mut("triangle-not-listed", square, lambda d: d["moves"][4].update(triangles=[[0, 1, 2]]))
mut("triangle-not-closed", inside, lambda d: d["moves"][2].update(triangles=[[0, 1, 2]]))
mut("triangle-unsorted", square, lambda d: d["moves"][4].update(triangles=[[0, 2, 1], [0, 2, 3]]))
mut("triangle-twice", square, lambda d: d["moves"][4].update(triangles=[[0, 1, 2], [0, 1, 2]]))
mut("scores-wrong", square, lambda d: d.update(scores=[1, 0]))
mut("scores-negative", square, lambda d: d.update(scores=[-2, 0]))
mut(
    "finished-but-not-over",
    square,
    lambda d: (d["moves"].pop(), d.update(scores=[0, 0], winner=None)),
)
mut("unfinished-but-over", square, lambda d: d.update(finished=False, winner=None))
mut("finished-not-bool", square, lambda d: d.update(finished=1))
mut("winner-wrong", square, lambda d: d.update(winner=1))
mut("winner-null", square, lambda d: d.update(winner=None))
mut("winner-out-of-range", square, lambda d: d.update(winner=2))
