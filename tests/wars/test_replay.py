"""The manual's 14-turn Overlord replay (マニュアル3), played through the move notation.

Seat 0 is 三品 (Mishina, first player), seat 1 is 相楽 (Sagara). Each turn lists the book's moves;
the slips we corrected are noted inline and in docs/rules/wars.md (Rulings, "Replay slips").
"""

from __future__ import annotations

from cogs.wars.engine import ENGINE
from tests.wars.helpers import play_turn, setup_game, unit_cards

MISHINA, SAGARA = 0, 1

REPLAY_SETUP = {
    "level": "overlord",
    "first": MISHINA,
    # Magic: 三品 keeps 収穫 (A11, sets aside 猛炎 A04); 相楽 keeps 毒殺 (A08, sets aside 風読み A14).
    "magic": [["A11"], ["A08"]],
    # The three cards each player never uses went to territory (裏横置き).
    "territories": [["014", "027", "036"], ["021", "034", "045"]],
    "hands": [["020", "026", "029", "040", "042"], ["003", "009", "016", "017", "024", "028"]],
    "deck": ["007", "033", "037", "025", "047", "011", "032", "005", "035", "043", "031", "046", "004", "018"],
}

# (moves, Mishina's life after the turn, Sagara's life after the turn)
TURNS = [
    ([(0, "expand:007"), (0, "deploy:026")], 30, 30),
    ([(1, "expand:003")], 30, 30),
    ([(0, "expand:037"), (0, "deploy:040")], 30, 26),  # 占欲の魔女 attacks: 4
    # Slip: the book deploys "重装歩兵:水", a card 相楽 does not hold; 突撃兵:水 (016) is the unit that
    # attacks from turn 6 on (its power 5 is what every later total needs).
    ([(1, "remove:028:040"), (1, "expand:025"), (1, "deploy:016")], 30, 26),
    ([(0, "expand:042"), (0, "deploy:029")], 30, 26),
    ([(1, "expand:011"), (1, "deploy:017")], 30, 26),
    # 収穫 after combat (main phase), then 龍王妃 (9) on 6 territories + 3.
    ([(0, "pass"), (0, "pass"), (0, "magic:A11"), (0, "deploy:020")], 30, 26),
    # 毒殺 on 占欲の魔女 (相楽 takes 4), then 龍王妃:草 on 龍王妃:水, countered by 呪文砕き.
    ([(1, "magic:A08"), (1, "target:026"), (1, "remove:033:020"), (1, "pass"), (0, "counter:047"),
      (1, "expand:005"), (1, "deploy:009")], 30, 22),
    ([(0, "pass"), (0, "pass"), (0, "magic:A11"), (0, "deploy:032")], 30, 22),
    # 毒殺 on 怪造騎士 (相楽 takes 8), 2-card removal 3+7 >= 9 on 龍王妃, attack 18 - 6 = 12.
    ([(1, "magic:A08"), (1, "target:032"), (1, "remove2:024+043:020")], 18, 14),
    # のうなし腕力 removes のうなし腕力; 灯火幽鬼 uses 透化 on 黒妖犬: a transparent attack for 6.
    ([(0, "remove:031:009"), (0, "veil:035:029")], 18, 8),
    ([], 13, 8),  # 相楽 draws 調律 and attacks: 11 - 6 = 5
    ([(0, "deploy:004")], 13, 8),
    # 調律 as 3 on 突撃兵:水, のうなし腕力:水 on 黒妖犬:水: 21 - 6 (先行打撃兵 cannot block) = 15.
    ([(1, "reinforce:046.3:016"), (1, "reinforce:018:017")], -2, 8),
]


def test_replay_life_totals_turn_by_turn() -> None:
    state = setup_game(**REPLAY_SETUP)
    for number, (moves, mishina, sagara) in enumerate(TURNS, start=1):
        assert state["turn"] == number
        assert state["active"] == (number - 1) % 2
        state, _ = play_turn(state, moves)
        assert state["life"] == [mishina, sagara], f"after turn {number}"
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.winner == SAGARA and outcome.reason == "life"


def test_replay_sagara_life_sequence() -> None:
    state = setup_game(**REPLAY_SETUP)
    sagara_after_each_turn = []
    for moves, _, _ in TURNS:
        state, _ = play_turn(state, moves)
        if not sagara_after_each_turn or sagara_after_each_turn[-1] != state["life"][SAGARA]:
            sagara_after_each_turn.append(state["life"][SAGARA])
    assert sagara_after_each_turn == [30, 26, 22, 14, 8]


def test_replay_board_before_the_last_attack() -> None:
    state = setup_game(**REPLAY_SETUP)
    for moves, _, _ in TURNS[:13]:
        state, _ = play_turn(state, moves)
    assert unit_cards(state, MISHINA) == ["029", "004"]
    assert unit_cards(state, SAGARA) == ["016", "017"]
    assert state["hands"][SAGARA] == ["046", "018"]
    assert state["hands"][MISHINA] == []
    assert [m["state"] for m in state["magic"][MISHINA]] == ["side"]
    assert [m["state"] for m in state["magic"][SAGARA]] == ["side"]
