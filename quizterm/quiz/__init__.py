"""Quiz logic: question instances, grading, checks, generators, sessions, drills and scheduling."""

from quizterm.quiz.grading import Grade, InvalidResponse, grade
from quizterm.quiz.instance import QuestionInstance, make_instance

__all__ = ["Grade", "InvalidResponse", "QuestionInstance", "grade", "make_instance"]
