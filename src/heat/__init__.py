"""Heat: Pedal to the Metal, in Python."""

__version__ = "0.1.0"
