"""`python -m py_rules`: play in the terminal, replay moves as JSON, and more."""

import sys

from .cli import main

sys.exit(main())
