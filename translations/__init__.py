"""The app's translations: Qt Linguist sources (triangles_<code>.ts) and their compiled .qm
files."""
