"""Formation (陣形バトル): the pure rules engine.

The state is a JSON-compatible dict; every hidden fact lives in it and ``view`` strips what a seat may
not know. Face-up or face-down is never stored: it follows from where a card stands and the phase
(reserve cards are face down; front and back cards are face down only while the lines are being
placed, except the deck-reveal card), which keeps the state small and the rules in one place.

Move notation (option ids):
    type:sword | type:shield | type:bow              formation type (round-1 second player first)
    formation:<layout>                               this round's formation card (secret)
    place:<row>:<col>:<card>  place:undo             guided face-down placement (secret)
    attack:<row>:<col>[:red|:blue]                   colour only on a Wild square
    defend:<row>:<col>[:red|:blue]
    advance:<card>                                   which card of a 2 Cards square moves up (secret)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.engine import (
    Decision,
    Event,
    GameOver,
    IllegalChoice,
    MatchOption,
    Outcome,
    Seat,
    State,
    check_choice,
    copy_state,
    draw_rng,
)
from cogs.formation.data import (
    BACK,
    BATTLES_PER_ROUND,
    CARD_ORDER,
    COLUMNS,
    DECK,
    DECK_BACKS,
    FRONT,
    HAND_SIZE,
    RESERVE,
    ROUNDS,
    SQUARE_INDEX,
    SQUARES,
    TYPES,
    Layout,
    card_colour,
    card_points,
    card_rank,
    catalogue,
    layout,
)

GAME_ID = "formation"
STATE_VERSION = 1

TYPE, FORMATION, LINES, RESERVE_STEP, BATTLE, ADVANCE, OVER = (
    "type", "formation", "lines", "reserve", "battle", "advance", "over")
PHASES = (TYPE, FORMATION, LINES, RESERVE_STEP, BATTLE, ADVANCE, OVER)

ATTACKER_WINS, DEFENDER_WINS, DRAW = "attacker", "defender", "draw"


def prompt_key(key: str) -> str:
    return f"{GAME_ID}.prompt.{key}"


def event_key(key: str) -> str:
    return f"{GAME_ID}.event.{key}"


def sort_cards(cards: list[str]) -> list[str]:
    return sorted(cards, key=CARD_ORDER.__getitem__)


# ---------------------------------------------------------------------------------------------
# Small questions about a state
# ---------------------------------------------------------------------------------------------

def first_player(state: State, round_number: int | None = None) -> Seat:
    """Round 1's first player is drawn at setup (じゃんけん); it alternates every round."""
    round_number = state["round"] if round_number is None else round_number
    return state["round1_first"] if round_number % 2 == 1 else 1 - state["round1_first"]


def tiebreak_seat(state: State) -> Seat:
    """The book: a tie goes to the player who was second in round 1."""
    return 1 - state["round1_first"]


def attacker(state: State) -> Seat:
    """Battles alternate, the round's first player attacking in battles 1, 3, 5 and 7."""
    first = first_player(state)
    return first if state["battle"] % 2 == 0 else 1 - first


def seat_layout(state: State, seat: Seat) -> Layout:
    return layout(state["formations"][seat])


def row_squares(row: int) -> range:
    return range(row * COLUMNS, row * COLUMNS + COLUMNS)


def occupied(board: list[list[str]], row: int) -> list[int]:
    return [index for index in row_squares(row) if board[index]]


def attack_row(board: list[list[str]]) -> list[int]:
    """The attacker picks from the front row, or the back row when the front is empty."""
    return occupied(board, FRONT) or occupied(board, BACK)


def defence_row(board: list[list[str]]) -> list[int]:
    """The defender picks from the back row, or the front row when the back is empty."""
    return occupied(board, BACK) or occupied(board, FRONT)


def is_face_up(state: State, square_index: int, square_is_reveal: bool) -> bool:
    """Reserve cards are face down; front and back cards are face down only while the lines are placed."""
    if square_index >= RESERVE * COLUMNS:
        return False
    if state["phase"] == LINES:
        return square_is_reveal
    return True


def placed_count(board: list[list[str]], slots: Sequence[int]) -> int:
    return sum(len(board[index]) for index in dict.fromkeys(slots))


def step_slots(state: State, seat: Seat) -> tuple[int, ...]:
    chosen = seat_layout(state, seat)
    return chosen.line_slots if state["phase"] == LINES else chosen.reserve_slots


