"""A pending follow-up decision of an ability inside a placement or a Performance (TR-18.4, TR-20).

Each kind is a small frozen record (clones share it) naming what the next decision is about; its
`ability` is the Special card or Magician ability the view and the events name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar


@dataclass(frozen=True, slots=True)
class BuyingTime:
    """Two Performance cards are chosen to change places."""

    ability: ClassVar[str] = "buying_time"


@dataclass(frozen=True, slots=True)
class OnStagePreparation:
    """A marker of the Trick just prepared goes onto an empty slot."""

    ability: ClassVar[str] = "on_stage_preparation"
    suit: int


@dataclass(frozen=True, slots=True)
class ReplaceableParts:
    """A marker of the Trick just prepared moves to another owned Trick."""

    ability: ClassVar[str] = "replaceable_parts"
    suit: int


@dataclass(frozen=True, slots=True)
class UnstablePrototype:
    """Components of the Trick just prepared are returned for a marker, Fame and Coins."""

    ability: ClassVar[str] = "unstable_prototype"
    suit: int


@dataclass(frozen=True, slots=True)
class Investments:
    """Components bought at once with the Coins just taken."""

    ability: ClassVar[str] = "investments"
    coins: int                # Coins still to spend
    components: int           # components still to buy


@dataclass(frozen=True, slots=True)
class TravelingMerchants:
    """One component of the type just ordered, taken at once."""

    ability: ClassVar[str] = "traveling_merchants"
    component: int


@dataclass(frozen=True, slots=True)
class HypnoticMotivation:
    """A card from hand goes under the character just hired."""

    ability: ClassVar[str] = "hypnotic_motivation"
    character: int


@dataclass(frozen=True, slots=True)
class Mimesis:
    """A face-up Special card of an opponent is copied (The Great Optico)."""

    ability: ClassVar[str] = "mimesis"


@dataclass(frozen=True, slots=True)
class GrandPremiere:
    """One yield of a Trick performed for the first time is received once more."""

    ability: ClassVar[str] = "grand_premiere"
    yields: tuple[tuple[int, int, int, int], ...]   # (Trick, Fame, Coins, Shards) per Trick


FollowUp = (BuyingTime | OnStagePreparation | ReplaceableParts | UnstablePrototype | Investments
            | TravelingMerchants | HypnoticMotivation | Mimesis | GrandPremiere)
