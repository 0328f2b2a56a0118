"""The pictures of the rules help and the help page itself: small example boards drawn with QPainter
in the look of the app for a given theme, and the per-language rules text (help_content/) with the
pictures embedded.

Pictures (docs/rules.md sections 2 and 3):

    cross    a stroke refused because it would cross another one (dashed, warning colour)
    star     a stroke refused because it would pass over a star
    inside   a big closed triangle with a star inside scores nothing; the small ones around it do
    square   the diagonal of a square closes two triangles at once

The help files refer to a picture as ``<img src="picture:NAME">``.
"""

from __future__ import annotations

import base64
import importlib.resources
import re
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPointF, QRectF, QSize, Qt, QUrl
from PySide6.QtGui import (
    QBrush,
    QColor,
    QImage,
    QLinearGradient,
    QPainter,
    QPen,
    QPolygonF,
    QRadialGradient,
    QTextDocument,
)
from PySide6.QtWidgets import QTextBrowser

from triangles_qt.themes import NEBULA, Theme, colour_rgba

from .i18n import DEFAULT_LANGUAGE, current_language, normalise_code

PICTURES: tuple[str, ...] = ("cross", "star", "inside", "square")
"""The pictures' names, in the order the help shows them."""

# Every picture is drawn on this logical canvas and scaled to the size asked for.
CANVAS = QSize(320, 200)
# The size the help pages show them at (the <img> tags say the same): two fit side by side in a
# 600-pixel-wide window.
HELP_PICTURE_SIZE = QSize(272, 170)
PICTURE_URL_SCHEME = "picture"

_HELP_PACKAGE = "triangles_qt.app.help_content"
_HELP_DIR = Path(__file__).resolve().parent / "help_content"
_PICTURE_SRC_RE = re.compile(r'src="picture:([a-z]+)"')

Point = tuple[float, float]


def _qcolor(colour: str) -> QColor:
    """A theme colour (#rrggbb or CSS-style #rrggbbaa) as a QColor."""
    return QColor(*colour_rgba(colour))


def _faded(colour: QColor, alpha: int) -> QColor:
    copy = QColor(colour)
    copy.setAlpha(max(0, min(255, round(alpha * colour.alpha() / 255))))
    return copy