def next_slot(state: State, seat: Seat) -> int | None:
    slots = step_slots(state, seat)
    count = placed_count(state["boards"][seat], slots)
    return slots[count] if count < len(slots) else None


def effective_rank(card: str, bonus: int) -> int:
    return card_rank(card) + bonus


def battle_winner(attack_card: str, attack_colour: str, attack_bonus: int,
                  defence_card: str, defence_colour: str, defence_bonus: int) -> str:
    """The book's 5-3: the defender wins only with the same colour and a higher rank; 0 beats 12."""
    attack_printed, defence_printed = card_rank(attack_card), card_rank(defence_card)
    # The special condition reads the printed numbers, so rank bonuses never cancel it (book, 9).
    if attack_printed == 12 and defence_printed == 0:
        return DEFENDER_WINS
    if attack_printed == 0 and defence_printed == 12:
        return ATTACKER_WINS
    if defence_colour != attack_colour:
        return ATTACKER_WINS
    attack_value = effective_rank(attack_card, attack_bonus)
    defence_value = effective_rank(defence_card, defence_bonus)
    if defence_value > attack_value:
        return DEFENDER_WINS
    if defence_value == attack_value:
        return DRAW
    return ATTACKER_WINS


def round_points(captured: list[list[Any]]) -> int:
    return sum(card_points(card) for _owner, card in captured)


def totals(state: State) -> list[int]:
    return [sum(points) for points in state["round_points"]]


# ---------------------------------------------------------------------------------------------
# Decisions
# ---------------------------------------------------------------------------------------------

def square_options(verb: str, board: list[list[str]], chosen: Layout, squares: Sequence[int],
                   colours: Sequence[str] = ("red", "blue")) -> list[str]:
    options: list[str] = []
    for index in squares:
        if chosen.squares[index].wild:
            options.extend(f"{verb}:{SQUARES[index]}:{colour}" for colour in colours)
        else:
            options.append(f"{verb}:{SQUARES[index]}")
    return options


def attack_options(state: State, seat: Seat) -> list[str]:
    board = state["boards"][seat]
    return square_options("attack", board, seat_layout(state, seat), attack_row(board))


def defence_options(state: State, seat: Seat) -> list[str]:
    """Follow the attack's colour when a card not on a Wild square can; Wild squares are always free."""
    board = state["boards"][seat]
    chosen = seat_layout(state, seat)
    colour = state["attack"]["colour"]
    row = defence_row(board)
    plain = [index for index in row if not chosen.squares[index].wild]
    followers = [index for index in plain if card_colour(board[index][0]) == colour]
    allowed = set(followers or plain) | {index for index in row if chosen.squares[index].wild}
    return square_options("defend", board, chosen, sorted(allowed))


def placement_decision(state: State, seat: Seat) -> Decision | None:
    slots = step_slots(state, seat)
    board = state["boards"][seat]
    count = placed_count(board, slots)
    if count == len(slots):
        return None
    square = SQUARES[slots[count]]
    options = [f"place:{square}:{card}" for card in state["hands"][seat]]
    if count:
        options.append("place:undo")
    prompt = "place_lines" if state["phase"] == LINES else "place_reserve"
    return Decision(seat=seat, prompt=prompt_key(prompt), options=tuple(options),
                    args={"square": square, "left": len(slots) - count}, secret=True,
                    confirm=count == len(slots) - 1)


def battle_decision(state: State) -> Decision:
    seat = attacker(state)
    args = {"battle": state["battle"] + 1, "round": state["round"]}
    if state["attack"] is None:
        return Decision(seat=seat, prompt=prompt_key("attack"), options=tuple(attack_options(state, seat)), args=args)
    attack = state["attack"]
    args |= {"card": attack["card"], "colour": attack["colour"], "rank": attack["rank"]}
    return Decision(seat=1 - seat, prompt=prompt_key("defend"), options=tuple(defence_options(state, 1 - seat)),
                    args=args)


