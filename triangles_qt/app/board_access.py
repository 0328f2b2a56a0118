"""What a screen reader hears of the board: the stars, the strokes and the triangles they closed
as accessible children of the board view (Qt's accessibility API, which AT-SPI, UI Automation and
NSAccessibility read), the keyboard cursor as the focused star, and what happens on the board
announced in words: a stroke played (whoever played it), a refusal, a hint, the end of the game.

Stars are numbered from 1 in the board's own order, the same numbers every sentence uses; each
also has a place in words (top left ... bottom right) as the player sees the board, turned or
not. The children are described by kind and number and read the board when asked, so a child
outlives nothing it describes: one that no longer exists (a stroke taken back) says it is not
valid. Qt may keep the interfaces it is handed; `BoardParts.forget` deletes ours through Qt
when the board changes or the app quits, so Python never frees one Qt still holds.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QObject, QPointF, QRect, Signal
from PySide6.QtGui import (
    QAccessible,
    QAccessibleAnnouncementEvent,
    QAccessibleEvent,
    QAccessibleInterface,
)
from PySide6.QtWidgets import QAccessibleWidget, QWidget

from triangles_qt.core.game import Move

from .notices import rejection_text
from .plurals import plural
from .table_talk import result_text

Role = QAccessible.Role
Text = QAccessible.Text

STAR, STROKE, TRIANGLE = "star", "stroke", "triangle"


class BoardWords(QObject):
    """The sentences of the accessible board, in the player's language."""

    def place(self, column: int, row: int) -> str:
        """Where a point lies on the board as seen, in a 3 x 3 grid (column, row: 0 to 2)."""
        names = (
            (self.tr("top left"), self.tr("top"), self.tr("top right")),
            (self.tr("left"), self.tr("centre"), self.tr("right")),
            (self.tr("bottom left"), self.tr("bottom"), self.tr("bottom right")),
        )
        return names[row][column]

    def star(self, number: int, place: str) -> str:
        return self.tr("Star %1, %2").replace("%1", str(number)).replace("%2", place)

    def star_joined(self, count: int) -> str:
        if not count:
            return self.tr("no stroke yet")
        return plural(self.tr("%n stroke(s) from it", "", count), count)

    def stroke(self, number: int, player: str, first: int, second: int) -> str:
        return (
            self.tr("Stroke %1 by %2, from star %3 to star %4")
            .replace("%1", str(number))
            .replace("%2", player)
            .replace("%3", str(first))
            .replace("%4", str(second))
        )

    def closed(self, count: int) -> str:
        return plural(self.tr("closed %n triangle(s)", "", count), count)

    def triangle(self, player: str, stars: Sequence[int]) -> str:
        a, b, c = (str(k) for k in stars)
        return (
            self.tr("Triangle of stars %1, %2 and %3, %4’s")
            .replace("%1", a)
            .replace("%2", b)
            .replace("%3", c)
            .replace("%4", player)
        )

    def drew(self, player: str, first: str, second: str) -> str:
        return (
            self.tr("%1 drew a stroke from %2 to %3")
            .replace("%1", player)
            .replace("%2", first)
            .replace("%3", second)
        )

    def star_at(self, number: int, place: str) -> str:
        return self.tr("star %1 (%2)").replace("%1", str(number)).replace("%2", place)

    def score(self, names: Sequence[str], scores: Sequence[int]) -> str:
        return (
            self.tr("Score: %1 %2, %3 %4")
            .replace("%1", names[0])
            .replace("%2", str(scores[0]))
            .replace("%3", names[1])
            .replace("%4", str(scores[1]))
        )

    def picked(self, star: str) -> str:
        return self.tr("Picked %1: now choose the other end.").replace("%1", star)

    def hint(self, first: str, second: str) -> str:
        return self.tr("Hint: from %1 to %2.").replace("%1", first).replace("%2", second)

    def board_summary(self, stars: int, strokes: int) -> str:
        stars_text = plural(self.tr("%n star(s)", "", stars), stars)
        strokes_text = plural(self.tr("%n stroke(s) drawn", "", strokes), strokes)
        return self.tr("%1, %2").replace("%1", stars_text).replace("%2", strokes_text)


