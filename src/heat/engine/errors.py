"""The exception family of the engine: every error a user can cause is a ``HeatError``."""

from __future__ import annotations


class HeatError(Exception):
    """Base class of every error the engine raises on bad input."""


class IllegalDecision(HeatError):
    """A decision that the rules do not allow now; the race is left unchanged."""


class DecisionSyntaxError(IllegalDecision):
    """A decision text that does not parse."""


class DataError(HeatError):
    """A malformed data file (track or cards); the message names the file and the field."""


class PositionError(HeatError):
    """A position or record that cannot be loaded; the message names the field."""


class ConfigError(HeatError):
    """A race configuration the rules do not allow (too many cars, an unknown colour...)."""
