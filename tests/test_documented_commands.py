"""Every command README.md and docs/ show works as written (issue 50): the program exists (an
installed command, a module, a script), and its command line takes the documented options and
values. Each command is parsed by its own argument parser, in this process, and stopped right
after parsing: the test checks what a reader types, not what the command then does (the other
tests do that). The extras named in `pip install ".[extra]"` exist, and a page that shows
commands without `.venv/bin/` says to activate the virtual environment first."""

from __future__ import annotations

import argparse
import importlib
import re
import runpy
import shlex
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
ENTRY_POINTS = {
    **PYPROJECT["project"]["scripts"],
    **PYPROJECT["project"]["gui-scripts"],
}
EXTRAS = set(PYPROJECT["project"]["optional-dependencies"])
# What the docs write for a value the reader fills in.
PLACEHOLDERS = {"HOST:PORT": "127.0.0.1:28024", "FILE...": "game.triangles", "ID": "hard"}


class Parsed(BaseException):  # noqa: N818 - not an error: how a parse that worked stops
    """Raised once the outermost parser has parsed a command line without complaint."""


def logical_lines(doc: Path) -> list[str]:
    """Code in `doc`: fenced blocks, indented blocks and inline spans, with continued lines
    joined."""
    text = doc.read_text()
    prose = re.sub(r"```.*?```", "", text, flags=re.S)
    # Not in tables: there `triangles-net 1` is a line of the network protocol, not a command.
    prose = "\n".join(line for line in prose.splitlines() if not line.startswith("|"))
    pieces = re.findall(r"`([^`\n]+)`", prose)
    blocks = re.findall(r"```[a-z]*\n(.*?)```", text, flags=re.S)
    blocks += [
        "\n".join(line[4:] for line in block.splitlines())
        for block in re.findall(r"(?:^(?: {4}|\t).*\n)+", text, flags=re.M)
    ]
    for block in blocks:
        pieces += block.replace("\\\n", " ").splitlines()
    return [piece.strip() for piece in pieces if piece.strip()]


def commands(doc: Path) -> list[list[str]]:
    """The command lines of ours in `doc` (each part of an `&&` chain on its own)."""
    found = []
    for line in logical_lines(doc):
        try:
            words = shlex.split(line, comments=True)
        except ValueError:
            continue
        part: list[str] = []
        for word in [*words, "&&"]:
            if word in ("&&", "||", ";", "|"):
                if len(part) > 1 and ours(part):  # one word names a command, it is not one
                    found.append([PLACEHOLDERS.get(w, w) for w in part])
                part = []
            else:
                part.append(word)
    return found


def program(argv: list[str]) -> str:
    return argv[0].removeprefix(".venv/bin/")


def ours(argv: list[str]) -> bool:
    name = program(argv)
    if argv[0].startswith(".venv/bin/triangles"):  # checked to be one of ours
        return True
    if name in ENTRY_POINTS:
        return argv[1:2] != ["-m"]  # the bundle's own way to run a module: tests/test_bundle.py
    if name in ("python", "python3") and len(argv) > 1:
        target = argv[2] if argv[1] == "-m" and len(argv) > 2 else argv[1]
        return target.split(".")[0] in ("triangles_qt", "benchmarks", "pip") or target.startswith(
            "tools/"
        )
    return False


DOCUMENTED = [
    pytest.param(argv, id=f"{doc.name}: {shlex.join(argv)}"[:150])
    for doc in DOCS
    for argv in commands(doc)
]


def test_the_docs_show_commands_to_check():
    assert len(DOCUMENTED) > 40
    shown = {program(param.values[0]) for param in DOCUMENTED}
    assert {"triangles-qt", "triangles-arena", "triangles-net", "triangles-record"} <= shown


@pytest.mark.filterwarnings("ignore:.*found in sys.modules:RuntimeWarning")
@pytest.mark.parametrize("argv", DOCUMENTED)
def test_a_documented_command_is_taken_as_written(argv, monkeypatch):
    name = program(argv)
    if name in ("python", "python3") and argv[1:3] == ["-m", "pip"]:
        extras = {e for w in argv for e in re.findall(r"\[([a-z,]+)\]", w) for e in e.split(",")}
        assert extras <= EXTRAS, f"no such extra: {extras - EXTRAS}"
        return
    assert name in ENTRY_POINTS or name in ("python", "python3"), f"no command {name}"
    depth = 0
    original = argparse.ArgumentParser.parse_known_args

    def parse_then_stop(self, args=None, namespace=None):
        nonlocal depth
        depth += 1
        try:
            result = original(self, args, namespace)
        finally:
            depth -= 1
        if depth == 0 and not result[1]:  # with words left over, parse_args says so
            raise Parsed(result)
        return result

    monkeypatch.setattr(argparse.ArgumentParser, "parse_known_args", parse_then_stop)
    monkeypatch.chdir(ROOT)
    if name in ENTRY_POINTS:
        module, function = ENTRY_POINTS[name].split(":")
        monkeypatch.setattr(sys, "argv", [name, *argv[1:]])
        run = getattr(importlib.import_module(module), function)
    elif argv[1] == "-m":
        monkeypatch.setattr(sys, "argv", [argv[2], *argv[3:]])
        run = lambda: runpy.run_module(argv[2], run_name="__main__", alter_sys=True)  # noqa: E731
    else:
        script = ROOT / argv[1]
        assert script.is_file(), f"{argv[1]} does not exist"
        monkeypatch.setattr(sys, "argv", [str(script), *argv[2:]])
        run = lambda: runpy.run_path(str(script), run_name="__main__")  # noqa: E731
    with pytest.raises(Parsed):
        run()


@pytest.mark.parametrize("doc", DOCS, ids=lambda doc: doc.name)
def test_a_page_with_bare_commands_says_to_activate_the_environment_first(doc):
    bare = [argv for argv in commands(doc) if not argv[0].startswith(".venv/bin/")]
    if bare:
        assert ".venv/bin/activate" in doc.read_text(), shlex.join(bare[0])
