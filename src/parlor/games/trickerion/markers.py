"""Trick markers on Performance cards (TR-1.3, TR-12.3), each one small int for speed and hashing.

A code packs the owner's seat, the suit of the owner's Trick, Electra's stack of two markers (TR-20)
and the direction (0..3 = N, E, S, W) where the corner of the marker's own category points; an
empty slot is -1. Read and build codes only through these functions.
"""

SEAT_SHIFT, SUIT_SHIFT, STACK_BIT, DIRECTION_MASK = 5, 3, 4, 3
# Duel of Magicians (TR-22.1): a printed gray marker is coded with the seat GRAY (nobody's, never
# a player: at most 4 seats) and its printed category in the suit bits
GRAY = 7


def marker_code(seat: int, suit: int, direction: int = 0, stack: bool = False) -> int:
    """The code of a marker of `seat`'s Trick `suit` (one marker, or a Supercharge stack)."""
    return seat << SEAT_SHIFT | suit << SUIT_SHIFT | (STACK_BIT if stack else 0) | direction


def marker_parts(code: int) -> tuple[int, int, int, bool]:
    """Seat, suit, direction and stack in one call (for loops over many markers)."""
    return (code >> SEAT_SHIFT, code >> SUIT_SHIFT & 3, code & DIRECTION_MASK,
            bool(code & STACK_BIT))


def marker_seat(code: int) -> int:
    """The owner's seat (GRAY for a printed gray marker)."""
    return code >> SEAT_SHIFT


def marker_suit(code: int) -> int:
    """The suit of the owner's Trick (a gray marker: its printed category)."""
    return code >> SUIT_SHIFT & 3


def marker_trick_key(code: int) -> int:
    """Seat and suit together: equal for every marker of one player's Trick."""
    return code >> SUIT_SHIFT


def marker_direction(code: int) -> int:
    """Where the corner of the marker's own category points: 0..3 = N, E, S, W."""
    return code & DIRECTION_MASK


def turned(code: int, direction: int) -> int:
    """The same marker pointing its own category's corner to `direction`."""
    return (code & ~DIRECTION_MASK) | direction


def is_stack(code: int) -> bool:
    """Electra's Supercharge stack of two markers (TR-20)."""
    return bool(code & STACK_BIT)


def marker_count(code: int) -> int:
    """Physical markers a code stands for: 2 for a Supercharge stack (TR-20), else 1."""
    return 2 if code & STACK_BIT else 1


def is_gray(code: int) -> bool:
    """A printed gray marker of a Duel Performance card (TR-22.1): nobody's, never removed."""
    return code >> SEAT_SHIFT == GRAY
