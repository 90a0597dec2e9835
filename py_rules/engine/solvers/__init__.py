"""Exact solvers, one small module per game, sharing `base.Solver`; each module ends with
its game's `Engine` (`py_rules.kit`). A game's solver is found through its kit by
`py_rules.engine.solving`, which sits above the registry."""
