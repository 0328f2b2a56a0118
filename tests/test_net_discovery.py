"""Finding games on the local network (triangles_qt.net.discovery): the TXT properties are
written and read strictly, and a game advertised on the loopback interface is found by a
browser, delivered on the Qt thread, and lost when withdrawn."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import threading  # noqa: E402

import pytest  # noqa: E402

from triangles_qt.net import discovery  # noqa: E402

pytest.importorskip("zeroconf")


def encoded(properties):
    return {k.encode(): v.encode() for k, v in properties.items()}


def test_the_properties_read_back():
    written = discovery.txt_properties("Ana\x1b[2J", "phone-24", True, "0.1.0")
    assert written == {
        "proto": "2",
        "name": "Ana[2J",
        "preset": "phone-24",
        "rules": "replay",
        "app": "0.1.0",
    }
    assert discovery.read_properties(encoded(written)) == {
        "name": "Ana[2J",
        "preset": "phone-24",
        "replay": True,
        "app": "0.1.0",
    }


@pytest.mark.parametrize(
    "change",
    [
        {"proto": "1"},  # a version-1 host: this program cannot play it
        {"name": ""},
        {"name": "x" * 41},
        {"preset": "huge"},
        {"rules": "anything"},
        {"app": "a\x00b"},
    ],
)
def test_properties_that_do_not_read_are_ignored(change):
    written = {**discovery.txt_properties("Ana", None, False, "1"), **change}
    assert discovery.read_properties(encoded(written)) is None
    assert discovery.read_properties({b"proto": b"\xff"}) is None


def test_an_instance_name_fits_a_dns_label():
    label = discovery.instance_name("Ü" * 40)
    assert label.endswith("." + discovery.SERVICE_TYPE)
    assert len(label[: -len(discovery.SERVICE_TYPE) - 1].encode()) <= 63


def test_an_instance_name_tells_nothing_of_this_computer():
    """'Alice on vm' told everyone on the network the computer's name (issue 47)."""
    import socket

    first, second = discovery.instance_name("Alice"), discovery.instance_name("Alice")
    assert first.startswith("Alice ") and first != second  # apart without the host's name
    assert socket.gethostname() not in first
    long = discovery.instance_name("Ü" * 40)
    assert len(long.split(".")[0].split(" ")[-1]) == 6  # the tag is never cut off


def test_a_game_advertised_on_loopback_is_found_and_lost_on_the_qt_thread(qtbot):
    browser = discovery.Browser(interfaces=["127.0.0.1"])
    found, lost, threads = [], [], []
    browser.found.connect(lambda game: (found.append(game), threads.append(threading.get_ident())))
    browser.lost.connect(lost.append)
    failures = []
    browser.failed.connect(failures.append)
    advertiser = discovery.Advertiser(
        "Ana", "127.0.0.1", 47999, "phone-24", False, "0.1.0", interfaces=["127.0.0.1"]
    )
    advertiser.failed.connect(failures.append)
    registered = []
    advertiser.registered.connect(registered.append)
    browser.start()
    advertiser.start()
    try:
        qtbot.waitUntil(lambda: bool(found or failures), timeout=15_000)
        assert not failures
        game = found[0]
        assert (game.name, game.address, game.port, game.preset) == (
            "Ana",
            "127.0.0.1",
            47999,
            "phone-24",
        )
        assert not game.replay_after_triangle
        assert threads[0] == threading.get_ident()  # handed over to the Qt thread
        qtbot.waitUntil(lambda: bool(registered), timeout=15_000)
        advertiser.stop()
        qtbot.waitUntil(lambda: bool(lost), timeout=15_000)
        assert lost[0] == game.service
    finally:
        advertiser.stop()
        browser.stop()
