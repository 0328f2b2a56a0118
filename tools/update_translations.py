"""Keep translations/ in step with the sources: pyside6-lupdate extracts every translatable string
of triangles_qt/ (and of plugins/ when they have any) into translations/triangles_<code>.ts, then
pyside6-lrelease compiles each .ts into its .qm, and the SHA-256 of every .qm goes into
translations/qm-digests.json (the app loads no .qm whose digest is not listed there: Qt crashes on
a damaged one; see triangles_qt/qm_digests.py).

    python tools/update_translations.py           update the .ts files, compile the .qm files and
                                                  write their digests
    python tools/update_translations.py --check   change nothing; exit 1 and list the problems if a
                                                  .ts is out of date with the sources, a message is
                                                  unfinished, obsolete or without a context, a .qm
                                                  is stale or qm-digests.json does not match them

The English file holds plural forms only ("%n triangle(s)" -> "1 triangle" / "2 triangles"). The
.ts files store no source locations (``-locations none``), so moving code does not touch them.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this checkout's package, not an installed copy

from triangles_qt import qm_digests  # noqa: E402

TRANSLATIONS = ROOT / "translations"
SOURCE_DIRS = (ROOT / "triangles_qt", ROOT / "plugins")
LANGUAGES = ("es", "de", "bg", "en")
PLURAL_ONLY = {"en"}

# A file is worth scanning only if it can hold a translatable string.
_TR_MARKERS = ("tr(", "translate(", "QT_TR_NOOP", "QT_TRANSLATE_NOOP")


@dataclass(frozen=True)
class Message:
    context: str
    source: str
    comment: str
    numerus: bool


def ts_path(code: str) -> Path:
    return TRANSLATIONS / f"triangles_{code}.ts"


def qm_path(code: str) -> Path:
    return TRANSLATIONS / f"triangles_{code}.qm"


def python_sources() -> list[Path]:
    """The Python files lupdate reads: all of triangles_qt/, and the plugins that use tr."""
    files: list[Path] = []
    for folder in SOURCE_DIRS:
        for path in sorted(folder.rglob("*.py")):
            if "__pycache__" in path.parts:
                continue
            if folder.name == "plugins":
                text = path.read_text(encoding="utf-8", errors="replace")
                if not any(marker in text for marker in _TR_MARKERS):
                    continue
            files.append(path)
    return files


def find_tool(name: str) -> str | None:
    """A Linguist program PySide6 installed: beside this Python (a virtual environment's bin/,
    which is on no PATH unless activated), else on PATH."""
    beside = Path(sys.executable).with_name(name)
    if beside.is_file() and os.access(beside, os.X_OK):
        return str(beside)
    return shutil.which(name)


def _tool(name: str) -> str:
    found = find_tool(name)
    if found is None:
        raise SystemExit(
            f"{name} not found beside {sys.executable} nor on PATH (it comes with "
            "PySide6-Essentials)"
        )
    return found


def run_lupdate(code: str, ts_file: Path, sources: list[Path]) -> None:
    """Merge the sources' messages into `ts_file` (created if missing)."""
    with tempfile.NamedTemporaryFile("w", suffix=".lst", delete=False, encoding="utf-8") as lst:
        lst.write("\n".join(str(path) for path in sources) + "\n")
    try:
        command = [
            _tool("pyside6-lupdate"),
            "-silent",
            "-locations",
            "none",
            "-no-obsolete",
            "-source-language",
            "en",
            "-target-language",
            code,
        ]
        if code in PLURAL_ONLY:
            command.append("-pluralonly")
        command += ["@" + lst.name, "-ts", str(ts_file)]
        subprocess.run(command, check=True, capture_output=True, text=True)
    finally:
        os.unlink(lst.name)


def run_lrelease(ts_file: Path, qm_file: Path) -> None:
    command = [_tool("pyside6-lrelease"), "-silent", str(ts_file), "-qm", str(qm_file)]
    subprocess.run(command, check=True, capture_output=True, text=True)


def read_messages(ts_file: Path) -> dict[Message, ET.Element]:
    """The messages of a .ts file, each with its <message> element."""
    root = ET.parse(ts_file).getroot()
    messages: dict[Message, ET.Element] = {}
    for context in root.iter("context"):
        name = context.findtext("name") or ""
        for element in context.iter("message"):
            key = Message(
                context=name,
                source=element.findtext("source") or "",
                comment=element.findtext("comment") or "",
                numerus=element.get("numerus") == "yes",
            )
            messages[key] = element
    return messages


def translation_texts(element: ET.Element) -> list[str]:
    """The translated text(s) of a message: one, or one per plural form."""
    translation = element.find("translation")
    if translation is None:
        return []
    forms = translation.findall("numerusform")
    if forms:
        return [form.text or "" for form in forms]
    return [translation.text or ""]


