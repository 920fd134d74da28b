"""Property tests of the tetrite geometry (GAMES.md "tetra"), including a 3-D model of the solid."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from cogs.tetra import geometry as g

colours = st.sampled_from(g.COLOURS)
seats = st.sampled_from([0, 1])
moves = st.lists(st.one_of(st.sampled_from([("rot", g.CW), ("rot", g.CCW)]),
                           st.tuples(st.just("tip"), st.integers(0, 2))), max_size=30)


def _apply(orientation: g.Orientation, move: tuple[str, int]) -> g.Orientation:
    kind, value = move
    if kind == "rot":
        return g.rotate(orientation, value)
    return g.tip(orientation, g.side_faces(orientation)[value])


@st.composite
def orientations(draw: st.DrawFn) -> tuple[str, g.Orientation]:
    colour = draw(colours)
    orientation = g.initial_orientation(colour, draw(seats))
    for move in draw(moves):
        orientation = _apply(orientation, move)
    return colour, orientation


def test_four_faces_own_colour_twice_white_and_black_rimmed_and_each_other_colour_once() -> None:
    for colour in g.COLOURS:
        faces = g.face_names(colour)
        assert len(faces) == 4
        assert sorted(g.face_colour(colour, f) for f in faces) == sorted([colour, colour, *g.other_colours(colour)])
        own = [f for f in faces if g.face_colour(colour, f) == colour]
        assert sorted(g.face_rim(f) for f in own) == ["black", "white"]
        assert all(g.face_rim(f) is None for f in faces if f not in own)


@given(orientations())
def test_exactly_one_bottom_face(case: tuple[str, g.Orientation]) -> None:
    colour, orientation = case
    assert sorted(orientation) == sorted(g.face_names(colour))
    assert list(orientation.values()).count(g.BOTTOM) == 1


@given(orientations())
def test_side_directions_are_120_degrees_apart(case: tuple[str, g.Orientation]) -> None:
    _, orientation = case
    directions = sorted(orientation[f] for f in g.side_faces(orientation))
    assert len(directions) == 3
    assert {(b - a) % 6 for a, b in zip(directions, directions[1:] + directions[:1], strict=True)} == {2}


@given(orientations())
def test_each_player_sees_one_or_two_faces_three_in_all(case: tuple[str, g.Orientation]) -> None:
    _, orientation = case
    seen0, seen1 = g.visible_faces(orientation, 0), g.visible_faces(orientation, 1)
    assert 1 <= len(seen0) <= 2 and 1 <= len(seen1) <= 2
    assert sorted(seen0 + seen1) == sorted(g.side_faces(orientation))


@given(orientations(), st.sampled_from([g.CW, g.CCW]))
def test_six_rotations_the_same_way_return_the_start(case: tuple[str, g.Orientation], step: int) -> None:
    _, orientation = case
    turned = orientation
    for count in range(6):
        turned = g.rotate(turned, step)
        assert (turned == orientation) == (count == 5)


@given(orientations(), st.integers(0, 2))
def test_tipping_the_same_face_back_and_forth_returns_the_start(case: tuple[str, g.Orientation], side: int) -> None:
    _, orientation = case
    old_bottom = g.bottom_face(orientation)
    tipped = g.tip(orientation, g.side_faces(orientation)[side])
    assert g.tip(tipped, old_bottom) == orientation


@given(orientations())
def test_white_black_flip_twice_returns_the_start(case: tuple[str, g.Orientation]) -> None:
    _, orientation = case
    flipped = g.flip_white_black(orientation)
    assert g.flip_white_black(flipped) == orientation
    if g.bottom_face(orientation) in ("white", "black"):
        assert g.bottom_face(flipped) != g.bottom_face(orientation)
        assert g.bottom_face(flipped) in ("white", "black")


def test_start_orientation_reads_red_yellow_blue_counter_clockwise() -> None:
    for colour in g.COLOURS:
        orientation = g.initial_orientation(colour, 0)
        assert g.bottom_face(orientation) == "black"
        assert orientation["white"] == 0
        ordered = [g.face_colour(colour, f) for f in g.side_faces(orientation)]
        start = ordered.index("red")
        assert ordered[start:] + ordered[:start] == ["red", "yellow", "blue"]


def test_white_face_pointing_at_a_player_shows_them_one_face() -> None:
    orientation = g.initial_orientation("red", 1)
    assert g.visible_faces(orientation, 1) == ["white"]
    # Seat 0 sees the two faces beside the edge pointing at them: blue on the left (from their chair).
    left, right = g.visible_faces(orientation, 0)
    assert orientation[left] == 5 and orientation[right] == 1


def test_the_opponent_reads_the_row_in_mirror_order() -> None:
    assert g.reading_order(0) == [0, 1, 2]
    assert g.reading_order(1) == [2, 1, 0]


# --- 3-D model -------------------------------------------------------------------------------

Vector = tuple[float, float, float]


def _direction_angle(direction: int) -> float:
    # Direction 0 points at seat 0 (south, -y); indices run counter-clockwise from above.
    return -math.pi / 2 + direction * math.pi / 3


def _normal(direction: int) -> Vector:
    """Outward unit normal of a face: straight down, or a side face tilted up by the solid's angle."""
    if direction == g.BOTTOM:
        return (0.0, 0.0, -1.0)
    horizontal = math.sqrt(8) / 3  # normals of a regular tetrahedron meet at cos = -1/3
    angle = _direction_angle(direction)
    return (horizontal * math.cos(angle), horizontal * math.sin(angle), 1 / 3)


