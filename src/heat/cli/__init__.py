"""The ``heat`` command line."""
