"""Computer players in their own processes, behind the line-based engine protocol of
docs/engine-protocol.md: the protocol's words (`protocol`), the host that runs an engine and
never trusts it (`host`), and `python -m triangles_qt.engine`, which serves a plugin's strategy
as an engine."""
