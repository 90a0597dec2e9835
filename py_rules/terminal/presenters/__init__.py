"""One terminal presenter per game, in a module named like the game's rules module.

`py_rules.terminal.loop` finds a game's presenter through the registry (`PRESENTER` in
`py_rules.terminal.presenters.<module>`); `base` holds the console and the default presenter.
"""
