"""The page's own code: type-checked by TypeScript's compiler (JSDoc types, no build step), every
text from the message catalogue, nothing fetched from elsewhere."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "src" / "heat" / "web" / "static"
WEB = ROOT / "web"


def test_the_client_code_type_checks():
    tsc = WEB / "node_modules" / ".bin" / "tsc"
    if not tsc.exists():
        pytest.fail("web/node_modules is missing: run `npm ci` in web/ (scripts/test does)")
    done = subprocess.run([str(tsc), "-p", str(WEB / "tsconfig.json")], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr


def test_every_message_id_the_page_uses_is_in_the_catalogue():
    catalogue = (STATIC / "js" / "messages.js").read_text()
    known = set(re.findall(r'^\s*"([a-z_.]+)":', catalogue, re.MULTILINE))
    used: set[str] = set()
    for script in (STATIC / "js").glob("*.js"):
        used |= set(re.findall(r'\bt\("([a-z_.]+)"', script.read_text()))
    assert used, "no message ids found"
    assert used <= known, sorted(used - known)


def test_the_page_fetches_nothing_from_elsewhere():
    for path in STATIC.rglob("*"):
        if path.is_file() and path.suffix in (".js", ".css", ".html"):
            text = path.read_text()
            assert not re.search(r"https?://(?!www\.w3\.org/)", text), path


def test_node_is_there_for_the_checks():
    assert shutil.which("node"), "node is needed to type-check the page (apt-get install -y nodejs npm)"
