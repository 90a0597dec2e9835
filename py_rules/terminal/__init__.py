"""The terminal game (`python -m py_rules`, the `number-duels` command): the command
line, the game loop and one presenter per game. The web pages never import this folder."""
