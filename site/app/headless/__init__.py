"""The board logic without a browser: presses to moves, the seats, the page's view model,
the guarded save slot."""
