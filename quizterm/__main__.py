"""Entry point for ``python -m quizterm``."""

import sys

from quizterm.cli import main

sys.exit(main())
