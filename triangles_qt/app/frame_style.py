"""The widget style: Fusion, with the edges of buttons, group boxes and panels drawn clear on every
theme.

Fusion draws those edges a shade darker than the window, which all but vanishes on a dark theme
(about 1.2:1 against High contrast's window). WCAG asks 3:1 for the edge that shows where a
control is, so the edge is drawn again in the window's colour moved just far enough toward white
(or black, on a light theme) to reach that.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPalette, QPen
from PySide6.QtWidgets import QAbstractItemView, QMenu, QProxyStyle, QStyle, QStyleOptionButton

from .colors import readable_on

EDGE_CONTRAST = 3.0
_PE = QStyle.PrimitiveElement
_CIRCLES = frozenset({_PE.PE_IndicatorRadioButton})
_EDGED = (
    frozenset(
        {
            _PE.PE_FrameGroupBox,
            _PE.PE_Frame,
            _PE.PE_FrameLineEdit,
            _PE.PE_IndicatorCheckBox,
            _PE.PE_PanelButtonCommand,  # push buttons and combo boxes: their face may not stand out
        }
    )
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
        default = (
            element == _PE.PE_PanelButtonCommand
            and isinstance(option, QStyleOptionButton)
            and bool(option.features & QStyleOptionButton.ButtonFeature.DefaultButton)
        )
        if default:
            # Fusion tints a default button's face with the accent, which takes its text below
            # the contrast the palette keeps for buttons: the face stays plain, the edge doubles.
            option = QStyleOptionButton(option)
            option.features &= ~QStyleOptionButton.ButtonFeature.DefaultButton
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
        elif default:
            painter.setPen(QPen(colour, 2))
            painter.drawRoundedRect(edge.adjusted(0.5, 0.5, -0.5, -0.5), 2.0, 2.0)
        else:
            painter.setPen(QPen(colour, 1))
            painter.drawRoundedRect(edge, 2.0, 2.0)
        painter.restore()


def button_faces(button: QColor) -> tuple[QColor, QColor]:
    """The lightest and the darkest colour Fusion paints a push button's face in, for the
    palette's Button colour: it lightens the colour, greys it a little and draws it as a gradient
    (qfusionstyle: buttonColor, qt_fusion_gradient), lighter still under the pointer."""
    gray = (button.red() * 11 + button.green() * 16 + button.blue() * 5) // 32
    face = button.lighter(100 + max(1, (180 - gray) // 6))
    face.setHsv(face.hsvHue(), int(face.hsvSaturation() * 0.75), face.value())
    return face.lighter(124), face.darker(104).lighter(102)
