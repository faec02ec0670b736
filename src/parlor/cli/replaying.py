"""`parlor replay FILE --step`: the position after each move, drawn as in play, from one seat's eyes or a
spectator's. A move is named only where the viewer may know it (the viewer's own moves); everybody's
moves show through the events the viewer may see."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from rich.text import Text

from parlor.ai import make_bot
from parlor.ai.hints import HINT_LEVEL, played_from, suggest
from parlor.core import Game, GameRecord, Rng, derive_seed
from parlor.core.text import Catalog, EventLog

from .hinting import hint_lines
from .screens import Context, GameScreen, draw, screen_for
from .screens.layout import LOG_LINES
from .words import say


@dataclass
class ReplaySteps:
    """A recorded game replayed move by move for `viewer` (None: a spectator), in `lang`."""

    game: Game[Any]
    record: GameRecord
    names: list[str]
    viewer: int | None
    lang: str
    console: Console
    catalog: Catalog = field(init=False)
    screen: GameScreen = field(init=False)

    def __post_init__(self) -> None:
        self.catalog = self.game.catalogs()[self.lang]
        self.screen = screen_for(self.game.id)

    def run(self, interactive: bool) -> None:
        state = self.game.setup(self.record.players, self.record.seed, self.record.options)
        log = EventLog(self.catalog, self.names)
        count = len(self.record.moves)
        self.show(state, log.lines, Text(say(self.lang, "before_first"), style="bold"))
        for number, (seat, data) in enumerate(self.record.moves, 1):
            if interactive and not self.ask(state, number - 1):
                return
            move = self.game.move_from_json(data)
            events = state.play(seat, move)
            view = state.view(self.viewer)
            for event in events:
                if event.visible(self.viewer):
                    log.add(event)
            if seat == self.viewer:  # others' moves show through the events the viewer may see
                what = self.screen.move_label(move, self.context(view), seat, view)
                line = say(self.lang, "move_of", number=number, count=count, name=self.names[seat], move=what)
            else:
                line = say(self.lang, "move_by", number=number, count=count, name=self.names[seat])
            self.show(state, log.lines, Text(line, style="bold"))

    def ask(self, state: Any, index: int) -> bool:
        """Wait for the viewer before the next move: False to stop; `hint`, where the decision here
        was the viewer's, says what the hard bot would have played and what they played."""
        deciding = self.viewer is not None and self.viewer in state.actors()
        while True:
            prompt = say(self.lang, "replay_next_hint" if deciding else "replay_next")
            answer = self.console.input(f"[dim]{prompt}[/]").strip().lower()
            if answer in ("q", "quit"):
                return False
            if answer != "hint" or not deciding:
                return True
            for line in self.past_hint(state, index):
                self.console.print(Text(line))

    def past_hint(self, state: Any, index: int) -> list[str]:
        """The hint the viewer could have asked for at move `index` (the same generator as `hint` in
        play), with the move they played from there where it was one of the choices."""
        assert self.viewer is not None
        rng = Rng(derive_seed(self.record.seed, "hint", index, self.viewer))
        later = ((mover, self.game.move_from_json(data)) for mover, data in self.record.moves[index:])
        played = played_from(state, self.viewer, later)
        given = suggest(make_bot(HINT_LEVEL), self.game, state, self.viewer, rng)
        viewer = self.viewer
        view = state.view(viewer)
        return hint_lines(given, self.lang, lambda move: self.catalog.move(move, self.names, viewer), played,
                          lambda move: self.screen.move_label(move, self.context(view), viewer, view))

    def context(self, view: dict[str, Any]) -> Context:
        return Context(self.game, self.catalog, self.lang, self.names, self.viewer,
                       self.screen.colours(view, self.record.players))

    def show(self, state: Any, log: list[str], footer: Text) -> None:
        """One position: the move that led to it, then the screen as in play, below the log's last
        lines (`log`: the sentences so far)."""
        view = state.view(self.viewer)
        ctx = self.context(view)
        lines = [self.screen.polish(line, view, ctx) for line in log[-LOG_LINES:]]
        seen = say(self.lang, "spectator_view") if self.viewer is None else \
            say(self.lang, "seat_view", name=self.names[self.viewer])
        header = Text.assemble((self.game.title_in(self.lang), "bold reverse"),
                               "  ", self.screen.status(view, ctx),
                               "  ", (ctx.marks.aside(seen).lstrip(), "dim"))
        self.console.rule()
        self.console.print(footer)  # what happened, above the position it led to
        self.console.print(draw(self.console, self.screen, view, ctx, header, lines, None).renderable)
