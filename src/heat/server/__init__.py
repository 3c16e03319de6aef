"""``heat serve``: the online game server.

Three layers, each importing only the ones above it:

1. the match (``spec``, ``table``, ``undo``, ``payloads``): a table's config, seed, seats and
   decisions, who must decide, undo and the clocks, and what each seat is shown. No transport,
   no database, no clock of its own (times are passed in): tested in-process.
2. storage (``store``, ``migrations``): SQLAlchemy Core, async, with Alembic migrations; a table
   is stored as its config and its log of decisions and is rebuilt by replay.
3. transport (``hub``, ``app``, ``messages``): Starlette HTTP JSON and WebSockets served by
   uvicorn; the hub serialises each table's changes, commits them, then tells the seats.

Bots decide in worker processes (``bots``), never on the event loop.
"""
