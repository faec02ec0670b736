"""Star Road the Gathering (星光道風雲會), 2-8 players: rules in ../shared/rules/starroad (SR-n).

Objects, characters and ground rules are data (`data/*.toml`, or the TOML text of the `chart` and
`characters` options); `check_chart(path)` explains every problem of a chart file.
"""

from .character_data import check_characters
from .chart_data import check_chart
from .game import StarRoad
from .state import StarRoadState

GAME = StarRoad()

__all__ = ["GAME", "StarRoad", "StarRoadState", "check_chart", "check_characters"]
