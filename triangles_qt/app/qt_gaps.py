"""Qt's own strings that Qt's catalogues of our languages lack: qtbase_bg and qtbase_es have no
"&Look in:" or "Files of &type:" for the file dialog, so Open and Save showed them in English.
They are translated in our catalogue under Qt's context; our translator is installed after Qt's,
so Qt finds them there. Nothing calls this module: it only has to be among the sources that
tools/update_translations.py reads."""

from PySide6.QtCore import QT_TRANSLATE_NOOP

QT_TRANSLATE_NOOP("QFileDialog", "&Look in:")
QT_TRANSLATE_NOOP("QFileDialog", "Files of &type:")
