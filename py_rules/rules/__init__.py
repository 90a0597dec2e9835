"""The rules: what a game is (`core`), its options, its errors, and the five games.

Nothing here knows about solvers, sessions or screens; every other layer builds on it.
"""
