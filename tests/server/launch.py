"""Starts a real server process for the tests: `python launch.py --port N ...` (the `parlor serve`
arguments). It registers the test-only fixture game first, as tests/conftest.py does in-process."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fixturegames.sealed_bids import SealedBids
from parlor.core import register
from parlor.server.__main__ import main

register(SealedBids())
main(sys.argv[1:])
