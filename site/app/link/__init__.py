"""Playing a friend by link on a game page: the desk, the kept games, their words, the
controller's part."""