class _Sketch:
    """A painter on the logical canvas with the app's drawing vocabulary."""

    STAR_CORE = 3.8
    STAR_GLOW = 11.0
    STROKE_WIDTH = 3.2

    def __init__(self, painter: QPainter, theme: Theme) -> None:
        self.p = painter
        self.theme = theme
        self.strokes = [_qcolor(c) for c in theme.player_strokes]
        self.fills = [_qcolor(c) for c in theme.player_fills]
        self.warning = _qcolor(theme.warning)
        self.highlight = _qcolor(theme.highlight)

    def sky(self) -> None:
        rect = QRectF(0, 0, CANVAS.width(), CANVAS.height())
        gradient = QLinearGradient(rect.topLeft(), rect.bottomLeft())
        gradient.setColorAt(0.0, _qcolor(self.theme.background_top))
        gradient.setColorAt(1.0, _qcolor(self.theme.background_bottom))
        self.p.setPen(Qt.PenStyle.NoPen)
        self.p.setBrush(QBrush(gradient))
        self.p.drawRoundedRect(rect, 14, 14)

    def fill(self, player: int, *points: Point) -> None:
        self.p.setPen(Qt.PenStyle.NoPen)
        self.p.setBrush(self.fills[player])
        self.p.drawPolygon(QPolygonF([QPointF(*pt) for pt in points]))

    def stroke(self, player: int, a: Point, b: Point, glow: bool = False) -> None:
        colour = self.strokes[player]
        if glow:  # the stroke just played, as the board shows it
            for alpha, width in ((60, 4.0), (110, 2.2)):
                self.p.setPen(self._pen(_faded(colour, alpha), self.STROKE_WIDTH * width))
                self.p.drawLine(QPointF(*a), QPointF(*b))
            colour = colour.lighter(135)
        self.p.setPen(self._pen(colour, self.STROKE_WIDTH))
        self.p.drawLine(QPointF(*a), QPointF(*b))

    def refused(self, a: Point, b: Point) -> None:
        """A refused stroke: dashed, in the warning colour."""
        self.p.setPen(self._pen(self.warning, 2.6, Qt.PenStyle.DashLine))
        self.p.drawLine(QPointF(*a), QPointF(*b))

    def trouble(self, at: Point) -> None:
        """A warning ring around the place that makes a stroke illegal."""
        self.p.setBrush(Qt.BrushStyle.NoBrush)
        self.p.setPen(self._pen(_faded(self.warning, 90), 6.0))
        self.p.drawEllipse(QPointF(*at), 13, 13)
        self.p.setPen(self._pen(self.warning, 2.0))
        self.p.drawEllipse(QPointF(*at), 13, 13)

    def star(self, at: Point) -> None:
        centre = QPointF(*at)
        glow_colour = _qcolor(self.theme.star_glow)
        glow = QRadialGradient(centre, self.STAR_GLOW)
        glow.setColorAt(0.0, _faded(glow_colour, 230))
        glow.setColorAt(0.35, _faded(glow_colour, 90))
        glow.setColorAt(1.0, _faded(glow_colour, 0))
        self.p.setPen(Qt.PenStyle.NoPen)
        self.p.setBrush(QBrush(glow))
        self.p.drawEllipse(centre, self.STAR_GLOW, self.STAR_GLOW)
        self.p.setBrush(_qcolor(self.theme.star))
        self.p.drawEllipse(centre, self.STAR_CORE, self.STAR_CORE)

    def stars(self, *points: Point) -> None:
        for point in points:
            self.star(point)

    def refused_badge(self) -> None:
        """A "not allowed" badge in the top right corner: an x in a disc, warning colour."""
        x, y, size = CANVAS.width() - 24.0, 24.0, 5.0
        self.p.setPen(self._pen(self.warning, 1.6))
        self.p.setBrush(_faded(self.warning, 60))
        self.p.drawEllipse(QPointF(x, y), 12, 12)
        self.p.setPen(self._pen(self.warning, 2.6))
        self.p.drawLine(QPointF(x - size, y - size), QPointF(x + size, y + size))
        self.p.drawLine(QPointF(x - size, y + size), QPointF(x + size, y - size))

    def ring(self, at: Point) -> None:
        """A soft highlight ring: "look at this star"."""
        self.p.setBrush(Qt.BrushStyle.NoBrush)
        self.p.setPen(self._pen(_faded(self.highlight, 200), 1.6, Qt.PenStyle.DotLine))
        self.p.drawEllipse(QPointF(*at), 12, 12)

    def arrow(self, a: Point, b: Point) -> None:
        """A plain arrow from one scene to the next, in the text colour."""
        colour = _faded(_qcolor(self.theme.text), 200)
        self.p.setPen(self._pen(colour, 2.4))
        self.p.drawLine(QPointF(*a), QPointF(*b))
        x, y = b
        self.p.drawLine(QPointF(x, y), QPointF(x - 8, y - 6))
        self.p.drawLine(QPointF(x, y), QPointF(x - 8, y + 6))

    @staticmethod
    def _pen(colour: QColor, width: float, style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> QPen:
        return QPen(colour, width, style, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)


def _draw_cross(s: _Sketch) -> None:
    # An existing blue stroke; the red-orange player tries a stroke that would cut through it.
    a, b = (58, 42), (252, 164)
    c, d = (46, 160), (272, 52)
    s.stroke(1, a, b)
    s.stroke(0, (252, 164), (176, 182))
    s.refused(c, d)
    s.trouble(_intersection(a, b, c, d))
    s.stars(a, b, c, d, (176, 182), (160, 28), (110, 120))
    s.refused_badge()


def _draw_star(s: _Sketch) -> None:
    # From A to B the line would graze star C: refused. A-C and C-B are fine.
    a, b = (40, 150), (280, 62)
    c = (161, 107)  # on the segment A-B (within the board's tolerance)
    s.stroke(0, (40, 150), (92, 40))
    s.stroke(1, (92, 40), (214, 30))
    s.refused(a, b)
    s.trouble(c)
    s.stars(a, b, c, (92, 40), (214, 30), (236, 168), (118, 182))
    s.refused_badge()


def _draw_inside(s: _Sketch) -> None:
    # Left: the big triangle P-Q-R is closed but holds star S, so it scores nothing and stays
    # empty. Right: the same stars once S is joined to P, Q and R: three small triangles count.
    for dx, joined in ((0, False), (156, True)):
        p, q, r, star = (22 + dx, 172), (142 + dx, 172), (82 + dx, 34), (82 + dx, 126)
        if joined:
            s.fill(0, p, q, star)
            s.fill(1, q, r, star)
            s.fill(0, r, p, star)
        s.stroke(0, p, q)
        s.stroke(1, q, r)
        s.stroke(0, r, p)
        if joined:
            s.stroke(1, star, p)
            s.stroke(0, star, q)
            s.stroke(1, star, r, glow=True)
        else:
            s.ring(star)
        s.stars(p, q, r, star)
    s.arrow((138, 84), (176, 84))


def _draw_square(s: _Sketch) -> None:
    # Four sides drawn; the diagonal A-C closes A-B-C and A-C-D: two triangles with one stroke.
    a, b, c, d = (90, 30), (230, 30), (230, 170), (90, 170)
    s.fill(0, a, b, c)
    s.fill(0, a, c, d)
    s.stroke(1, a, b)
    s.stroke(0, b, c)
    s.stroke(1, c, d)
    s.stroke(0, d, a)
    s.stroke(0, a, c, glow=True)
    s.stars(a, b, c, d, (36, 100), (284, 100))


_DRAW = {"cross": _draw_cross, "star": _draw_star, "inside": _draw_inside, "square": _draw_square}


def _intersection(a: Point, b: Point, c: Point, d: Point) -> Point:
    (x1, y1), (x2, y2), (x3, y3), (x4, y4) = a, b, c, d
    denominator = (x1 - x2) * (y3 - y4) - (y1 - y2) * (x3 - x4)
    t = ((x1 - x3) * (y3 - y4) - (y1 - y3) * (x3 - x4)) / denominator
    return x1 + t * (x2 - x1), y1 + t * (y2 - y1)


def _as_size(size: QSize | tuple[int, int] | int | None) -> QSize:
    if size is None:
        return QSize(CANVAS)
    if isinstance(size, QSize):
        return QSize(size)
    if isinstance(size, int):
        return QSize(size, round(size * CANVAS.height() / CANVAS.width()))
    width, height = size
    return QSize(int(width), int(height))


def render_picture(
    name: str,
    theme: Theme = NEBULA,
    size: QSize | tuple[int, int] | int | None = None,
    device_pixel_ratio: float = 1.0,
) -> QImage:
    """The picture `name` (one of `PICTURES`) drawn in `theme`. `size` is in logical pixels (a
    QSize, (width, height), or a width; default 320 x 200); the image holds
    size x `device_pixel_ratio` pixels and says so, so it stays sharp on high-DPI screens."""
    if name not in _DRAW:
        raise KeyError(f"no rule picture named {name!r}; there are {', '.join(PICTURES)}")
    logical = _as_size(size)
    ratio = max(1.0, float(device_pixel_ratio))
    image = QImage(
        max(1, round(logical.width() * ratio)),
        max(1, round(logical.height() * ratio)),
        QImage.Format.Format_ARGB32_Premultiplied,
    )
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        # Fit the logical canvas into the image, keeping its proportions, centred.
        scale = min(image.width() / CANVAS.width(), image.height() / CANVAS.height())
        painter.translate(
            (image.width() - CANVAS.width() * scale) / 2,
            (image.height() - CANVAS.height() * scale) / 2,
        )
        painter.scale(scale, scale)
        sketch = _Sketch(painter, theme)
        sketch.sky()
        _DRAW[name](sketch)
    finally:
        painter.end()
    image.setDevicePixelRatio(ratio)
    return image


def picture_url(name: str) -> QUrl:
    """The URL the help pages use for picture `name` (``picture:NAME``)."""
    return QUrl(f"{PICTURE_URL_SCHEME}:{name}")


def _png_base64(image: QImage) -> str:
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    # PySide6's stubs want the format as bytes, but at run time save() takes only a str.
    image.save(buffer, "PNG")  # type: ignore[call-overload]
    buffer.close()
    return base64.b64encode(data.data()).decode("ascii")


def help_source(language_code: str | None = None) -> str:
    """The rules page of a language as written (pictures still as ``picture:NAME``); English for
    a language without one. None means the language the app shows now."""
    if language_code is None:
        language_code = current_language()
    code = normalise_code(language_code) or DEFAULT_LANGUAGE
    for candidate in dict.fromkeys((code, DEFAULT_LANGUAGE)):
        text = _read_help_file(f"rules_{candidate}.html")
        if text is not None:
            return text
    raise FileNotFoundError(f"the rules help (rules_{DEFAULT_LANGUAGE}.html) is missing")


def _read_help_file(filename: str) -> str | None:
    try:
        resource = importlib.resources.files(_HELP_PACKAGE) / filename
        if resource.is_file():
            return resource.read_text(encoding="utf-8")
    except (ModuleNotFoundError, OSError):
        pass
    path = _HELP_DIR / filename
    return path.read_text(encoding="utf-8") if path.is_file() else None


def help_html(
    language_code: str | None, theme: Theme = NEBULA, device_pixel_ratio: float = 1.0
) -> str:
    """The rules page of a language (None: the app's current one), self-contained: its pictures
    drawn in `theme` and embedded as PNG data URIs (fine for saving or for any HTML viewer)."""

    def embed(match: re.Match[str]) -> str:
        image = render_picture(match.group(1), theme, HELP_PICTURE_SIZE, device_pixel_ratio)
        return f'src="data:image/png;base64,{_png_base64(image)}"'

    return _PICTURE_SRC_RE.sub(embed, help_source(language_code))


def load_help(
    text_browser: QTextBrowser, language_code: str | None = None, theme: Theme = NEBULA
) -> None:
    """Show the rules page of a language (None: the app's current one) in `text_browser`, its
    pictures drawn in `theme` at the browser's pixel density. Call it again after a change of
    language (from the widget's retranslate_ui) or of theme."""
    ratio = text_browser.devicePixelRatioF()
    document = text_browser.document()
    for name in PICTURES:
        image = render_picture(name, theme, HELP_PICTURE_SIZE, ratio)
        document.addResource(QTextDocument.ResourceType.ImageResource, picture_url(name), image)
    text_browser.setHtml(help_source(language_code))