def unfinished_problems(ts_file: Path) -> list[str]:
    problems = []
    for message, element in read_messages(ts_file).items():
        translation = element.find("translation")
        kind = translation.get("type") if translation is not None else "missing"
        texts = translation_texts(element)
        where = f"{ts_file.name}: [{message.context}] {message.source!r}"
        if kind in ("obsolete", "vanished"):
            problems.append(f"{where} is {kind} (no longer in the sources)")
        elif kind == "unfinished":
            problems.append(f"{where} is unfinished")
        elif not texts or any(not text.strip() for text in texts):
            problems.append(f"{where} has an empty translation")
    return problems


def context_warnings(ts_file: Path) -> list[str]:
    """Messages lupdate found outside any class (a bare ``tr()`` helper): they land in the empty
    context, which no run-time lookup with a real context ever finds, so they stay English."""
    return [
        f"{ts_file.name}: {message.source!r} has no context: call "
        f'QCoreApplication.translate("Context", ...) with a literal context instead of a '
        f"module-level tr() helper"
        for message in read_messages(ts_file)
        if not message.context
    ]


def update() -> None:
    sources = python_sources()
    TRANSLATIONS.mkdir(exist_ok=True)
    for code in LANGUAGES:
        run_lupdate(code, ts_path(code), sources)
        run_lrelease(ts_path(code), qm_path(code))
        count = len(read_messages(ts_path(code)))
        left = len(unfinished_problems(ts_path(code)))
        print(f"{ts_path(code).relative_to(ROOT)}: {count} messages, {left} to translate")
    manifest = qm_digests.write_manifest(TRANSLATIONS)
    print(f"{manifest.relative_to(ROOT)}: the digests of {len(LANGUAGES)} .qm files")
    for warning in context_warnings(ts_path(LANGUAGES[0])):
        print("warning:", warning, file=sys.stderr)


def digest_problems(folder: Path = TRANSLATIONS) -> list[str]:
    """Where qm-digests.json does not list exactly the .qm files of `folder` as they are."""
    name = qm_digests.MANIFEST_NAME
    try:
        listed = qm_digests.read_manifest(folder)
    except qm_digests.ManifestError as error:
        return [f"{error} (run python tools/update_translations.py)"]
    problems = []
    actual = qm_digests.digests_of(folder)
    for qm in sorted(actual.keys() | listed.keys()):
        if qm not in listed:
            problems.append(f"{name} does not list {qm} (run python tools/update_translations.py)")
        elif qm not in actual:
            problems.append(f"{name} lists {qm}, which is missing")
        elif actual[qm] != listed[qm]:
            problems.append(
                f"{name} has another SHA-256 for {qm}: it was compiled again or changed since "
                "(run python tools/update_translations.py)"
            )
    return problems


def check() -> list[str]:
    """Everything that is not up to date, one sentence each; empty when all is well."""
    problems: list[str] = []
    sources = python_sources()
    with tempfile.TemporaryDirectory() as tmp:
        for code in LANGUAGES:
            ts_file, qm_file = ts_path(code), qm_path(code)
            if not ts_file.is_file():
                problems.append(f"{ts_file.name} is missing")
                continue
            fresh_ts = Path(tmp) / ts_file.name
            shutil.copyfile(ts_file, fresh_ts)
            run_lupdate(code, fresh_ts, sources)
            have, want = set(read_messages(ts_file)), set(read_messages(fresh_ts))
            for message in sorted(want - have, key=_order):
                problems.append(
                    f"{ts_file.name}: new in the sources: [{message.context}] {message.source!r}"
                )
            for message in sorted(have - want, key=_order):
                problems.append(
                    f"{ts_file.name}: no longer in the sources: [{message.context}] "
                    f"{message.source!r}"
                )
            problems += unfinished_problems(ts_file)
            if code == LANGUAGES[0]:
                problems += context_warnings(ts_file)

            fresh_qm = Path(tmp) / qm_file.name
            run_lrelease(ts_file, fresh_qm)
            if not qm_file.is_file():
                problems.append(f"{qm_file.name} is missing")
            elif qm_file.read_bytes() != fresh_qm.read_bytes():
                problems.append(f"{qm_file.name} is stale (compile {ts_file.name} again)")
    problems += digest_problems()
    return problems


def _order(message: Message) -> tuple[str, str]:
    return message.context, message.source


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--check",
        action="store_true",
        help="change nothing; exit 1 if anything is out of date or unfinished",
    )
    args = parser.parse_args(argv)
    if args.check:
        problems = check()
        for problem in problems:
            print(problem)
        if problems:
            print(
                f"{len(problems)} translation problem(s); run python tools/update_translations.py "
                f"and translate what is unfinished.",
                file=sys.stderr,
            )
            return 1
        print("translations are up to date")
        return 0
    update()
    return 0


if __name__ == "__main__":
    sys.exit(main())
