"""Shared test set-up: the test-only fixture game is registered for every test."""

from __future__ import annotations

from fixturegames.sealed_bids import SealedBids
from parlor.core import register

register(SealedBids())
