"""``tabletop projections rebuild [NAME]`` and ``run``: clear refusals, a progress bar, equal results."""

from __future__ import annotations

from api.config import Settings
from domain.application import Tables
from projections.runner import NAMES, Projector, open_store, rebuild, run
from tests.domain.test_tables import play_to_end, seated


def test_rebuild_names_an_unknown_read_model_and_changes_nothing(tmp_path, capsys):
    assert rebuild(Settings(store="sqlite", data_dir=tmp_path), "leaderboard") == 2
    err = capsys.readouterr().err
    assert "unknown read model 'leaderboard'" in err and "lobby" in err
    assert not (tmp_path / "readmodel.db").exists()


def test_rebuild_of_one_model_on_sqlite_draws_a_progress_bar_and_equals_the_incremental(tmp_path, capsys):
    settings = Settings(store="sqlite", data_dir=tmp_path)
    tables = Tables(env=settings.eventsourcing_env("tables"))
    try:
        table_id = seated(tables, names=("ann", "bob"))
        tables.start(table_id)
        play_to_end(tables, table_id)
        store = open_store(settings)
        Projector(tables, store).catch_up()
        before = {name: store.all(name) for name in NAMES}
        assert rebuild(settings, "log") == 0
        err = capsys.readouterr().err
        head = tables.recorder.max_notification_id()
        assert f"rebuild log [{'#' * 30}] {head}/{head}" in err and f"rebuilt log: {head} events" in err
        assert {name: store.all(name) for name in NAMES} == before
        store.close()
    finally:
        tables.close()


def test_the_worker_refuses_the_in_memory_store(capsys):
    assert run(Settings(store="memory")) == 2
    assert "TABLETOP_PROJECTIONS=thread" in capsys.readouterr().err
