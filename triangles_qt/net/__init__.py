"""Playing a friend on another computer (docs/network-protocol.md): the protocol's words
(`protocol`, no Qt), one connection's framing and limits (`connection`), the shared game state
machine (`match`), finding games on the local network (`discovery`) and headless play
(`headless`, `python -m triangles_qt.net`)."""
