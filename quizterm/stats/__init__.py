"""Statistics computed from the store and the bank: accuracy, activity, schedules, drills."""

from quizterm.stats.report import StatsReport, compute_stats

__all__ = ["StatsReport", "compute_stats"]
