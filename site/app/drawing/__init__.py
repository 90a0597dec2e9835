"""What writes the page: the screen (the view model's one writer), the move list, the
forms, the canvas pen, the theme."""
