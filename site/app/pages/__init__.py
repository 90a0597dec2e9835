"""The pages that are not game pages: the puzzles index, the lesson builder, the language menu."""
