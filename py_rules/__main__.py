"""`python -m py_rules`: play in the terminal, replay moves as JSON, and more."""

import sys

from .terminal.cli import main

sys.exit(main())
