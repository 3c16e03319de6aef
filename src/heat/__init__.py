"""Heat: Pedal to the Metal, in Python."""

from heat.engine_build import use_compiled_engine

__version__ = "0.1.0"

# Load the engine compiled by mypyc where an up-to-date build exists, unless HEAT_PURE=1 forbids
# it: this must run before anything imports heat.engine.
use_compiled_engine()