@dataclass(frozen=True)
class Part:
    """One child of the board: a star (index), a stroke (its number in play order) or a
    triangle (the stroke's number and which of its triangles)."""

    kind: str
    index: int
    sub: int = 0


class BoardReader:
    """What the accessible board reads, as callables the view and the session supply: kept
    apart so that nothing here holds a Qt object Qt might delete first."""

    def __init__(
        self,
        star_count: Callable[[], int],
        moves: Callable[[], Sequence[Move]],
        player_name: Callable[[int], str],
        cursor: Callable[[], int | None],
        picked: Callable[[], int | None],
        screen_point: Callable[[int], QPointF],
        viewport: Callable[[], QRect],
    ) -> None:
        self.star_count = star_count
        self.moves = moves
        self.player_name = player_name
        self.cursor = cursor
        self.picked = picked
        self.screen_point = screen_point
        self.viewport = viewport

    def place(self, star: int) -> str:
        """Where star `star` lies as the player sees the board."""
        point, area = self.screen_point(star), self.viewport()
        width, height = max(1, area.width()), max(1, area.height())
        column = min(2, max(0, int(3 * (point.x() - area.left()) / width)))
        row = min(2, max(0, int(3 * (point.y() - area.top()) / height)))
        return BoardWords().place(column, row)

    def star_words(self, star: int) -> str:
        return BoardWords().star_at(star + 1, self.place(star))


class BoardParts:
    """The board as parts a screen reader can walk: what exists, what each is called, where it
    is; and the interfaces handed out for them, one per part. Qt may hold those (a screen
    reader's question registers them), so `forget` deletes them through Qt, never by dropping
    them in Python. Kept by the view, apart from the view's interface, which Qt deletes with the
    view. `reader` reads the board and the game."""

    def __init__(
        self, reader: BoardReader, board_interface: Callable[[], QAccessibleInterface | None]
    ) -> None:
        self.reader = reader
        self.board_interface = board_interface
        self._handed: dict[Part, PartAccessible] = {}

    def interface(self, part: Part) -> PartAccessible:
        if part not in self._handed:
            self._handed[part] = PartAccessible(self, part)
        return self._handed[part]

    def forget(self) -> None:
        for child in self._handed.values():
            QAccessible.deleteAccessibleInterface(QAccessible.uniqueId(child))
        self._handed.clear()

    # what exists
    def count(self) -> int:
        return self.reader.star_count() + len(self.reader.moves())

    def at(self, index: int) -> Part | None:
        stars = self.reader.star_count()
        if 0 <= index < stars:
            return Part(STAR, index)
        if stars <= index < self.count():
            return Part(STROKE, index - stars)
        return None

    def index_of(self, part: Part) -> int:
        if not self.exists(part) or part.kind == TRIANGLE:
            return -1
        return part.index if part.kind == STAR else self.reader.star_count() + part.index

    def exists(self, part: Part) -> bool:
        reader = self.reader
        if part.kind == STAR:
            return 0 <= part.index < reader.star_count()
        moves = reader.moves()
        if not 0 <= part.index < len(moves):
            return False
        return part.kind == STROKE or 0 <= part.sub < len(moves[part.index].triangles)

    def triangles_of(self, stroke: int) -> int:
        moves = self.reader.moves()
        return len(moves[stroke].triangles) if 0 <= stroke < len(moves) else 0

    # what each says
    def name(self, part: Part) -> str:
        if not self.exists(part):
            return ""
        words, reader = BoardWords(), self.reader
        if part.kind == STAR:
            return words.star(part.index + 1, reader.place(part.index))
        move = reader.moves()[part.index]
        player = reader.player_name(move.player)
        if part.kind == STROKE:
            first, second = sorted(k + 1 for k in move.stroke)
            text = words.stroke(part.index + 1, player, first, second)
            if move.triangles:
                text += ", " + words.closed(len(move.triangles))
            return text
        return words.triangle(player, sorted(k + 1 for k in move.triangles[part.sub]))

    def description(self, part: Part) -> str:
        if part.kind != STAR or not self.exists(part):
            return ""
        joined = sum(part.index in move.stroke for move in self.reader.moves())
        return BoardWords().star_joined(joined)

    def rect(self, part: Part) -> QRect:
        if not self.exists(part):
            return QRect()
        reader = self.reader
        if part.kind == STAR:
            stars: Sequence[int] = (part.index,)
        elif part.kind == STROKE:
            stars = reader.moves()[part.index].stroke
        else:
            stars = reader.moves()[part.index].triangles[part.sub]
        points = [reader.screen_point(k) for k in stars]
        xs, ys = [p.x() for p in points], [p.y() for p in points]
        pad = 8
        left, top = int(min(xs)) - pad, int(min(ys)) - pad
        return QRect(left, top, int(max(xs)) - left + pad, int(max(ys)) - top + pad)