def pending_decisions(state: State) -> list[Decision]:
    phase = state["phase"]
    if phase == TYPE:
        second = 1 - state["round1_first"]
        seat = second if state["types"][second] is None else state["round1_first"]
        taken = set(state["types"])
        options = tuple(f"type:{type_id}" for type_id in TYPES if type_id not in taken)
        return [Decision(seat=seat, prompt=prompt_key("type"), options=options)]
    if phase == FORMATION:
        return [Decision(seat=seat, prompt=prompt_key("formation"),
                         options=tuple(f"formation:{choice.id}" for choice in
                                       catalogue().layouts_for(state["types"][seat], state["round"])),
                         args={"round": state["round"]}, secret=True)
                for seat in (0, 1) if state["formations"][seat] is None]
    if phase in (LINES, RESERVE_STEP):
        return [decision for seat in (0, 1) if (decision := placement_decision(state, seat)) is not None]
    if phase == BATTLE:
        return [battle_decision(state)]
    if phase == ADVANCE:
        decisions = []
        for seat in (0, 1):
            source = state["advance"][seat]
            if source is not None and state["advance_pick"][seat] is None:
                cards = state["boards"][seat][source]
                decisions.append(Decision(seat=seat, prompt=prompt_key("advance"),
                                          options=tuple(f"advance:{card}" for card in cards),
                                          args={"square": SQUARES[source]}, secret=True))
        return decisions
    return []


# ---------------------------------------------------------------------------------------------
# Transitions (each mutates the engine's private copy and appends events)
# ---------------------------------------------------------------------------------------------

def start_round(state: State, events: list[Event]) -> None:
    state["phase"] = FORMATION
    state["formations"] = [None, None]
    state["battle"] = 0
    state["attack"] = None
    events.append(Event(event_key("round_start"), {"round": state["round"], "player": first_player(state)}))
    for seat in (0, 1):
        deck, hand = state["decks"][seat], state["hands"][seat]
        drawn = [deck.pop() for _ in range(HAND_SIZE - len(hand))]
        state["hands"][seat] = sort_cards(hand + drawn)
        events.append(Event(event_key("drew"), {"player": seat, "cards": sort_cards(drawn)}, audience=(seat,)))
        events.append(Event(event_key("drew_hidden"), {"player": seat, "count": len(drawn)}))


def choose_type(state: State, seat: Seat, type_id: str, events: list[Event]) -> None:
    state["types"][seat] = type_id
    events.append(Event(event_key("type_chosen"), {"player": seat, "type": type_id}))
    if None not in state["types"]:
        start_round(state, events)


def choose_formation(state: State, seat: Seat, layout_id: str, events: list[Event]) -> None:
    state["formations"][seat] = layout_id
    events.append(Event(event_key("formation_chosen"), {"player": seat, "formation": layout_id}, audience=(seat,)))
    events.append(Event(event_key("formation_chosen_hidden"), {"player": seat}))
    if None in state["formations"]:
        return
    # Both chose in secret: reveal both cards, then turn each deck's top card onto its reveal square.
    for each in (0, 1):
        events.append(Event(event_key("formation_revealed"), {"player": each, "formation": state["formations"][each]}))
    for each in (0, 1):
        square = seat_layout(state, each).reveal_square
        card = state["decks"][each].pop()
        state["boards"][each][square] = [card]
        events.append(Event(event_key("deck_revealed"), {"player": each, "card": card, "square": SQUARES[square]}))
    state["phase"] = LINES


def place(state: State, seat: Seat, option: str, events: list[Event]) -> None:
    board, hand = state["boards"][seat], state["hands"][seat]
    if option == "place:undo":
        slots = step_slots(state, seat)
        square = slots[placed_count(board, slots) - 1]
        card = board[square].pop()
        state["hands"][seat] = sort_cards(hand + [card])
        events.append(Event(event_key("took_back"), {"player": seat, "card": card, "square": SQUARES[square]},
                            audience=(seat,)))
        events.append(Event(event_key("took_back_hidden"), {"player": seat}))
        return
    _verb, row, col, card = option.split(":")
    square = SQUARE_INDEX[f"{row}:{col}"]
    hand.remove(card)
    board[square].append(card)
    events.append(Event(event_key("placed"), {"player": seat, "card": card, "square": SQUARES[square]},
                        audience=(seat,)))
    events.append(Event(event_key("placed_hidden"), {"player": seat, "square": SQUARES[square]}))
    if any(next_slot(state, each) is not None for each in (0, 1)):
        return
    if state["phase"] == LINES:
        finish_lines(state, events)
    else:
        finish_reserve(state, events)


def finish_lines(state: State, events: list[Event]) -> None:
    """Both players placed their front and back rows face down: they are revealed together."""
    state["phase"] = RESERVE_STEP  # from here on, front and back cards are face up
    for seat in (0, 1):
        board = state["boards"][seat]
        shown = [{"square": SQUARES[index], "card": board[index][0]} for index in range(0, 6) if board[index]]
        events.append(Event(event_key("lines_revealed"), {"player": seat, "cards": [entry["card"] for entry in shown],
                                                   "squares": [entry["square"] for entry in shown]}))


