"""The card data (assets/wars/cards.toml) against every fact the manual gives: numbers, names, attributes,
traits, the costs the book and its replay fix, the Overlord and Apprentice magic sets and the great magic."""

from __future__ import annotations

from collections import Counter

from cogs.wars import cards as C

# The replay's card lists (number, name, attribute) and the numbers the Overlord setup names.
REPLAY_CARDS = {
    "020": ("龍王妃", "water"), "026": ("占欲の魔女", "grass"), "029": ("黒妖犬", "grass"), "040": ("突撃兵", "sky"),
    "042": ("黒妖犬", "sky"), "014": ("占欲の魔女", "water"), "027": ("突撃兵", "grass"), "036": ("先行打撃兵", "sky"),
    "003": ("先行打撃兵", "fire"), "009": ("のうなし腕力", "fire"), "016": ("突撃兵", "water"),
    "017": ("黒妖犬", "water"), "024": ("重装歩兵", "grass"), "028": ("突撃兵", "grass"), "021": ("灯火幽鬼", "grass"),
    "034": ("灯火幽鬼", "sky"), "007": ("突撃兵", "fire"), "033": ("龍王妃", "grass"), "037": ("重装歩兵", "sky"),
    "025": ("重装歩兵", "grass"), "011": ("先行打撃兵", "water"), "032": ("怪造騎士", "grass"),
    "005": ("重装歩兵", "fire"), "035": ("灯火幽鬼", "sky"), "043": ("のうなし腕力", "sky"),
    "031": ("のうなし腕力", "grass"), "004": ("先行打撃兵", "fire"), "018": ("のうなし腕力", "water"),
}
MASTERS = {"001": "瓶詰火霊", "002": "瓶詰火霊", "012": "花乙女", "013": "花乙女", "022": "でかスラグ", "023": "でかスラグ",
           "038": "護宝妖精", "039": "護宝妖精"}
MAGIC_NAMES = {"A02": "火遊び", "A03": "溶岩流", "A04": "猛炎", "A06": "暴露", "A07": "濃霧", "A08": "毒殺", "A09": "巨体化",
               "A10": "迷い森", "A11": "収穫", "A13": "新天地", "A14": "風読み", "A15": "逆風", "A17": "転生", "A18": "転生",
               "A19": "入植", "A20": "入植", "A21": "透禍の槍", "A22": "透禍の槍"}
# ○ユニットの特性 and the supplementary rulings: which family holds which trait.
TRAITS = {"灯火幽鬼": {"transparent", "veil"}, "先行打撃兵": {"transparent", "no_block", "relief"},
          "重装歩兵": {"twin_wall"}, "怪造騎士": {"no_reinforce"}, "龍王妃": {"no_reinforce"}, "花乙女": {"fertile"},
          "でかスラグ": {"swell"}, "護宝妖精": {"treasure"}, "のうなし腕力": {"undying"}, "調律": {"shift"},
          "呪文砕き": {"wildcard"}}
# Costs: the Q&A (でかスラグ 3, 花乙女 3) and the replay's damage and life totals (docs/rules/wars.md, ruling 2).
COSTS = {"でかスラグ": 3, "花乙女": 3, "占欲の魔女": 4, "突撃兵": 5, "黒妖犬": 6, "のうなし腕力": 7, "怪造騎士": 8}
# 龍王妃's cost is only bounded by the replay (5-9); 9 is authored (ruling 2).
COST_BOUNDS = {"龍王妃": (5, 9)}
# The fields of a deck card that a seed card must show the book gives (its seed_facts entry names each).
DECK_CARD_FIELDS = ("number", "name", "attribute", "cost", "traits", "master")


def by_id():
    return {card.id: card for card in C.catalogue()}


def test_card_data_48_deck_cards_2_extra_arts_and_22_magic_each_marked_seed_or_authored() -> None:
    cards = by_id()
    assert set(cards) == set(C.DECK_IDS) | set(C.MAGIC_IDS) | {"extra01", "extra02"}
    assert all(card.source in ("seed", "authored") and card.name_en and card.name_ja for card in cards.values())
    assert cards["extra01"].stats["alternate_of"] == "047" and cards["extra02"].stats["alternate_of"] == "048"
    assert cards["extra01"].name_ja == cards["extra02"].name_ja == "呪文砕き"


