"""YAML -> models with file:line positions; the bank of lessons and questions."""

from quizterm.content.bank import Bank, Origin
from quizterm.content.loader import LoadResult, content_files, load_content
from quizterm.content.problems import ContentError, Problem

__all__ = ["Bank", "ContentError", "LoadResult", "Origin", "Problem", "content_files", "load_content"]