def finish_reserve(state: State, events: list[Event]) -> None:
    for seat in (0, 1):
        kept = state["hands"][seat]
        events.append(Event(event_key("kept"), {"player": seat, "card": kept[0]}, audience=(seat,)))
        events.append(Event(event_key("kept_hidden"), {"player": seat}))
    state["phase"] = BATTLE
    events.append(Event(event_key("battles_begin"), {"round": state["round"], "player": attacker(state)}))


def parse_pick(option: str) -> tuple[int, str | None]:
    parts = option.split(":")
    colour = parts[3] if len(parts) == 4 else None
    return SQUARE_INDEX[f"{parts[1]}:{parts[2]}"], colour


def pick_record(state: State, seat: Seat, option: str) -> dict[str, Any]:
    square, declared = parse_pick(option)
    card = state["boards"][seat][square][0]
    bonus = seat_layout(state, seat).squares[square].bonus
    return {"seat": seat, "square": SQUARES[square], "card": card, "colour": declared or card_colour(card),
            "bonus": bonus, "rank": effective_rank(card, bonus)}


def declare_attack(state: State, seat: Seat, option: str, events: list[Event]) -> None:
    attack = pick_record(state, seat, option)
    state["attack"] = attack
    events.append(Event(event_key("attack"), {"player": seat, "card": attack["card"], "square": attack["square"],
                                       "colour": attack["colour"], "rank": attack["rank"]}))


def resolve_defence(state: State, seat: Seat, option: str, events: list[Event]) -> None:
    attack, defence = state["attack"], pick_record(state, seat, option)
    events.append(Event(event_key("defend"), {"player": seat, "card": defence["card"], "square": defence["square"],
                                       "colour": defence["colour"], "rank": defence["rank"]}))
    result = battle_winner(attack["card"], attack["colour"], attack["bonus"],
                           defence["card"], defence["colour"], defence["bonus"])
    attacker_seat = attack["seat"]
    for pick in (attack, defence):
        state["boards"][pick["seat"]][SQUARE_INDEX[pick["square"]]].clear()
    zero = {card_rank(attack["card"]), card_rank(defence["card"])} == {0, 12}
    if result == DRAW:
        winner = None
        for pick in (attack, defence):
            state["captured"][pick["seat"]].append([pick["seat"], pick["card"]])
        events.append(Event(event_key("battle_draw"), {"attacker": attacker_seat, "card": attack["card"],
                                                       "defender": seat, "other": defence["card"]}))
    else:
        winner = attacker_seat if result == ATTACKER_WINS else seat
        won, lost = (attack, defence) if winner == attacker_seat else (defence, attack)
        state["captured"][winner] += [[won["seat"], won["card"]], [lost["seat"], lost["card"]]]
        events.append(Event(event_key("won_zero" if zero else "won"),
                            {"player": winner, "card": won["card"], "other": lost["card"]}))
    state["last_battle"] = {"round": state["round"], "battle": state["battle"] + 1, "attack": attack,
                            "defence": defence, "winner": winner, "result": result, "zero": zero}
    state["battle"] += 1
    state["attack"] = None
    advance_after_battle(state, [attack, defence], events)


def advance_column(state: State, seat: Seat, column: int, events: list[Event]) -> int | None:
    """Move the column's cards forward into emptied squares; blanks never move and are skipped.

    Returns the 2 Cards square whose owner must choose which card moves, or None when done.
    """
    board = state["boards"][seat]
    path = seat_layout(state, seat).column_slots(column)
    for ahead, behind in zip(path, path[1:], strict=False):
        if board[ahead] or not board[behind]:
            continue
        if len(board[behind]) > 1:
            return behind
        move_card(state, seat, behind, ahead, board[behind][0], events)
    return None


def move_card(state: State, seat: Seat, source: int, target: int, card: str, events: list[Event]) -> None:
    board = state["boards"][seat]
    board[source].remove(card)
    board[target].append(card)
    if source >= RESERVE * COLUMNS:  # a reinforcement that moves is turned face up
        events.append(Event(event_key("reinforcement"), {"player": seat, "card": card, "square": SQUARES[target]}))


