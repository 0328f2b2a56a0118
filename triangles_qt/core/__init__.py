"""The model: boards, exact geometry, rules, game records. Imports no Qt."""
