"""``heat serve``: run the game server until Ctrl-C."""

from __future__ import annotations

import argparse
import contextlib
import logging
import socket
from pathlib import Path

from heat.engine import ConfigError
from heat.i18n import N_
from heat.server.translate import _

MIGRATE = "heat serve --db URL --migrate"
"""The command that upgrades a PostgreSQL database, quoted in refusals."""


def default_db() -> Path:
    """The database in the user's data folder (``$XDG_DATA_HOME/heat/heat.db`` on Linux)."""
    from platformdirs import user_data_dir

    return Path(user_data_dir("heat", appauthor=False)) / "heat.db"


def run(args: argparse.Namespace) -> int:
    """Serve on ``--host``:``--port`` with the SQLite database ``--db`` until interrupted."""
    try:
        import uvicorn

        from heat.server.app import Settings, create_app
    except ImportError as error:  # installed without the server's libraries
        raise ConfigError(
            N_("the server needs its libraries ({library}): run ./scripts/serve, which installs them"),
            library=error.name,
        ) from None
    if not 1 <= args.bot_workers <= 64:
        raise ConfigError(N_("--bot-workers must be 1 to 64, not {value}"), value=args.bot_workers)
    if not 0 <= args.port <= 65535:
        raise ConfigError(N_("--port must be 0 to 65535, not {value}"), value=args.port)
    from heat.server.store import is_postgres

    db: Path | str
    if args.db and is_postgres(args.db):
        db = args.db
    else:
        db = Path(args.db) if args.db else default_db()
        if db.is_dir():
            raise ConfigError(N_("--db {db} is a folder: give the database file"), db=str(db))
        if args.redis:
            raise ConfigError(N_("--redis is for several processes on one PostgreSQL --db: SQLite serves one process"))
    if args.migrate:
        return _migrate(db)
    if not 1 <= args.lease_seconds <= 3600:
        raise ConfigError(N_("--lease-seconds must be 1 to 3600, not {value}"), value=args.lease_seconds)
    if isinstance(db, str):
        _check_schema(db)
    if args.redis and not args.redis.startswith(("redis://", "rediss://", "unix://")):
        raise ConfigError(N_("--redis {url}: give a redis:// URL"), url=args.redis)
    settings = Settings(
        db=db,
        redis=args.redis,
        lease_seconds=float(args.lease_seconds),
        bot_workers=args.bot_workers,
        away_grace=args.away_grace,
        allow_positions=args.allow_positions,
        synchronous="NORMAL" if args.no_fsync else "FULL",
        pseudo_language=args.pseudo_language,
    )
    family = socket.AF_INET6 if ":" in args.host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((args.host, args.port))
        sock.listen(2048)  # connections wait in the backlog while the server starts
    except OSError as error:
        sock.close()
        raise ConfigError(
            N_("cannot listen on {host}:{port}: {reason}"), host=args.host, port=args.port, reason=error.strerror
        ) from None
    port = sock.getsockname()[1]
    shown = f"[{args.host}]" if family == socket.AF_INET6 else args.host
    where = _shown_url(db) if isinstance(db, str) else db
    print(
        _("Heat server on http://{host}:{port}/ (database {database})", host=shown, port=port, database=where),
        flush=True,
    )
    if args.host in ("0.0.0.0", "::"):
        print(_("Friends on your network connect to http://THIS-MACHINE'S-ADDRESS:{port}/", port=port), flush=True)
    print(_("Ctrl-C stops it."), flush=True)
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    # A commit that loses to another process's (issue 31) aborts psycopg's pipeline, which it
    # logs as a warning; the hub handles that loss (the change is made again on the new state).
    logging.getLogger("psycopg").setLevel(logging.ERROR)
    config = uvicorn.Config(
        create_app(settings),
        log_level="warning" if not args.verbose else "info",
        access_log=args.verbose,
        ws_max_size=1_048_576,
        ws_per_message_deflate=False,  # compression cost more CPU than the loopback or LAN saves
        loop="auto",  # uvloop where it is installed (not on Windows): ~8% less CPU per decision
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
        timeout_graceful_shutdown=3,
        lifespan="on",
    )
    server = uvicorn.Server(config)
    with contextlib.suppress(KeyboardInterrupt):  # uvicorn raises Ctrl-C again once it has shut down
        server.run(sockets=[sock])
    print(_("Heat server stopped."), flush=True)
    return 0 if server.started else 1


def _shown_url(url: str) -> str:
    """``url`` without its password (printed)."""
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)


def _migrate(db: Path | str) -> int:
    """``heat serve --migrate``: upgrade the database, say from which schema to which."""
    from heat.server.store import migrate_url

    try:
        before, after = migrate_url(db)
    except Exception as error:
        shown = _shown_url(db) if isinstance(db, str) else db
        raise ConfigError(
            N_("cannot migrate {database}: {reason}"), database=str(shown), reason=str(error).splitlines()[0]
        ) from None
    if before == after:
        print(_("The database is at the newest schema ({schema}).", schema=after))
    else:
        upgraded = _("The database was upgraded from schema {before} to {after}.", before=before, after=after)
        print(upgraded if before else _("The database was upgraded from schema none to {after}.", after=after))
    return 0


def _check_schema(url: str) -> None:
    """Refuse to serve a PostgreSQL database that is not at the newest schema, or unreachable."""
    from sqlalchemy import create_engine

    from heat.server.store import postgres_url, schema_revision

    engine = create_engine(postgres_url(url))
    try:
        current, head = schema_revision(engine)
    except Exception as error:
        raise ConfigError(
            N_("cannot open {database}: {reason}"), database=_shown_url(url), reason=str(error).splitlines()[0]
        ) from None
    finally:
        engine.dispose()
    if current != head:
        if current is None:
            raise ConfigError(
                N_("the database has no schema, this server needs {head}: run {command} once first"),
                head=head,
                command=MIGRATE,
            )
        raise ConfigError(
            N_("the database is at schema {current}, this server needs {head}: run {command} once first"),
            current=current,
            head=head,
            command=MIGRATE,
        )