def advance_after_battle(state: State, picks: list[dict[str, Any]], events: list[Event]) -> None:
    state["advance"] = [None, None]
    state["advance_pick"] = [None, None]
    for pick in picks:
        seat = pick["seat"]
        state["advance"][seat] = advance_column(state, seat, SQUARE_INDEX[pick["square"]] % COLUMNS, events)
    if state["advance"] != [None, None]:
        state["phase"] = ADVANCE
        return
    next_battle_or_round_end(state, events)


def choose_advance(state: State, seat: Seat, card: str, events: list[Event]) -> None:
    state["advance_pick"][seat] = card
    events.append(Event(event_key("advance_chosen"), {"player": seat, "card": card}, audience=(seat,)))
    events.append(Event(event_key("advance_chosen_hidden"), {"player": seat}))
    waiting = [each for each in (0, 1)
               if state["advance"][each] is not None and state["advance_pick"][each] is None]
    if waiting:
        return
    # Both choices are in: the chosen reinforcements come up (and are revealed) together.
    for each in (0, 1):
        source = state["advance"][each]
        if source is None:
            continue
        column = source % COLUMNS
        path = seat_layout(state, each).column_slots(column)
        target = path[path.index(source) - 1]
        move_card(state, each, source, target, state["advance_pick"][each], events)
        state["advance"][each] = advance_column(state, each, column, events)
    state["advance_pick"] = [None, None]
    if state["advance"] != [None, None]:
        return  # cannot happen with our layouts (one 2 Cards square, last in its column); kept general
    state["phase"] = BATTLE
    next_battle_or_round_end(state, events)


def next_battle_or_round_end(state: State, events: list[Event]) -> None:
    state["phase"] = BATTLE
    if state["battle"] < BATTLES_PER_ROUND:
        return
    score_round(state, events)
    if state["round"] == ROUNDS:
        state["phase"] = OVER
        return
    state["round"] += 1
    start_round(state, events)


def score_round(state: State, events: list[Event]) -> None:
    """Captured cards score by the book's table, then are set aside face down for good."""
    for seat in (0, 1):
        points = round_points(state["captured"][seat])
        state["round_points"][seat].append(points)
        state["scored"][seat] += state["captured"][seat]
        state["captured"][seat] = []
        events.append(Event(event_key("round_scored"), {"player": seat, "round": state["round"], "points": points,
                                                 "total": sum(state["round_points"][seat])}))


# ---------------------------------------------------------------------------------------------
# Views
# ---------------------------------------------------------------------------------------------

def square_effect(chosen: Layout, index: int) -> dict[str, Any]:
    square = chosen.squares[index]
    return {"square": SQUARES[index], "blank": square.blank, "reveal": square.reveal, "bonus": square.bonus,
            "wild": square.wild, "double": square.double}


def board_view(state: State, seat: Seat, viewer: Seat | None, reveal: bool) -> list[dict[str, Any]] | None:
    layout_id = state["formations"][seat]
    if layout_id is None or not (reveal or viewer == seat or state["phase"] != FORMATION):
        return None
    chosen = layout(layout_id)
    board = state["boards"][seat]
    squares = []
    for index in range(9):
        entry = square_effect(chosen, index)
        face_up = is_face_up(state, index, chosen.squares[index].reveal)
        shown = reveal or face_up or viewer == seat
        entry["cards"] = [{"card": card if shown else None, "face_up": face_up} for card in board[index]]
        squares.append(entry)
    return squares


def seat_view(state: State, seat: Seat, viewer: Seat | None, reveal: bool) -> dict[str, Any]:
    own = reveal or viewer == seat
    hidden_formation = state["phase"] == FORMATION and not own
    formation = None if hidden_formation else state["formations"][seat]
    entry: dict[str, Any] = {
        "seat": seat,
        "deck_back": DECK_BACKS[seat],
        "type": state["types"][seat],
        "formation": formation,
        "formation_choices": None,
        "next_square": None,  # own seat, while placing: the square the next card goes to
        "deck_count": len(state["decks"][seat]),
        "hand_count": len(state["hands"][seat]),
        "hand": list(state["hands"][seat]) if own else None,
        "captured_count": len(state["captured"][seat]),
        "scored_count": len(state["scored"][seat]),
        "round_points": list(state["round_points"][seat]),
        "total": sum(state["round_points"][seat]),
        "board": board_view(state, seat, viewer, reveal),
    }
    if own and state["phase"] in (LINES, RESERVE_STEP):
        slot = next_slot(state, seat)
        entry["next_square"] = SQUARES[slot] if slot is not None else None
    if own and state["phase"] == FORMATION and state["types"][seat] is not None:
        entry["formation_choices"] = [choice.id for choice in
                                      catalogue().layouts_for(state["types"][seat], state["round"])]
    if reveal:
        entry["captured"] = [card for _owner, card in state["captured"][seat]]
        entry["scored"] = [card for _owner, card in state["scored"][seat]]
        entry["deck"] = list(state["decks"][seat])
    return entry


