"""Events: what happened, for logs and animations, each with an explicit audience."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

PUBLIC: None = None  # `visible_to=PUBLIC`: every seat and spectators see the event


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened.

    `visible_to` is required: a tuple of the seats that may see this event, or `PUBLIC`.
    `reveal` marks events that make hidden information known to someone (a card drawn, bids
    opened, a die rolled); undo never crosses such an event.
    """

    kind: str
    seat: int | None
    visible_to: tuple[int, ...] | None
    data: dict[str, Any] = field(default_factory=dict)
    reveal: bool = False

    def visible(self, seat: int | None) -> bool:
        """Whether `seat` (None = spectator) may see this event."""
        return self.visible_to is None or (seat is not None and seat in self.visible_to)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "data": self.data}


# A frozen dataclass's __init__ sets each field through object.__setattr__, which costs about
# three plain assignments, and the rules make events by the thousand in a search (every move
# carried out returns them). Event's __init__ writes its slots through their descriptors
# instead: the same fields and defaults, and still frozen afterwards.
_SET_KIND, _SET_SEAT, _SET_VISIBLE_TO, _SET_DATA, _SET_REVEAL = (
    Event.__dict__[name].__set__ for name in ("kind", "seat", "visible_to", "data", "reveal"))


_NO_DATA: Any = object()  # `data` not given: a new empty dict, as the dataclass's default factory


def _event_init(self: Event, kind: str, seat: int | None, visible_to: tuple[int, ...] | None,
                data: dict[str, Any] = _NO_DATA, reveal: bool = False) -> None:
    _SET_KIND(self, kind)
    _SET_SEAT(self, seat)
    _SET_VISIBLE_TO(self, visible_to)
    _SET_DATA(self, {} if data is _NO_DATA else data)
    _SET_REVEAL(self, reveal)


setattr(Event, "__init__", _event_init)  # noqa: B010 (mypy forbids assigning a method)


def visible_log(events: list[Event], seat: int | None) -> list[dict[str, Any]]:
    """The JSON log that `seat` may read, in order.

    >>> events = [Event("bid", 0, (0,), {"amount": 3}), Event("opened", None, PUBLIC)]
    >>> visible_log(events, 1)
    [{'kind': 'opened', 'seat': None, 'data': {}}]
    >>> len(visible_log(events, 0)), len(visible_log(events, None))
    (2, 1)
    """
    return [e.to_json() for e in events if e.visible(seat)]
