"""UI strings in en. Keep keys in the same order and sections as the other language."""

STRINGS: dict[str, str] = {
    # --- app, home, reader, attention lab ---
    # --- practice, flashcards, notebook, drill ---
    # --- statistics ---
    # --- doctor, backup, store notices ---
}
