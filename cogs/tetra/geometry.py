"""Tetrites as real geometry: a regular tetrahedron standing on one face of a hex-marked sheet.

Directions on the table are indices 0..5 of 60° steps, counter-clockwise seen from above.
Direction ``0`` points straight at seat 0 (south), direction ``3`` at seat 1 (north), so seat ``s``
sits at direction ``3 * s``. A tetrite standing on a face has its three side faces pointing at
three directions 120° apart (all even or all odd); its bottom face is stored as :data:`BOTTOM`.

A player sees a side face when it points within 60° of them: either one face points straight at
them, or an edge does and they see the two faces beside it. The opponent sees the rest, so the
two players see three faces in all. Each player reads the row left to right from their own seat.

An orientation is a JSON-friendly ``dict`` face name -> direction (``BOTTOM`` for the face on the
table). Face names are ``white`` and ``black`` (the tetrite's own colour, told apart by the rim)
and the names of the two other colours.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

COLOURS: tuple[str, ...] = ("red", "yellow", "blue")
BOTTOM = -1
DIRECTIONS = 6
CCW = 1  # one 60° step counter-clockwise seen from above
CW = -1

Orientation = dict[str, int]


def other_colours(colour: str) -> tuple[str, str]:
    first, second = (c for c in COLOURS if c != colour)
    return first, second


def face_names(colour: str) -> tuple[str, ...]:
    """The four faces of the ``colour`` tetrite: own colour white- and black-rimmed, then the others."""
    return ("white", "black", *other_colours(colour))


def face_colour(tetrite_colour: str, face: str) -> str:
    """The symbol printed on ``face``: the own colour for both rimmed faces."""
    return tetrite_colour if face in ("white", "black") else face


def face_rim(face: str) -> str | None:
    return face if face in ("white", "black") else None


def seat_direction(seat: int) -> int:
    return 3 * seat


def initial_orientation(colour: str, white_towards_seat: int) -> Orientation:
    """Black face down, white face pointing at ``white_towards_seat``.

    The book: the visible faces read red -> yellow -> blue counter-clockwise from above on every
    tetrite (the own colour's face is the white-rimmed one).
    """
    white_direction = seat_direction(white_towards_seat)
    orientation: Orientation = {"black": BOTTOM}
    for symbol in COLOURS:
        face = "white" if symbol == colour else symbol
        steps = (COLOURS.index(symbol) - COLOURS.index(colour)) % 3
        orientation[face] = (white_direction + 2 * steps) % DIRECTIONS
    return orientation


def bottom_face(orientation: Mapping[str, int]) -> str:
    (face,) = (f for f, d in orientation.items() if d == BOTTOM)
    return face


def side_faces(orientation: Mapping[str, int]) -> list[str]:
    """Side faces ordered by direction (counter-clockwise from direction 0)."""
    return sorted((f for f, d in orientation.items() if d != BOTTOM), key=lambda f: orientation[f])


def rotate(orientation: Mapping[str, int], steps: int) -> Orientation:
    """Turn the tetrite ``steps`` times 60° (positive = counter-clockwise from above)."""
    return {f: d if d == BOTTOM else (d + steps) % DIRECTIONS for f, d in orientation.items()}


def tip(orientation: Mapping[str, int], face: str) -> Orientation:
    """Tip the tetrite over the bottom edge of side ``face``: that face lands on the table.

    With ``face`` at direction t: the old bottom rises to t+180°, the side at t+120° falls to
    t+60° and the side at t-120° to t-60° (GAMES.md; checked against 3-D coordinates in tests).
    """
    towards = orientation[face]
    if towards == BOTTOM:
        raise ValueError("cannot tip towards the bottom face")
    moved: Orientation = {}
    for f, d in orientation.items():
        if f == face:
            moved[f] = BOTTOM
        elif d == BOTTOM:
            moved[f] = (towards + 3) % DIRECTIONS
        elif (d - towards) % DIRECTIONS == 2:
            moved[f] = (towards + 1) % DIRECTIONS
        else:
            moved[f] = (towards - 1) % DIRECTIONS
    return moved


def flip_white_black(orientation: Mapping[str, int]) -> Orientation:
    """The accident's white/black flip: the hidden rim takes the place of the shown one.

    The book: 「白面が見えている場合は、黒面が見えるようにする」. A tetrite standing on one of its
    own-colour faces is turned so that the other own-colour face (the one on the table) points
    where the shown one pointed, and the shown one goes down. As a move of the solid that is a tip
    onto the shown face followed by a half turn (180°); a tetrahedron cannot swap two faces and keep
    the others, so the two foreign faces trade directions (the opponent reads them in reverse order).
    A tetrite standing on a foreign face shows both rims already and is left alone. Flipping twice
    returns the start.
    """
    down = bottom_face(orientation)
    if down not in ("white", "black"):
        return dict(orientation)
    shown = "black" if down == "white" else "white"
    return rotate(tip(orientation, shown), 3)


def angular_distance(a: int, b: int) -> int:
    """Steps of 60° between two directions (0..3)."""
    diff = (a - b) % DIRECTIONS
    return min(diff, DIRECTIONS - diff)


def visible_faces(orientation: Mapping[str, int], seat: int) -> list[str]:
    """Faces ``seat`` sees, left to right from their chair (one or two faces)."""
    facing = seat_direction(seat)
    # From the seat, the face counter-clockwise of the one facing them lies on their right.
    left, right = (facing - 1) % DIRECTIONS, (facing + 1) % DIRECTIONS
    by_direction = {d: f for f, d in orientation.items() if d != BOTTOM}
    if facing in by_direction:
        return [by_direction[facing]]
    return [by_direction[left], by_direction[right]]


def reading_order(seat: int, count: int = 3) -> list[int]:
    """Table positions (0 = seat 0's left end) in the order ``seat`` reads them."""
    positions = list(range(count))
    return positions if seat == 0 else positions[::-1]


def own_face_distance(orientation: Mapping[str, int], seat: int) -> int | None:
    """60° steps from the visible own-colour side face to pointing straight at ``seat``.

    ``None`` when the tetrite stands on a foreign face (both own-colour faces are sides).
    """
    down = bottom_face(orientation)
    if down not in ("white", "black"):
        return None
    shown = "black" if down == "white" else "white"
    return angular_distance(orientation[shown], seat_direction(seat))


def steps_towards_own_face(orientation: Mapping[str, int], seat: int) -> list[int]:
    """The rotation(s) that bring the own-colour face closest to pointing at ``seat``.

    One forced direction at distance 1 or 2; both directions when the face already points at the
    seat (exception 1) or straight away from it (either way is equally short).
    """
    down = bottom_face(orientation)
    shown = "black" if down == "white" else "white"
    target = seat_direction(seat)
    distance = angular_distance(orientation[shown], target)
    if distance in (0, 3):
        return [CW, CCW]
    best = [s for s in (CW, CCW) if angular_distance((orientation[shown] + s) % DIRECTIONS, target) < distance]
    return best


def row_symbols(tetrites: Sequence[Mapping[str, object]], seat: int) -> list[list[str]]:
    """For each tetrite in ``seat``'s reading order, the colours it shows them, left to right."""
    groups = []
    for position in reading_order(seat, len(tetrites)):
        tetrite = tetrites[position]
        colour = str(tetrite["colour"])
        faces = tetrite["faces"]
        assert isinstance(faces, Mapping)
        groups.append([face_colour(colour, f) for f in visible_faces(faces, seat)])
    return groups
