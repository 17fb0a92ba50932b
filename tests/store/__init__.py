"""Progress store tests. RELIABILITY.md "Progress store (SQLite)" rows -> tests:

- kill -9 during an answer: test_kill.py::test_kill9_during_answers_keeps_every_committed_answer
  (4 rounds x 50 SIGKILLs; integrity_check, all-or-nothing, attempts/schedule/notebook/totals agree)
- SIGTERM / SIGHUP / Ctrl+C mid-drill (store side): test_kill.py::test_sigterm_sighup_ctrl_c_mid_drill_...
- error inside a write (disk full, I/O, locked): test_faults.py (every stage of an answer, every write
  method, real SQLITE_FULL via max_page_count, real lock timeout), test_state_machine.py (faults vs model)
- second instance: test_lock.py::test_second_instance_gets_store_locked_with_pid,
  test_lock.py::test_read_only_verbs_still_work_while_locked,
  test_commands.py::test_restore_refuses_while_another_instance_runs
- 0-byte / truncated / garbage header / random bytes inside: test_damage.py::
  test_damaged_file_is_moved_aside_and_backup_offered[*], test_fresh_start_after_damage_never_overwrites,
  test_backup.py::test_big_file_is_fully_checked_in_the_background_and_never_backed_up_if_damaged
- newer / older database: test_damage.py::test_newer_database_is_refused_and_left_untouched,
  test_migrations.py::test_older_database_is_backed_up_then_migrated, test_failed_migration_leaves_...
- backups: test_backup.py (backup API vs file copy of a WAL database, verify, rotation, every N, daily)
- clock jumps, DST: test_clock.py
- 1,000,000 answers: test_scale.py (hot queries use indexes); figures: benchmarks/store.py
"""
