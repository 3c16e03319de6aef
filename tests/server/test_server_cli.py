"""``heat serve`` on the command line: its options are checked before anything starts, and the
other commands never load the server's libraries."""

from __future__ import annotations

import subprocess
import sys

import pytest

from heat.cli.main import main


def test_building_the_command_line_loads_no_server_library():
    code = (
        "import sys; from heat.cli.parser import build_parser; build_parser(); "
        "print(sorted({'uvicorn', 'starlette', 'sqlalchemy', 'heat.server.app'} & set(sys.modules)))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--port", "70000"], "--port must be 0 to 65535"),
        (["--bot-workers", "0"], "--bot-workers must be 1 to 64"),
        (["--redis", "redis://127.0.0.1:1/0"], "--redis is for several processes on one PostgreSQL --db"),
        (["--lease-seconds", "0"], "--lease-seconds must be 1 to 3600"),
    ],
)
def test_bad_serve_options_are_one_line_errors(options, message, capsys, tmp_path):
    assert main(["serve", "--db", str(tmp_path / "x.db"), *options]) == 2
    assert message in capsys.readouterr().err


def test_a_folder_is_not_a_database(capsys, tmp_path):
    assert main(["serve", "--db", str(tmp_path)]) == 2
    assert "is a folder" in capsys.readouterr().err


def test_the_default_database_is_in_the_users_data_folder(monkeypatch, tmp_path):
    from heat.server.main import default_db

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_db() == tmp_path / "heat" / "heat.db"


def test_a_sqlite_database_is_migrated_by_serve_migrate(capsys, tmp_path):
    db = tmp_path / "new.db"
    assert main(["serve", "--db", str(db), "--migrate"]) == 0
    assert "from schema none to 0002" in capsys.readouterr().out
    assert main(["serve", "--db", str(db), "--migrate"]) == 0
    assert "newest schema (0002)" in capsys.readouterr().out


def test_an_unreachable_postgres_is_a_one_line_error(capsys):
    assert main(["serve", "--port", "0", "--db", "postgresql://heat@127.0.0.1:1/none"]) == 2
    err = capsys.readouterr().err
    assert "cannot open postgresql://heat@127.0.0.1:1/none" in err and "Traceback" not in err


def test_serve_refuses_and_reports_in_the_language_asked(capsys, tmp_path):
    """issue 32: a refused option of ``heat serve`` and its migration report are translated."""
    from heat import i18n

    try:
        assert main(["--lang", "fr", "serve", "--db", str(tmp_path / "x.db"), "--port", "70000"]) == 2
        assert "--port doit être de 0 à 65535, pas 70000" in capsys.readouterr().err
        assert main(["--lang", "de", "serve", "--db", str(tmp_path / "new.db"), "--migrate"]) == 0
        assert "von keinem Schema auf Schema 0002" in capsys.readouterr().out
    finally:
        i18n.set_language("en")
