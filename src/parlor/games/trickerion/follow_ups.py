"""A pending follow-up decision of an ability inside a placement or a Performance (TR-18.4, TR-20).

Each kind is a small frozen record (clones share it) naming what the next decision is about; its
`ability` is the Special card or Magician ability that the view and the events name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar


@dataclass(frozen=True, slots=True)
class BuyingTime:
    """Two Performance cards are chosen to change places."""

    ability: ClassVar[str] = "buying_time"


@dataclass(frozen=True, slots=True)
class Mimesis:
    """A face-up Special card of an opponent is copied (The Great Optico)."""

    ability: ClassVar[str] = "mimesis"


@dataclass(frozen=True, slots=True)
class PreparedTrickFollowUp:
    """A step about the Trick just prepared (the kinds below)."""

    ability: ClassVar[str]
    suit: int


class OnStagePreparation(PreparedTrickFollowUp):
    """One of its markers goes onto an empty slot."""

    __slots__ = ()
    ability = "on_stage_preparation"


class ReplaceableParts(PreparedTrickFollowUp):
    """One of its markers moves to another owned Trick."""

    __slots__ = ()
    ability = "replaceable_parts"


class UnstablePrototype(PreparedTrickFollowUp):
    """Its components are returned for a marker, Fame and Coins."""

    __slots__ = ()
    ability = "unstable_prototype"


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
class GrandPremiere:
    """One yield of a Trick performed for the first time is received once more."""

    ability: ClassVar[str] = "grand_premiere"
    yields: tuple[tuple[int, int, int, int], ...]   # (Trick, Fame, Coins, Shards) per Trick


FollowUp = (BuyingTime | Mimesis | OnStagePreparation | ReplaceableParts | UnstablePrototype
            | Investments | TravelingMerchants | HypnoticMotivation | GrandPremiere)
