"""Each play obligation, with the reason a refused card would break."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.obligations import (
    TrickRules,
    broken_obligation,
    has_cinch,
    legal_plays,
    sure_tricks,
    trick_winner,
)
from games.engine.state import PlayContext
from games.engine.variants import Variant, get_variant

LOUISIANA = get_variant("louisiana")
UKRAINIAN = get_variant("ukrainian")
OCCITAN = get_variant("occitan")


def rules(variant: Variant = LOUISIANA, trump: str | None = "S", **options: Any) -> TrickRules:
    return variant.trick_rules({"cinch": True, **options}, trump)


def ctx(
    led: str | None = None,
    best: str | None = None,
    trumped: bool = False,
    last: bool = False,
    won: int = 0,
    played: Iterable[str] = (),
) -> PlayContext:
    return PlayContext(led, best, trumped, last, won, frozenset(played))


def test_follow_suit_when_able() -> None:
    allowed, refused = legal_plays(rules(), ctx("H", "5H"), ["9H", "2D", "3S"])
    assert allowed == {"9H"}
    assert refused == {"2D": "follow_suit", "3S": "follow_suit"}


def test_head_the_trick_when_following() -> None:
    allowed, refused = legal_plays(rules(), ctx("H", "TH"), ["9H", "QH", "KH"])
    assert allowed == {"QH", "KH"}
    assert refused == {"9H": "head_trick"}


def test_any_card_of_the_suit_when_none_beats() -> None:
    allowed, _ = legal_plays(rules(), ctx("H", "AH"), ["9H", "QH"])
    assert allowed == {"9H", "QH"}


def test_once_trumped_a_follower_may_play_any_card_of_the_suit() -> None:
    allowed, refused = legal_plays(rules(), ctx("H", "2S", trumped=True), ["9H", "AH"])
    assert allowed == {"9H", "AH"}
    assert refused == {}


def test_void_must_trump_even_too_low() -> None:
    allowed, refused = legal_plays(rules(cinch=False), ctx("H", "AH"), ["2S", "KD"])
    assert allowed == {"2S"}
    assert refused == {"KD": "trump"}


def test_trumping_must_overtrump_when_able() -> None:
    allowed, refused = legal_plays(
        rules(cinch=False), ctx("H", "9S", trumped=True), ["2S", "JS", "KD"]
    )
    assert allowed == {"JS"}
    assert refused == {"2S": "overtrump", "KD": "trump"}


def test_unable_to_overtrump_any_trump_will_do() -> None:
    allowed, _ = legal_plays(rules(cinch=False), ctx("H", "AS", trumped=True), ["2S", "JS", "KD"])
    assert allowed == {"2S", "JS"}


def test_neither_suit_nor_trump_any_card() -> None:
    allowed, refused = legal_plays(rules(), ctx("H", "5H"), ["2D", "3C"])
    assert allowed == {"2D", "3C"}
    assert refused == {}


def test_sure_tricks_count_down_from_the_top_skipping_played_trumps() -> None:
    assert sure_tricks(["AS", "KS", "JS"], "S", LOUISIANA.ranks, frozenset()) == 2
    assert sure_tricks(["KS", "QS"], "S", LOUISIANA.ranks, frozenset({"AS"})) == 2
    assert sure_tricks(["KS"], "S", LOUISIANA.ranks, frozenset()) == 0


def test_cinch_on_lead_means_leading_the_highest_trump() -> None:
    allowed, refused = legal_plays(rules(), ctx(), ["AS", "KS", "QS", "5H", "2D"])
    assert allowed == {"AS"}
    assert refused["5H"] == "cinch"
    assert refused["KS"] == "cinch"


def test_tricks_already_won_count_toward_the_cinch() -> None:
    assert has_cinch(rules(), ["AS", "2D"], ctx(won=2))
    allowed, _ = legal_plays(rules(), ctx(won=2), ["AS", "5S", "2D"])
    assert allowed == {"AS"}


def test_cinch_when_following_plays_the_highest_trump_unless_last() -> None:
    hand = ["AS", "KS", "QS", "3S"]
    allowed, refused = legal_plays(rules(), ctx("D", "9D"), hand)
    assert allowed == {"AS"}
    assert refused["3S"] == "cinch"
    allowed, _ = legal_plays(rules(), ctx("D", "9D", last=True), hand)
    assert allowed == set(hand)


def test_a_void_player_with_a_cinch_who_trumps_low_or_high_but_not_top_breaks_the_cinch() -> None:
    hand = ["AS", "KS", "QS", "JS"]  # void in diamonds
    assert broken_obligation(rules(), ctx("D", "9D"), hand, "KS") == "cinch"
    assert broken_obligation(rules(), ctx("D", "9D"), hand, "AS") is None
    assert broken_obligation(rules(), ctx("D", "9D", last=True), hand, "KS") is None
    assert broken_obligation(rules(cinch=False), ctx("D", "9D"), hand, "KS") is None


def test_cinch_does_not_override_following_suit() -> None:
    allowed, _ = legal_plays(rules(), ctx("D", "9D"), ["AS", "KS", "QS", "2D"])
    assert allowed == {"2D"}


def test_no_cinch_when_the_house_turns_it_off() -> None:
    allowed, _ = legal_plays(rules(cinch=False), ctx(), ["AS", "KS", "QS", "5H"])
    assert allowed == {"AS", "KS", "QS", "5H"}


def test_ukrainian_leader_with_a_high_trump_leads_the_highest() -> None:
    r = UKRAINIAN.trick_rules({}, "S")
    allowed, refused = legal_plays(r, ctx(), ["QS", "3S", "AH"])
    assert allowed == {"QS"}
    assert refused == {"3S": "lead_high_trump", "AH": "lead_high_trump"}
    allowed, _ = legal_plays(r, ctx(), ["JS", "3S", "AH"])
    assert allowed == {"JS", "3S", "AH"}


def test_occitan_only_asks_to_follow_suit() -> None:
    r = OCCITAN.trick_rules({}, None)
    allowed, refused = legal_plays(r, ctx("H", "KH"), ["7H", "QH", "KD"])
    assert allowed == {"7H", "QH"}
    assert refused == {"KD": "follow_suit"}
    allowed, _ = legal_plays(r, ctx("H", "KH"), ["KD", "7C"])
    assert allowed == {"KD", "7C"}


def test_trick_winner_highest_trump_else_highest_of_led_suit() -> None:
    s = LOUISIANA.strength
    assert trick_winner((("a", "5H"), ("b", "AH"), ("c", "2S")), "S", s) == 2
    assert trick_winner((("a", "5H"), ("b", "AD"), ("c", "9H")), "S", s) == 2
    assert trick_winner((("a", "5H"), ("b", "3S"), ("c", "9S")), "S", s) == 2
    k = OCCITAN.strength
    assert trick_winner((("a", "AH"), ("b", "KH"), ("c", "KD")), None, k) == 1


# -- the fast judge agrees with the full listing ---------------------------------

DECK = sorted(LOUISIANA.deck)


@st.composite
def situations(draw: st.DrawFn) -> tuple[TrickRules, PlayContext, list[str]]:
    variant = draw(st.sampled_from([LOUISIANA, UKRAINIAN, OCCITAN]))
    trump = None if variant is OCCITAN else draw(st.sampled_from("SHDC"))
    cinch = draw(st.booleans())
    deck = sorted(variant.deck)
    cards = draw(st.lists(st.sampled_from(deck), min_size=2, max_size=12, unique=True))
    hand_size = draw(st.integers(1, min(5, len(cards) - 1)))
    hand, trick = cards[:hand_size], cards[hand_size : hand_size + draw(st.integers(0, 3))]
    played = frozenset(cards[hand_size:])
    r = variant.trick_rules({"cinch": cinch}, trump)
    if trick:
        best = trick[trick_winner(tuple(("x", c) for c in trick), trump, variant.strength)]
        led = trick[0][1]
        trumped = trump is not None and best[1] == trump and led != trump
        c = PlayContext(led, best, trumped, draw(st.booleans()), draw(st.integers(0, 3)), played)
    else:
        c = PlayContext(None, None, False, False, draw(st.integers(0, 3)), played)
    return r, c, hand


@settings(max_examples=600, deadline=None)
@given(situations())
def test_broken_obligation_matches_legal_plays(
    situation: tuple[TrickRules, PlayContext, list[str]],
) -> None:
    r, c, hand = situation
    _, refused = legal_plays(r, c, hand)
    for card in hand:
        assert broken_obligation(r, c, hand, card) == refused.get(card)


@settings(max_examples=600, deadline=None)
@given(situations(), st.data())
def test_a_card_of_another_suit_changes_no_verdict(
    situation: tuple[TrickRules, PlayContext, list[str]], data: st.DataObject
) -> None:
    """What `reneges.reveal` relies on to skip re-judging a pending play: a card shown
    later that is neither of the led suit nor a trump changes no verdict of a play."""
    r, c, hand = situation
    seen = set(hand) | c.played
    others = [
        x for x in DECK if x not in seen and x[1] != c.led and x[1] != r.trump and x in r.strength
    ]
    if not others:
        return
    shown = data.draw(st.sampled_from(others))
    for card in hand:
        before = broken_obligation(r, c, hand, card)
        assert broken_obligation(r, c, [*hand, shown], card) == before


@settings(max_examples=600, deadline=None)
@given(situations())
def test_a_hand_of_the_card_alone_breaks_nothing(
    situation: tuple[TrickRules, PlayContext, list[str]],
) -> None:
    """What `tricks.play` relies on to skip judging a play whose hand is known to hold the
    card played and nothing else: every obligation is about another card of the hand."""
    r, c, hand = situation
    for card in hand:
        assert legal_plays(r, c, [card])[1].get(card) is None
        assert broken_obligation(r, c, [card], card) is None


@settings(max_examples=600, deadline=None)
@given(situations())
def test_a_card_that_follows_and_heads_breaks_nothing(
    situation: tuple[TrickRules, PlayContext, list[str]],
) -> None:
    """What `tricks.play` relies on to judge such a play never (no pending play for a
    hidden hand): a card of the led suit, not trumps, that beats the trick's best card (or
    any, when the trick is trumped or heading is not owed) is allowed whatever the hand."""
    r, c, hand = situation
    if c.led is None or c.led == r.trump or c.best is None:
        return
    _, refused = legal_plays(r, c, hand)
    for card in hand:
        heads = r.strength[card] > r.strength[c.best] if card[1] == c.best[1] else False
        if card[1] == c.led and (heads or c.trumped or not r.must_head):
            assert refused.get(card) is None
            assert broken_obligation(r, c, hand, card) is None