def _rotate(v: Vector, axis: Vector, angle: float) -> Vector:
    """Rodrigues' rotation of ``v`` about the unit ``axis``."""
    (x, y, z), (a, b, c) = v, axis
    cos, sin = math.cos(angle), math.sin(angle)
    dot = a * x + b * y + c * z
    cross = (b * z - c * y, c * x - a * z, a * y - b * x)
    return tuple(v_i * cos + k_i * sin + ax_i * dot * (1 - cos) for v_i, k_i, ax_i in zip(v, cross, axis, strict=True))


def _direction_of(normal: Vector) -> int:
    if normal[2] < -0.99:
        return g.BOTTOM
    angle = math.atan2(normal[1], normal[0]) + math.pi / 2
    return round(angle / (math.pi / 3)) % 6


def _tip_in_3d(orientation: g.Orientation, face: str) -> g.Orientation:
    """Roll the solid about its bottom edge under ``face`` until ``face`` lies on the table."""
    angle = _direction_angle(orientation[face])
    # The edge is horizontal and perpendicular to the face's direction; rolling "away" turns the
    # face's outward normal down. Rotation by (pi - dihedral) about that edge does it.
    axis = (-math.sin(angle), math.cos(angle), 0.0)
    roll = math.pi - math.acos(1 / 3)
    result = {}
    for f, d in orientation.items():
        normal = _rotate(_normal(d), axis, roll)
        result[f] = _direction_of(normal)
    assert result[face] == g.BOTTOM
    return result


@given(orientations(), st.integers(0, 2))
def test_tipping_rule_matches_3d_coordinates(case: tuple[str, g.Orientation], side: int) -> None:
    _, orientation = case
    face = g.side_faces(orientation)[side]
    assert g.tip(orientation, face) == _tip_in_3d(orientation, face)


@given(orientations(), st.sampled_from([g.CW, g.CCW]))
def test_rotation_matches_3d_coordinates(case: tuple[str, g.Orientation], step: int) -> None:
    _, orientation = case
    turned = {f: _direction_of(_rotate(_normal(d), (0.0, 0.0, 1.0), step * math.pi / 3))
              for f, d in orientation.items()}
    assert g.rotate(orientation, step) == turned


def test_3d_normals_form_a_regular_tetrahedron() -> None:
    normals = [_normal(d) for d in (g.BOTTOM, 0, 2, 4)]
    for i, a in enumerate(normals):
        for b in normals[i + 1:]:
            assert math.isclose(sum(x * y for x, y in zip(a, b, strict=True)), -1 / 3, abs_tol=1e-9)


@given(orientations(), seats)
def test_rotation_phase_direction_never_moves_the_own_face_away(case: tuple[str, g.Orientation], seat: int) -> None:
    _, orientation = case
    distance = g.own_face_distance(orientation, seat)
    if distance is None:
        return
    for step in g.steps_towards_own_face(orientation, seat):
        after = g.own_face_distance(g.rotate(orientation, step), seat)
        assert after is not None
        assert after < distance or distance in (0, 3)


def _reachable(colour: str) -> list[g.Orientation]:
    """Every orientation the solid can take on the table (rotations and tips from the start)."""
    start = g.initial_orientation(colour, 0)
    seen = [start]
    frontier = [start]
    while frontier:
        orientation = frontier.pop()
        for move in [("rot", g.CCW), ("tip", 0), ("tip", 1), ("tip", 2)]:
            nxt = _apply(orientation, move)
            if nxt not in seen:
                seen.append(nxt)
                frontier.append(nxt)
    return seen


def test_white_black_flip_puts_the_hidden_rim_where_the_shown_one_pointed_and_is_a_real_move() -> None:
    """Issue 14 (accident A3): 「白面が見えている場合は、黒面が見えるようにする」. The black rim takes the white
    rim's place; since a tetrahedron has a handedness, the two foreign faces trade directions."""
    for colour in g.COLOURS:
        reachable = _reachable(colour)
        assert len(reachable) == 4 * 6  # any face down, six turns
        first, second = g.other_colours(colour)
        for orientation in reachable:
            flipped = g.flip_white_black(orientation)
            assert flipped in reachable  # a move of the solid
            down = g.bottom_face(orientation)
            if down not in ("white", "black"):
                assert flipped == orientation
                continue
            shown = "black" if down == "white" else "white"
            assert flipped[down] == orientation[shown] and flipped[shown] == g.BOTTOM
            assert (flipped[first], flipped[second]) == (orientation[second], orientation[first])
            # Swapping the rims in place and keeping the foreign faces would be a mirror image: no move.
            mirrored = dict(orientation) | {down: orientation[shown], shown: g.BOTTOM}
            assert mirrored not in reachable
    start = g.initial_orientation("red", 0)
    assert g.flip_white_black(start) == {"black": 0, "white": g.BOTTOM, "yellow": 4, "blue": 2}
    # Player 1 still sees red (the black rim now) and Player 2 reads blue, yellow instead of yellow, blue.
    assert g.visible_faces(g.flip_white_black(start), 0) == ["black"]
    assert g.visible_faces(start, 1) == ["yellow", "blue"]
    assert g.visible_faces(g.flip_white_black(start), 1) == ["blue", "yellow"]
