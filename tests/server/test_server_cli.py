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
