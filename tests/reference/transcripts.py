"""Hypothesis strategies for random sittings in every variant, played from full hands
with the reference's own obligations (never the engine's): seated subsets, hands logged
or hidden, exchanges listed or not, injected reneges (some corrected by a retract),
closing, and now and then one action made illegal on purpose."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st

from tests.reference.rules import (
    clockwise_from,
    louisiana_check,
    occitan_check,
    trick_winner,
    ukrainian_check,
    variant_of,
)

SIZES = {"louisiana": (2, 8), "ukrainian": (2, 7), "occitan": (3, 4), "comtadine": (2, 5)}
NAMES = ["ana", "ben", "cy", "dee", "eve", "fox", "gus", "hal", "ida"]


@dataclass
class Sim:
    transcript: dict[str, Any]
    # (deal index, player) of every renege left uncorrected on purpose
    injected: list[tuple[int, str]] = field(default_factory=list)
    spoiled: str | None = None  # what was made illegal, if anything


def _breaks(variant, hand, card, trick, trump, cinch, won, played, last) -> str | None:
    v = variant_of(variant)
    if variant == "louisiana":
        return louisiana_check(set(hand), card, trick, trump, v, cinch, won, played, last)
    if variant == "ukrainian":
        return ukrainian_check(set(hand), card, trick, trump, v)
    return occitan_check(set(hand), card, trick)


@st.composite
def sittings(draw: Any, variant: str | None = None) -> Sim:
    variant = variant or draw(st.sampled_from(sorted(SIZES)))
    v = variant_of(variant)
    lo, hi = SIZES[variant]
    n_players = draw(st.integers(lo, min(hi, 7)))
    if draw(st.integers(0, 15)) == 0:
        n_players = hi + 1  # one seat too many: refused
    players = NAMES[:n_players]
    options: dict[str, Any] = {"ante": draw(st.integers(1, 3))}
    if variant == "louisiana":
        options["cinch"] = draw(st.booleans())
    if variant in ("louisiana", "ukrainian") and draw(st.integers(0, 4)) == 0:
        options["pot_limit"] = draw(st.integers(2, 8))
    if variant == "comtadine" and draw(st.integers(0, 3)) == 0:
        options["eldest"] = draw(st.sampled_from(players))
    if variant in ("louisiana", "ukrainian") and draw(st.integers(0, 3)) == 0:
        options["max_exchange"] = draw(st.integers(1, 3))
    if variant == "ukrainian" and draw(st.integers(0, 3)) == 0:
        options["exchange_fee"] = draw(st.integers(0, 2))
    n_deals = draw(st.integers(1, 3))
    if variant == "comtadine":
        options["deals"] = n_deals + draw(st.integers(0, 1))
    sim = Sim({"format": "bourre-transcript/1", "variant": variant, "options": options,
               "players": players, "deals": []})  # fmt: skip
    if n_players > hi:  # one seat too many for the variant: the table is refused
        sim.spoiled = "too many players"
    for d in range(n_deals):
        seated = players
        if len(players) > lo and draw(st.booleans()):
            k = draw(st.integers(lo, len(players)))
            picked = draw(st.permutations(players))[:k]
            seated = [p for p in players if p in picked]
        deal = play_deal(draw, sim, d, variant, v, seated, options)
        sim.transcript["deals"].append(deal)
    sim.transcript["closed"] = draw(st.booleans())
    spoil(draw, sim)
    return sim


def play_deal(draw, sim, d, variant, v, seated, options) -> dict[str, Any]:
    dealer = draw(st.sampled_from(seated))
    order = clockwise_from(sim.transcript["players"], dealer, seated)
    deck = draw(st.permutations(v.deck))
    hands = {p: list(deck[5 * i : 5 * i + 5]) for i, p in enumerate(order)}
    stock = list(deck[5 * len(order) :])
    deal: dict[str, Any] = {"dealer": dealer, "seated": seated}
    if variant != "comtadine" and draw(st.integers(0, 4)) == 0:
        deal["ante"] = draw(st.integers(0, 4))  # the dealer sets this deal's ante
    trump = None
    if variant == "louisiana":
        deal["trump"] = hands[dealer][4]
        trump = deal["trump"][1]
    elif variant == "ukrainian":
        deal["trump"] = stock.pop(0)
        trump = deal["trump"][1]
    if trump and draw(st.integers(0, 2)) == 0:
        stack_top_trumps(draw, hands, stock, order, dealer, deal.get("trump"), trump, v)
    logged = [p for p in order if draw(st.integers(0, 2)) == 0]
    deal["hands"] = {p: list(hands[p]) for p in logged}
    if not logged:
        del deal["hands"]
    actions: list[dict[str, Any]] = []
    deal["actions"] = actions
    limit = {"louisiana": 5, "ukrainian": 4 if len(seated) <= 5 else 3}.get(variant, 2)
    limit = options.get("max_exchange", limit) if variant != "comtadine" else 2
    unlisted_logged: list[str] = []

    def exchange(p: str) -> None:
        room = min(limit, len(stock))
        if not room or not draw(st.booleans()):
            return
        n = draw(st.integers(0, room))
        out = draw(st.permutations(hands[p]))[:n]
        new = stock[:n]
        del stock[:n]
        listed = draw(st.integers(0, 3)) > 0 if p in logged else draw(st.booleans())
        action: dict[str, Any] = {"player": p, "exchange": n}
        if listed:
            action["discard"], action["draw"] = list(out), list(new)
        elif p in logged and n:
            unlisted_logged.append(p)
        actions.append(action)
        hands[p] = [c for c in hands[p] if c not in out] + new

    active = list(order)
    early = draw(st.booleans())  # exchange right after declaring play (TRANSCRIPT.md)
    if variant in ("louisiana", "ukrainian"):
        active = []
        for p in order:
            must = variant == "louisiana" and p == dealer and deal["trump"][0] == "A"
            plays = must or draw(st.integers(0, 3)) > 0
            actions.append({"player": p, "declare": "play" if plays else "pass"})
            if plays:
                active.append(p)
                if early and p != order[-1]:  # after the last declaration, play is due
                    exchange(p)
        if len(active) <= 1:
            return deal
    if variant != "occitan" and not (early and variant in ("louisiana", "ukrainian")):
        for p in active:
            exchange(p)
    elif variant != "occitan" and order[-1] in active:
        exchange(order[-1])
    if variant == "comtadine":
        known = [p for p in logged if p not in unlisted_logged]
        play_climbing(draw, sim, d, order, hands, actions, known)
    else:
        play_tricks(draw, sim, d, variant, options, active, hands, actions, trump)
    return deal


def stack_top_trumps(draw, hands, stock, order, dealer, upcard, trump, v) -> None:
    """Give one player the top trumps (2 to 4 of them), so cinches, the ukrainian lead
    rule and over-trumping come up often: swapped with cards from other hands or the
    stock, never the upcard."""
    taker = draw(st.sampled_from([p for p in order if p != dealer] or order))
    count = draw(st.integers(2, 4))
    tops = [r + trump for r in reversed(v.ranks)][:count]
    for card in tops:
        if card == upcard or card in hands[taker]:
            continue
        spare = [c for c in hands[taker] if c[1] != trump and c != upcard]
        if not spare:
            return
        give = draw(st.sampled_from(spare))
        holder = next((p for p in order if card in hands[p]), None)
        where = hands[holder] if holder else stock
        if card not in where:
            continue
        where[where.index(card)] = give
        hands[taker][hands[taker].index(give)] = card


def play_tricks(draw, sim, d, variant, options, active, hands, actions, trump) -> None:
    leader = active[0]
    won: dict[str, int] = {}
    played: set[str] = set()
    reneged: set[str] = set()
    for _ in range(5):
        trick: list[tuple[str, str]] = []
        start = active.index(leader)
        for k in range(len(active)):
            p = active[(start + k) % len(active)]
            hand = hands[p]
            last = k == len(active) - 1

            seen = played | {x for _, x in trick}
            cinch = options.get("cinch", True)
            verdict = {
                c: _breaks(variant, hand, c, trick, trump, cinch, won.get(p, 0), seen, last)
                for c in hand
            }
            legal = [c for c in hand if not verdict[c]]
            wrong = [c for c in hand if verdict[c]]
            choice = draw(st.integers(0, 9))
            if wrong and choice == 0:  # a renege, left standing
                card = draw(st.sampled_from(wrong))
                sim.injected.append((d, p))
                reneged.add(p)
            elif wrong and choice == 1:  # a renege corrected at once
                actions.append({"player": p, "play": draw(st.sampled_from(wrong))})
                actions.append({"player": p, "retract": True})
                card = draw(st.sampled_from(legal))
            elif len(legal) > 1 and choice == 2:  # a legal card taken back all the same
                actions.append({"player": p, "play": legal[0]})
                actions.append({"player": p, "retract": True})
                card = draw(st.sampled_from(legal))
            else:
                card = draw(st.sampled_from(legal))
            actions.append({"player": p, "play": card})
            hand.remove(card)
            trick.append((p, card))
        winner = trick_winner(trick, trump, variant_of(variant))
        won[winner] = won.get(winner, 0) + 1
        played |= {c for _, c in trick}
        leader = winner


def play_climbing(draw, sim, d, order, hands, actions, logged) -> None:
    """Climbing tricks. A pass while able to beat is a renege; it is claimed as injected
    only where it must be proven: the player's hand is logged (the beating card may never
    be shown, since the deal ends with one player still holding cards)."""
    v = variant_of("comtadine")

    def holders() -> list[str]:
        return [p for p in order if hands[p]]

    eldest = sim.transcript["options"].get("eldest")
    leader = eldest if eldest in order else order[0]
    while len(holders()) > 1:
        if not hands[leader]:
            i = order.index(leader)
            leader = next(order[(i + k) % len(order)] for k in range(1, len(order) + 1)
                          if hands[order[(i + k) % len(order)]])  # fmt: skip
        card = draw(st.sampled_from(hands[leader]))
        actions.append({"player": leader, "play": card})
        hands[leader].remove(card)
        top, by = card, leader
        passes = 0
        who = by
        while True:
            others = [p for p in order if p != by and hands[p]]
            if passes >= len(others) or not others:
                break
            i = order.index(who)
            who = next(order[(i + k) % len(order)] for k in range(1, len(order) + 1)
                       if hands[order[(i + k) % len(order)]])  # fmt: skip
            beaters = [c for c in hands[who] if c[1] == top[1] and v.rank(c) > v.rank(top)]
            if beaters and draw(st.integers(0, 7)) > 0:
                card = draw(st.sampled_from(beaters))
                actions.append({"player": who, "play": card})
                hands[who].remove(card)
                top, by, passes = card, who, 0
            else:
                if beaters and who in logged:
                    sim.injected.append((d, who))
                actions.append({"player": who, "pass_turn": True})
                passes += 1
        leader = by


def spoil(draw: Any, sim: Sim) -> None:
    """Now and then make one action illegal, so refusals are compared too."""
    if sim.spoiled:
        return
    roll = draw(st.integers(0, 99))  # about one sitting in six is spoiled
    choice = -1 if roll < 84 else (roll - 84) // 4
    deals = sim.transcript["deals"]
    d = draw(st.integers(0, len(deals) - 1))
    actions = deals[d]["actions"]
    plays = [j for j, a in enumerate(actions) if "play" in a]
    pairs = [
        j for j in plays if j + 1 in plays and actions[j]["player"] != actions[j + 1]["player"]
    ]
    if choice == 0 and pairs:  # two plays in a row swapped: someone is out of turn
        j = draw(st.sampled_from(pairs))
        actions[j], actions[j + 1] = actions[j + 1], actions[j]
        sim.spoiled = "swapped"
    final = [j for j in plays if j + 1 == len(actions) or "retract" not in actions[j + 1]]
    if choice == 1 and len(final) >= 2:  # a card played again (not one taken back)
        j = draw(st.sampled_from(final[1:]))
        earlier = actions[final[0]]["play"]
        actions[j] = {"player": actions[j]["player"], "play": earlier}
        sim.spoiled = "again"
    elif choice == 2 and plays:  # the deal stops short, and the sitting is closed
        del sim.transcript["deals"][d + 1 :]
        del actions[plays[-1] :]
        sim.transcript["closed"] = True
        sim.spoiled = "closed during a deal"
    elif choice == 3 and plays:  # a card from nowhere: one the deck does not have
        j = draw(st.sampled_from(plays))
        actions[j] = {"player": actions[j]["player"], "play": "1X"}
        sim.spoiled = "not a card"
    if sim.spoiled:
        sim.injected = [(i, p) for i, p in sim.injected if i < d]
