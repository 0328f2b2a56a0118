"""The widget style: Fusion, with the edges of group boxes and panels drawn clear on every theme.

Fusion draws those edges a shade darker than the window, which all but vanishes on a dark theme
(about 1.2:1 against High contrast's window). WCAG asks 3:1 for the edge that shows where a
control is, so the edge is drawn again in the window's colour moved just far enough toward white
(or black, on a light theme) to reach that.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPalette, QPen
from PySide6.QtWidgets import QAbstractItemView, QMenu, QProxyStyle, QStyle

from .colors import readable_on

EDGE_CONTRAST = 3.0
_PE = QStyle.PrimitiveElement
_CIRCLES = frozenset({_PE.PE_IndicatorRadioButton})
_EDGED = (
    frozenset({_PE.PE_FrameGroupBox, _PE.PE_Frame, _PE.PE_FrameLineEdit, _PE.PE_IndicatorCheckBox})
    | _CIRCLES
)
_State = QStyle.StateFlag


class FrameStyle(QProxyStyle):
    """Fusion with visible frames. A focused control keeps Fusion's focus colour and a disabled
    one its faded look (WCAG exempts inactive controls); controls drawn on something other than
    the window (menus, item views) are left as Fusion draws them."""

    def __init__(self) -> None:
        super().__init__("Fusion")
        self._edges: dict[int, QColor] = {}  # window rgba -> edge colour: painting is frequent

    def _edge_colour(self, window: QColor) -> QColor:
        key = window.rgba()
        if key not in self._edges:
            self._edges[key] = readable_on(window, window, EDGE_CONTRAST)
        return self._edges[key]

    def drawPrimitive(self, element, option, painter: QPainter, widget=None) -> None:
        super().drawPrimitive(element, option, painter, widget)
        if element not in _EDGED or option.rect.width() < 4 or option.rect.height() < 4:
            return
        if option.state & _State.State_HasFocus or not option.state & _State.State_Enabled:
            return
        if isinstance(widget, (QMenu, QAbstractItemView)):
            return
        window = option.palette.color(QPalette.ColorRole.Window)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        colour = self._edge_colour(window)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        edge = QRectF(option.rect).adjusted(0.5, 0.5, -0.5, -0.5)
        if element in _CIRCLES:
            # antialiasing greys a 1-pixel circle everywhere; a little more keeps its contrast
            painter.setPen(QPen(colour, 1.5))
            painter.drawEllipse(edge.adjusted(0.25, 0.25, -0.25, -0.25))
        else:
            painter.setPen(QPen(colour, 1))
            painter.drawRoundedRect(edge, 2.0, 2.0)
        painter.restore()
