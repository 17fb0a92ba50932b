"""The statistics and interop packages never load textual or rich (only the renderers do)."""

import subprocess
import sys


def test_stats_and_interop_stay_below_the_ui():
    mods = ["quizterm.stats", "quizterm.interop.anki_import", "quizterm.interop.anki_export",
            "quizterm.interop.csv_questions", "quizterm.interop.csv_export", "quizterm.interop.progress_import"]
    code = (
        "import sys, importlib\n"
        f"for m in {mods!r}: importlib.import_module(m)\n"
        "print(','.join(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
