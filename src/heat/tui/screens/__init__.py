"""The screens of the app: setup, race, draft, season hub, results, replay, handoff, dialogs."""
