"""The cross-engine smoke suite: the site in WebKit and Firefox (see conftest.py)."""
