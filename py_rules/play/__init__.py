"""What a front end drives: a `Session` (turns, undo, the computer's moves, saving),
a puzzle session and the lesson links that teachers embed. Built on rules and engine."""
