"""The browser front end shared by the five games (runs in Pyodide through PyScript).

The game itself runs headless in `py_rules.Session`; one generic controller
(`controller.BoardController`) wires a board's events to it and `drawing.screen.Screen`
draws it; each game adds only a small renderer in `renderers/` that draws its board on a
canvas and says which button means which move.
"""
