"""One terminal presenter per game; each game's kit names its presenter class
(`py_rules.registry`), and `base` holds the console and the default presenter."""
