"""English plural forms for `tr("%n ...(s)", "", n)` text when no translation supplied them.

Qt picks plural forms from the installed translator (the shipped English .qm has them too). If
no translator is installed (tests, a damaged file) Qt returns the source with %n filled in; then
`plural()` chooses the English singular or plural, so nobody reads "1 triangle(s)". Translations
never contain "(s)", so translated text passes through untouched. The tr() call stays at the call
site, where lupdate finds it.
"""

from __future__ import annotations


def plural(translated: str, n: int) -> str:
    """English singular/plural for an untranslated "(s)" string; anything else unchanged."""
    if "(s)" in translated:
        return translated.replace("(s)", "" if n == 1 else "s")
    return translated
