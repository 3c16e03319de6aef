"""The full-screen terminal app (Textual): setup, race, hotseat, draft, season hub, results,
save/resume and replay, on top of the engine's views and legal decisions only.

``heat.tui.launch`` starts it from the command line; ``heat.tui.app.HeatApp`` is the app.
The modules without a user interface (``table``, ``setup_model``, ``selection``, ``staging``,
``replay_model``) hold the client's state and are tested on their own.
"""
