"""quizterm: a terminal study app with a live attention engine."""

__version__ = "0.1.0"
