"""Tournaments: many games between strategies, on every core or a Dask cluster, kept in SQLite.

- `schedule`: which games a match, gauntlet or round robin consists of (`GameSpec`).
- `play`: plays one `GameSpec` wherever it runs (this process, a pool worker, a Dask worker).
- `executors`: where games run (`--jobs`, `--cluster`).
- `results`: the SQLite file every finished game goes into, and what resumes from it.
- `stats`: Elo with intervals, pentanomial counts, SPRT and a ranking.
- `report`: progress lines and tables for people.
"""
