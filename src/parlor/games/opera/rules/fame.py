"""OP-9.5.3 / OP-12.2 the fame ladder: a composer moves, the ones in between shift."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..board import COMPOSERS

if TYPE_CHECKING:
    from ..state import OperaState


def shift(state: OperaState, composer: int, steps: int) -> None:
    """OP-9.5.3: the composers between the old and new position shift one place toward it."""
    old = state.fame[composer]
    new = old + steps
    for other in range(len(state.fame)):
        pos = state.fame[other]
        if steps > 0 and old < pos <= new:
            state.fame[other] = pos - 1
        elif steps < 0 and new <= pos < old:
            state.fame[other] = pos + 1
    state.fame[composer] = new


def ladder(state: OperaState) -> list[str]:
    """Composer ids bottom (position 1) to top."""
    out = [""] * len(state.fame)
    for composer, pos in enumerate(state.fame):
        out[pos - 1] = COMPOSERS[composer]
    return out
