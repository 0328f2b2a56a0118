"""The floors of the code point down (issue 46), read from the sources: every import at any
depth of a module (but the type checker's, under `if TYPE_CHECKING:`). The middle floors
(table, net, engine, tournament, analysis, core) never import the app and word nothing for a
player; core and analysis stand on core alone (and the project's constants); and no module
imports itself round a cycle."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "triangles_qt"
MIDDLE = ("table", "net", "engine", "tournament", "analysis", "core")
# What core and analysis may stand on besides core itself.
BENEATH = {
    "core": {"triangles_qt.defaults"},
    "analysis": {"triangles_qt.defaults", "triangles_qt.computer_move", "triangles_qt.analysis"},
}
WORDS = ("QCoreApplication.translate", "self.tr(", "QT_TRANSLATE_NOOP", "QtWidgets", "QtGui")


def module_name(path):
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def sources():
    return {module_name(path): path for path in PACKAGE.rglob("*.py")}


def type_only(tree):
    """The nodes under `if TYPE_CHECKING:`: imports for the type checker, never run."""
    skipped = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            for child in node.body:
                skipped |= {id(n) for n in ast.walk(child)}
    return skipped


def imports(name, path):
    """The project's modules `name` imports when it runs, wherever in the file."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = type_only(tree)
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found.add(target)
            found |= {f"{target}.{alias.name}" for alias in node.names}
    return {m for m in found if m == "triangles_qt" or m.startswith("triangles_qt.")}


def import_map():
    known = sources()
    graph = {}
    for name, path in known.items():
        targets = set()
        for target in imports(name, path):
            while target not in known and "." in target:
                target = target.rpartition(".")[0]
            if target in known and target != name and target != "triangles_qt":
                targets.add(target)
        graph[name] = targets
    return graph


def floor(name):
    parts = name.split(".")
    return parts[1] if len(parts) > 2 else None


def test_the_middle_floors_never_import_the_app_nor_word_anything():
    graph = import_map()
    upward = [
        (name, target)
        for name, targets in graph.items()
        if floor(name) in MIDDLE
        for target in targets
        if target.startswith("triangles_qt.app")
    ]
    assert upward == []
    worded = [
        (name, word)
        for name, path in sources().items()
        if floor(name) in MIDDLE
        for word in WORDS
        if word in path.read_text(encoding="utf-8")
    ]
    assert worded == []


def test_core_and_analysis_stand_on_core_alone():
    graph = import_map()
    for name, targets in graph.items():
        if floor(name) in BENEATH:
            allowed = BENEATH[floor(name)]
            beyond = {
                t
                for t in targets
                if floor(t) != "core" and not any(t.startswith(a) for a in allowed)
            }
            assert beyond == set(), name


def test_no_module_imports_itself_round_a_cycle():
    graph = import_map()
    cycles = []
    state = {}

    def visit(name, trail):
        state[name] = "open"
        for target in sorted(graph[name]):
            if state.get(target) == "open":
                cycles.append(trail[trail.index(target) :] + [target])
            elif target not in state:
                visit(target, [*trail, target])
        state[name] = "done"

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])
    assert cycles == []
