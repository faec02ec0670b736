"""OP-9.5.3 / OP-12.2 the fame ladder: a composer moves, the ones in between shift."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..board import COMPOSERS

if TYPE_CHECKING:
    from ..state import OperaState


def shift(s: OperaState, comp: int, steps: int) -> None:
    """OP-9.5.3: the composers between the old and new position shift one place toward it."""
    old = s.fame[comp]
    new = old + steps
    for other in range(len(s.fame)):
        pos = s.fame[other]
        if steps > 0 and old < pos <= new:
            s.fame[other] = pos - 1
        elif steps < 0 and new <= pos < old:
            s.fame[other] = pos + 1
    s.fame[comp] = new


def ladder(s: OperaState) -> list[str]:
    """Composer ids bottom (position 1) to top."""
    out = [""] * len(s.fame)
    for comp, pos in enumerate(s.fame):
        out[pos - 1] = COMPOSERS[comp]
    return out