class PartAccessible(QAccessibleInterface):
    """A star, a stroke or a triangle as a screen reader sees it."""

    def __init__(self, parts: BoardParts, part: Part) -> None:
        super().__init__()
        self._parts = parts
        self.part = part

    def isValid(self) -> bool:
        return self._parts.exists(self.part)

    def object(self):
        return None

    def window(self):
        board = self._parts.board_interface()
        return board.window() if board is not None else None

    def role(self):
        return Role.ListItem

    def state(self):
        state = QAccessible.State()
        reader = self._parts.reader
        if self.part.kind == STAR:
            state.focusable = True
            state.selectable = True
            state.focused = reader.cursor() == self.part.index
            state.selected = reader.picked() == self.part.index
        if not self.isValid():
            state.invisible = True
        return state

    def text(self, kind):
        if kind == Text.Name:
            return self._parts.name(self.part)
        if kind == Text.Description:
            return self._parts.description(self.part)
        return ""

    def setText(self, kind, text) -> None:
        pass

    def rect(self):
        return self._parts.rect(self.part)

    def parent(self):
        if self.part.kind == TRIANGLE:
            return self._parts.interface(Part(STROKE, self.part.index))
        return self._parts.board_interface()

    def childCount(self) -> int:
        return self._parts.triangles_of(self.part.index) if self.part.kind == STROKE else 0

    def child(self, index: int):
        if self.part.kind == STROKE and 0 <= index < self.childCount():
            return self._parts.interface(Part(TRIANGLE, self.part.index, index))
        return None

    def indexOfChild(self, child) -> int:
        part = getattr(child, "part", None)
        if self.part.kind == STROKE and part is not None and part.kind == TRIANGLE:
            return part.sub if part.index == self.part.index else -1
        return -1

    def childAt(self, x: int, y: int):
        return None

    def focusChild(self):
        return None

    def relations(self, match=None):
        return []


class BoardAccessible(QAccessibleWidget):
    """The board view as a list: its stars, then its strokes in play order (each holding the
    triangles it closed), the star under the keyboard cursor focused."""

    def __init__(self, view: QWidget, parts: BoardParts) -> None:
        super().__init__(view, Role.List, "")
        self._parts = parts

    def childCount(self) -> int:
        return self._parts.count()

    def child(self, index: int):
        part = self._parts.at(index)
        return self._parts.interface(part) if part is not None else None

    def indexOfChild(self, child) -> int:
        part = getattr(child, "part", None)
        return self._parts.index_of(part) if part is not None else -1

    def focusChild(self):
        cursor = self._parts.reader.cursor()
        return self._parts.interface(Part(STAR, cursor)) if cursor is not None else None

    def text(self, kind):
        if kind == Text.Description:
            reader = self._parts.reader
            summary = BoardWords().board_summary(reader.star_count(), len(reader.moves()))
            return f"{super().text(kind)} {summary}".strip()
        return super().text(kind)