def build_view(state: State, viewer: Seat | None, reveal: bool) -> dict[str, Any]:
    phase = state["phase"]
    in_battle = phase in (BATTLE, ADVANCE)
    return {
        "game": GAME_ID,
        "viewer": viewer,
        "revealed": reveal,
        "phase": phase,
        "round": state["round"],
        "rounds": ROUNDS,
        "battle": state["battle"],
        "battles": BATTLES_PER_ROUND,
        "first_player": first_player(state),
        "tiebreak_seat": tiebreak_seat(state),
        "attacker": attacker(state) if in_battle and state["battle"] < BATTLES_PER_ROUND else None,
        "attack": dict(state["attack"]) if state["attack"] else None,
        "last_battle": copy_state(state["last_battle"]) if state["last_battle"] else None,
        "to_act": sorted({decision.seat for decision in pending_decisions(state)}),
        "totals": totals(state),
        "seats": [seat_view(state, seat, viewer, reveal) for seat in (0, 1)],
    }


# ---------------------------------------------------------------------------------------------
# The engine object
# ---------------------------------------------------------------------------------------------

class FormationEngine:
    game_id = GAME_ID
    match_options: tuple[MatchOption, ...] = ()

    def new_game(self, seed: int, options: Mapping[str, str]) -> State:
        state: State = {
            "game": GAME_ID,
            "version": STATE_VERSION,
            "seed": seed,
            "rng_counter": 0,
            "phase": TYPE,
            "round": 1,
            "round1_first": 0,
            "types": [None, None],
            "formations": [None, None],
            "decks": [[], []],
            "hands": [[], []],
            "boards": [[[] for _ in range(9)] for _ in (0, 1)],
            "battle": 0,
            "attack": None,
            "advance": [None, None],
            "advance_pick": [None, None],
            "captured": [[], []],
            "scored": [[], []],
            "round_points": [[], []],
            "last_battle": None,
        }
        # The book leaves round 1's first player to じゃんけん: a seeded coin stands in for it.
        state["round1_first"] = draw_rng(state).randrange(2)
        for seat in (0, 1):
            deck = list(DECK)
            draw_rng(state).shuffle(deck)
            state["decks"][seat] = deck  # the top of the deck is the end of the list
        return state

    def pending(self, state: State) -> list[Decision]:
        return pending_decisions(state)

    def apply(self, state: State, seat: Seat, choice: Sequence[str]) -> tuple[State, list[Event]]:
        if state["phase"] == OVER:
            raise GameOver("the match is over")
        check_choice(pending_decisions(state), seat, choice)
        option = choice[0]
        new_state = copy_state(state)
        events: list[Event] = []
        verb, _, rest = option.partition(":")
        if verb == "type":
            choose_type(new_state, seat, rest, events)
        elif verb == "formation":
            choose_formation(new_state, seat, rest, events)
        elif verb == "place":
            place(new_state, seat, option, events)
        elif verb == "attack":
            declare_attack(new_state, seat, option, events)
        elif verb == "defend":
            resolve_defence(new_state, seat, option, events)
        elif verb == "advance":
            choose_advance(new_state, seat, rest, events)
        else:  # pragma: no cover - check_choice only lets listed options through
            raise IllegalChoice("unknown move", option=option)
        return new_state, events

    def view(self, state: State, seat: Seat | None) -> dict[str, Any]:
        return build_view(state, seat, reveal=False)

    def outcome(self, state: State) -> Outcome | None:
        if state["phase"] != OVER:
            return None
        scores = totals(state)
        args = {"points0": scores[0], "points1": scores[1]}
        if scores[0] != scores[1]:
            return Outcome(winner=0 if scores[0] > scores[1] else 1, reason="score", args=args)
        return Outcome(winner=tiebreak_seat(state), reason="tiebreak", args=args)

    def reveal_all(self, state: State) -> dict[str, Any]:
        return build_view(state, None, reveal=True)


ENGINE = FormationEngine()
