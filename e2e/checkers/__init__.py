"""The web's own checkers on the built site, no browser needed (see test_nu_html_checker.py)."""
