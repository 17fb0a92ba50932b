"""Interoperability: Anki packages, spreadsheet CSV and portable progress files."""

from quizterm.interop.errors import InteropError, RowProblem

__all__ = ["InteropError", "RowProblem"]
