"""Markers for `State.plant_markers`, the conformance kit's test hook: distinctive values put in
place of everything hidden from a seat, so that a view or log holding one has leaked it."""

from __future__ import annotations

FIRST_NUMBER = 9_000_001  # far above any count, id number or score a game holds


class Markers:
    """The markers of one planting, in order: a call gives the next distinctive number
    (9000001, 9000002, ...), `word(letter)` the next one for a value that is text ("§H3§");
    `planted` lists them all, which is what `plant_markers` returns."""

    def __init__(self) -> None:
        self.planted: list[int | str] = []

    def __call__(self) -> int:
        number = FIRST_NUMBER + len(self.planted)
        self.planted.append(number)
        return number

    def word(self, letter: str) -> str:
        text = f"§{letter}{len(self.planted) + 1}§"
        self.planted.append(text)
        return text
