"""The browser front end shared by the five games (runs in Pyodide through PyScript).

One generic controller (`controller.BoardController`) runs any game from `py_rules`;
each game adds only a small renderer in `renderers/` that draws its board on a canvas
and says which button means which move.
"""