class BoardAnnouncer(QObject):
    """Says what happens on the board to assistive technology: an announcement for each
    sentence, a focus event when the keyboard cursor moves. `announced` carries each sentence
    too, for whoever else listens (the tests)."""

    announced = Signal(str)

    def __init__(self, view: QWidget) -> None:
        super().__init__(view)
        self._view = view

    def say(self, text: str, assertive: bool = False) -> None:
        if not text:
            return
        event = QAccessibleAnnouncementEvent(self._view, text)
        if assertive:
            event.setPoliteness(QAccessible.AnnouncementPoliteness.Assertive)
        QAccessible.updateAccessibility(event)
        self.announced.emit(text)

    def focus_star(self, star: int | None) -> None:
        """The keyboard cursor is on `star`: the screen reader reads that star."""
        if star is None or not self._view.hasFocus():
            return
        event = QAccessibleEvent(self._view, QAccessible.Event.Focus)
        event.setChild(star)
        QAccessible.updateAccessibility(event)


def move_sentence(reader: BoardReader, move: Move, scores: Sequence[int]) -> str:
    """A played stroke in words: who drew it from where to where, what it closed, the score."""
    words = BoardWords()
    first, second = (reader.star_words(k) for k in move.stroke)
    text = words.drew(reader.player_name(move.player), first, second)
    if move.triangles:
        text += ", " + words.closed(len(move.triangles))
    names = [reader.player_name(k) for k in (0, 1)]
    return f"{text}. {words.score(names, scores)}."


def _board_interface(key: str, obj: QObject):
    """Qt's accessibility asks for an object's interface: the board view gets ours."""
    parts = getattr(obj, "access_parts", None)
    if isinstance(parts, BoardParts) and isinstance(obj, QWidget):
        interface = BoardAccessible(obj, parts)
        obj._access_interface = interface  # type: ignore[attr-defined]  # Qt keeps it: so do we
        return interface
    return None


_factory_installed = False


def make_board_accessible(view, session) -> BoardAnnouncer:
    """Give `view` (a BoardView showing `session`'s game, a GameSession) its accessible stars,
    strokes and triangles, and announce what happens on it. Returns the announcer."""
    global _factory_installed
    if not _factory_installed:
        QAccessible.installFactory(_board_interface)
        _factory_installed = True
    scene = view.board_scene

    def moves() -> Sequence[Move]:
        position = session.position
        return position.moves if position is not None else ()

    def player_name(player: int) -> str:
        seats = session.seats
        return seats[player].name if player < len(seats) else ""

    def screen_point(star: int) -> QPointF:
        return QPointF(view.viewport().mapToGlobal(view.star_view_pos(star)))

    def viewport() -> QRect:
        area = view.viewport().rect()
        return QRect(view.viewport().mapToGlobal(area.topLeft()), area.size())

    reader = BoardReader(
        lambda: scene.star_count,
        moves,
        player_name,
        lambda: scene.cursor,
        lambda: scene.picked,
        screen_point,
        viewport,
    )
    parts = BoardParts(reader, lambda: QAccessible.queryAccessibleInterface(view))
    view.access_parts = parts
    announcer = BoardAnnouncer(view)
    words = BoardWords(announcer)

    def played(move: Move) -> None:
        position = session.position
        scores = position.scores if position is not None else (0, 0)
        announcer.say(move_sentence(reader, move, scores))

    def new_game(_position) -> None:
        parts.forget()
        QAccessible.updateAccessibility(QAccessibleEvent(view, QAccessible.Event.ObjectReorder))

    def picked(star: int | None) -> None:
        if star is not None:
            announcer.say(words.picked(reader.star_words(star)))

    def previewed(refusal) -> None:
        if refusal is not None:
            announcer.say(rejection_text(refusal.reason))

    session.started.connect(new_game)
    session.stroke_played.connect(played)
    session.stroke_refused.connect(
        lambda refusal: announcer.say(rejection_text(refusal.reason), assertive=True)
    )
    session.hint_ready.connect(
        lambda i, j: announcer.say(words.hint(reader.star_words(i), reader.star_words(j)))
    )
    session.game_over.connect(lambda winner: announcer.say(result_text(session)))
    scene.picked_changed.connect(picked)
    scene.preview_changed.connect(previewed)
    scene.cursor_changed.connect(announcer.focus_star)
    app = QCoreApplication.instance()
    if app is not None:
        app.aboutToQuit.connect(parts.forget)
    return announcer
