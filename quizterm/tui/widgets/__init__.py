"""Widgets of the study app, one per module (imported by the screens that use them, never here)."""

__all__ = [
    # lesson reader and lab (F)
    "attention_view", "flip_card", "lesson_header", "lesson_parts", "quick_check", "reveal_steps",
    "think_prompt",
    # practice, drill, notebook (G)
    "answer_input", "choice_list", "countdown", "drill_dialogs", "guard", "palette", "question_view",
]
