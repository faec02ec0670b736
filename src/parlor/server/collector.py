"""How `parlor serve` runs Python's garbage collector.

Reference counting frees almost everything the server makes; the collector is only for reference
cycles, and its full passes stop the event loop for every object the process holds (about 185,000
under 50 tables: 150 to 240 ms each on the shared two cores, four to six times in 8 s). They came
from two sources: cycles made per game (a socket's HTTP parser and protocol, fixed where they are
made, sockets.py) and the rule that starts a full pass once a quarter more objects than the oldest
generation holds have reached it, which busy tables' short-lived positions and events reach.

So, once the application is built and its modules imported:

- everything alive then (modules, classes, the routers, the games' data: about 130,000 objects that
  live as long as the process) is moved out of the collector's sight (`gc.freeze`), so a full
  pass examines only what the tables hold;
- the young generations are collected less often (`THRESHOLDS`), so an object must outlive more
  passes before it reaches the oldest generation: a finished game's positions are freed by
  reference counting before that;
- a full pass may start only after 100 passes of the middle generation instead of 10: with the
  cycles above gone there is little for it to find (none in 8 s at 50 tables).
"""

from __future__ import annotations

import gc

THRESHOLDS = (2000, 20, 100)  # Python's defaults: (700, 10, 10)


def settle() -> int:
    """Collect once, freeze what survives and set `THRESHOLDS`; the number of objects frozen."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
    return gc.get_freeze_count()


__all__ = ["THRESHOLDS", "settle"]
