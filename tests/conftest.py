import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
# benchmarks/services.py starts the programs the tests need (heat serve, PostgreSQL, Redis, Chromium's flags)
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