def test_card_data_numbers_names_and_attributes_of_the_replay_and_the_masters() -> None:
    cards = by_id()
    for number, (name, attribute) in REPLAY_CARDS.items():
        assert (cards[number].name_ja, C.attribute(number)) == (name, attribute), number
    for number, name in MASTERS.items():
        assert cards[number].name_ja == name and cards[number].stats["master"] is True
    assert C.attribute("001") == "fire"  # 「師匠」《瓶詰火霊》(属性(炎))
    assert {cards[n].name_ja for n in ("045", "046")} == {"調律"} and {cards[n].name_ja for n in ("047", "048")} == {"呪文砕き"}
    assert not any(C.is_unit(n) for n in ("045", "046", "047", "048"))  # purple, not unit cards (Q&A on 転生)


def test_card_data_traits_and_costs_the_manual_gives() -> None:
    for card in C.catalogue():
        if card.id.startswith("extra") or card.kind == "magic":
            continue
        if card.name_ja in TRAITS:
            assert set(C.traits(card.id)) >= TRAITS[card.name_ja], card.id
        if card.name_ja in COSTS:
            assert C.cost(card.id) == COSTS[card.name_ja], card.id
        if card.name_ja in COST_BOUNDS:
            low, high = COST_BOUNDS[card.name_ja]
            assert low <= C.cost(card.id) <= high and card.source == "authored", card.id
    unit_costs = Counter(C.cost(c) for c in C.DECK_IDS if C.is_unit(c))
    assert min(unit_costs) == 1 and max(unit_costs) == 9 and len(unit_costs) == 9  # a curve from 1 to 9


def test_card_data_magic_numbers_overlord_set_apprentice_decks_and_great_magic_per_attribute() -> None:
    cards = by_id()
    for number, name in MAGIC_NAMES.items():
        assert cards[number].name_ja == name, number
    # The Overlord setup takes out A02 A03 A06 A07 A09 A10 A13 A15 and A17-A22: 8 are left.
    out = {"A02", "A03", "A06", "A07", "A09", "A10", "A13", "A15"} | set(C.BASIC_MAGIC_IDS)
    assert set(C.OVERLORD_MAGIC_IDS) == set(C.MAGIC_IDS) - out
    decks = {"randa": {"火炎弾", "毒殺", "巨体化", "逆風"}, "kenko": {"火遊び", "瘴気", "迷い森", "風読み"},
             "saigai": {"溶岩流", "猛炎", "暴露", "竜巻"}, "atto": {"濃霧", "収穫", "双腕", "新天地"}}
    for deck, names in decks.items():
        assert {cards[m].name_ja for m in C.APPRENTICE_DECKS[deck]} == names
        assert all(C.info(m)["apprentice_deck"] == deck for m in C.APPRENTICE_DECKS[deck])
    great = {"fire": "forbid_fire", "water": "sea_heal", "grass": "seek_life", "sky": "heaven_copy", "none": "endless"}
    for magic in C.MAGIC_IDS:
        assert C.info(magic)["great"] == great[C.attribute(magic)], magic
    assert C.info("A14")["great"] == "heaven_copy"  # 風読み carries ★天写 (the summary sheet)
    assert (C.info("A14")["req_any"], C.info("A14")["req_attrs"], C.info("A14")["condition"]) == (1, ["sky", "sky"], "main")
    assert (C.info("A01")["req_any"], C.info("A01")["req_attrs"]) == (1, ["fire"])  # the Apprentice example
    assert "manifest" in C.traits("A21") and "manifest" in C.traits("A22")  # 顕在 of 《透禍の槍》 (補足)


def _facts_named(card) -> set[str]:
    """The fields a ``seed_facts`` list names: an entry is the field, or the field then " (where)"."""
    facts = card.stats.get("seed_facts", [])
    return {field for field in DECK_CARD_FIELDS if any(f == field or f.startswith(field + " (") for f in facts)}


def test_every_seed_deck_card_lists_each_of_its_fields_as_given_by_the_book() -> None:
    seed = [card for card in C.catalogue() if card.kind != "magic" and card.source == "seed"]
    assert len(seed) >= 9
    for card in seed:
        assert _facts_named(card) == set(DECK_CARD_FIELDS), (card.id, card.stats.get("seed_facts"))
        assert set(card.stats["traits"]) == TRAITS[card.name_ja], card.id  # the book's trait lists
    # The other way round: a deck card the book does not give in full is marked authored.
    for card in C.catalogue():
        if card.kind != "magic" and _facts_named(card) != set(DECK_CARD_FIELDS):
            assert card.source == "authored", card.id
    assert {by_id()[n].source for n in ("020", "033")} == {"authored"}  # 龍王妃: its cost 9 is ours
