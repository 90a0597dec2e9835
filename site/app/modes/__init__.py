"""The modes a board plays in (hot seat, by link, puzzle), each a typed object the one
controller holds."""
