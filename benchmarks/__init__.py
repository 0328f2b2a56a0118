"""Benchmarks and measurement scripts, run on demand from the repository's root as modules
(``python3 -m benchmarks.NAME``); none of them runs in the test suite. Each script's docstring
says what it measures and how to run it."""
