"""The browser boundary: the DOM, localStorage, the lesson API's events."""
