"""The content an options set plays with: the design chart, character cards and ground
structures (packaged, or a table's own chart and table, SR-20), loaded once and shared."""

from __future__ import annotations

from functools import lru_cache

from parlor.core import BadOptions, DataError

from .character_data import load_characters
from .chart_data import load_chart
from .data import base_data, load_ground
from .model import Content
from .moves import Build
from .options import Options


@lru_cache(maxsize=32)
def make_content(chart: str, characters: str, edition: int, ground_rules: bool) -> Content:
    """Load (and validate) the content an options set holds (packaged, or uploaded TOML text:
    never a file an option names); shared by every game using it."""
    objects = load_chart(chart)
    cards = load_characters(characters)
    ground = load_ground() if ground_rules else {}
    designs = tuple(sorted(no for no, d in objects.items() if d.edition <= edition))
    slots = tuple(dict.fromkeys(d.slot for d in ground.values()))
    return Content(base_data(), objects, designs, cards, ground, slots,
                   tuple(Build(no) for no in designs))


def content_for(options: Options) -> Content:
    if options.ground_rules and options.edition < 3:
        raise BadOptions("option ground_rules needs edition 3 (SR-19.1)",
                         reason="ground_rules_edition", name="ground_rules")
    try:
        return make_content(options.chart, options.characters, options.edition,
                            options.ground_rules)
    except DataError as err:
        # each problem names the option its file came with (`chart`, `characters`: an upload is
        # read under that name), so the lobby words it beside that option
        raise BadOptions(f"the chart or character table is invalid: {err}", reason=err.reason,
                         problems=err.problems, game="starroad") from None
