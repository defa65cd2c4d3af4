"""One deal as the reference referee reads it: every action checked for what is
refused, the tricks as played, and each renege with the first action that proves it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tests.reference.rules import (
    LIMITS,
    Refused,
    Variant,
    clockwise_from,
    louisiana_check,
    norm,
    occitan_check,
    trick_winner,
    ukrainian_check,
)


# ------------------------------------------------------------------ one deal
@dataclass
class Play:
    index: int  # action index
    player: str
    card: str
    trick: int  # 0-based trick number
    before: list[tuple[str, str]]  # cards already in the trick
    retracted: bool = False


@dataclass
class DealRecord:
    """What one deal's actions say, checked for what is refused."""

    seated: list[str]
    dealer: str
    ante: int
    trump_card: str | None
    trump: str | None
    active: list[str] = field(default_factory=list)
    passers: list[str] = field(default_factory=list)
    exchanged: dict[str, int] = field(default_factory=dict)
    plays: list[Play] = field(default_factory=list)
    passes: list[tuple[int, str, int, str | None]] = field(default_factory=list)
    tricks: list[dict[str, Any]] = field(default_factory=list)
    shown: dict[str, list[tuple[int, str]]] = field(default_factory=dict)
    known_from_start: dict[str, set[str]] = field(default_factory=dict)
    over: bool = False
    ended_at_declare: bool = False


def _refuse(deal: int, action: int | None, why: str) -> Refused:
    return Refused(deal, action, why)


def run_deal(
    d: int, raw: dict[str, Any], v: Variant, players: list[str], options: dict[str, Any],
    deals_so_far: int,
) -> DealRecord:  # fmt: skip
    if not isinstance(raw, dict) or raw.get("dealer") not in players:
        raise _refuse(d, None, "bad deal")
    seated = raw.get("seated", players)
    if (
        not isinstance(seated, list)
        or len(set(seated)) != len(seated)
        or any(p not in players for p in seated)
        or raw["dealer"] not in seated
    ):
        raise _refuse(d, None, "bad seated")
    seated = [p for p in players if p in seated]
    lo, hi = LIMITS[v.name]
    if not lo <= len(seated) <= hi:
        raise _refuse(d, None, "seated count")
    if (
        v.name == "comtadine"
        and options.get("deals") is not None
        and deals_so_far >= options["deals"]
    ):
        raise _refuse(d, None, "sitting over")
    dealer = raw["dealer"]
    ante = raw.get("ante", options.get("ante", 1))
    deck = v.deck
    location: dict[str, str] = {}  # card -> "hand:P" | "played" | "discard" | "nobody"
    trump_card = None
    trump = None
    if v.trumps:
        trump_card = norm(raw.get("trump"), deck)
        if trump_card is None:
            raise _refuse(d, None, "trump")
        trump = trump_card[1]
        location[trump_card] = "nobody" if v.name == "ukrainian" else f"hand:{dealer}"
    elif raw.get("trump") is not None:
        raise _refuse(d, None, "no trump in this variant")
    rec = DealRecord(seated, dealer, ante, trump_card, trump)
    hands: dict[str, set[str]] = {}  # fully known hands
    for p, cards in (raw.get("hands") or {}).items():
        if p not in seated or not isinstance(cards, list) or len(cards) != 5:
            raise _refuse(d, None, "hands")
        hand = {norm(c, deck) for c in cards}
        if None in hand or len(hand) != 5:
            raise _refuse(d, None, "hand cards")
        for c in hand:
            where = location.get(c)
            if where is not None and where != f"hand:{p}":
                raise _refuse(d, None, "hand card elsewhere")
            location[c] = f"hand:{p}"
        if v.name == "louisiana" and p == dealer and trump_card not in hand:
            raise _refuse(d, None, "dealer without upcard")
        hands[p] = {c for c in hand if c is not None}
    rec.known_from_start = {p: set(h) for p, h in hands.items()}
    if v.name == "louisiana":
        rec.known_from_start.setdefault(dealer, set()).add(trump_card)  # type: ignore[arg-type]
    order = clockwise_from(players, dealer, seated)
    declares = v.name in ("louisiana", "ukrainian")
    declared: dict[str, bool] = {}
    max_exchange = options.get("max_exchange")
    if max_exchange is None:
        max_exchange = {"louisiana": 5, "ukrainian": 4 if len(seated) <= 5 else 3}.get(v.name, 2)
    if v.name == "comtadine":
        max_exchange = 2
    exchange_order: list[str] = []
    # the stock after the deal; when it runs short, the discards of players already served
    # (not the one being served) are shuffled into a new stock
    stock_left = len(deck) - 5 * len(seated) - (1 if v.name == "ukrainian" else 0)
    discarded: dict[str, list[str]] = {}
    reshuffled: set[str] = set()
    # a reshuffled discard went back into the stock after these players had drawn
    cannot_hold: dict[str, set[str]] = {}
    played: list[str] = []
    current: list[tuple[str, str]] = []  # the trick in play
    current_plays: list[Play] = []
    leader: str | None = None
    won: dict[str, int] = {}
    in_hand_played: dict[str, int] = {p: 0 for p in seated}
    # comtadine
    passes_in_row = 0
    last_card_by: str | None = None

    def active_players() -> list[str]:
        return [p for p in order if declared.get(p, not declares)]

    def cards_left(p: str) -> int:
        return 5 - in_hand_played[p]

    actions = raw.get("actions", [])
    if not isinstance(actions, list):
        raise _refuse(d, None, "actions")
    for j, a in enumerate(actions):
        if rec.over:
            raise _refuse(d, j, "deal over")
        if not isinstance(a, dict) or a.get("player") not in seated:
            raise _refuse(d, j, "who")
        p = a["player"]
        keys = set(a) - {"player"}
        if keys == {"declare"}:
            if not declares or a["declare"] not in ("play", "pass"):
                raise _refuse(d, j, "declare")
            expected = next((q for q in order if q not in declared), None)
            if expected != p:
                raise _refuse(d, j, "declare out of turn")
            if (
                v.name == "louisiana"
                and p == dealer
                and a["declare"] == "pass"
                and trump_card == "A" + str(trump)
            ):
                raise _refuse(d, j, "dealer must play")
            declared[p] = a["declare"] == "play"
            if len(declared) == len(order):
                rec.active = active_players()
                rec.passers = [q for q in order if not declared[q]]
                if len(rec.active) <= 1:
                    rec.over = True
                    rec.ended_at_declare = True
            continue
        if keys <= {"exchange", "discard", "draw"} and "exchange" in keys:
            n = a["exchange"]
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise _refuse(d, j, "exchange count")
            if v.name == "occitan":
                raise _refuse(d, j, "no exchange")
            if declares and not declared.get(p, False):
                raise _refuse(d, j, "exchange before play declared")
            if played or current:
                raise _refuse(d, j, "exchange after play started")
            if p in rec.exchanged:
                raise _refuse(d, j, "exchanged twice")
            if exchange_order and order.index(exchange_order[-1]) > order.index(p):
                raise _refuse(d, j, "exchange out of order")
            if n > max_exchange:
                raise _refuse(d, j, "exchange above the limit")
            if n > stock_left:
                for q in exchange_order:
                    if q in reshuffled:
                        continue
                    reshuffled.add(q)
                    stock_left += rec.exchanged[q]
                    for c in discarded.get(q, []):
                        if location.get(c) == "discard":
                            del location[c]
                            cannot_hold[c] = set(exchange_order)
            stock_left -= n
            discard = a.get("discard")
            draw = a.get("draw")
            for lst in (discard, draw):
                if lst is not None and (not isinstance(lst, list) or len(lst) != n):
                    raise _refuse(d, j, "exchange lists")
            if discard is not None:
                cards = [norm(c, deck) for c in discard]
                if None in cards or len(set(cards)) != n:
                    raise _refuse(d, j, "discard cards")
                for c in cards:
                    if p in hands and c not in hands[p]:
                        raise _refuse(d, j, "discard contradicts the hand")
                    if location.get(c) not in (None, f"hand:{p}"):
                        raise _refuse(d, j, "discard elsewhere")
                    if p in cannot_hold.get(c, ()):  # type: ignore[arg-type]
                        raise _refuse(d, j, "discard went back into the stock")
                    location[c] = "discard"
                    discarded.setdefault(p, []).append(c)  # type: ignore[arg-type]
                    if p in hands:
                        hands[p].discard(c)  # type: ignore[arg-type]
                    rec.known_from_start.get(p, set()).discard(c)  # type: ignore[arg-type]
            elif n > 0:
                hands.pop(p, None)  # which cards went is unknown
                rec.known_from_start.pop(p, None)
                # the cards the logged hand held are no longer placed
                for c, where in list(location.items()):
                    if where == f"hand:{p}":
                        del location[c]
            if draw is not None:
                cards = [norm(c, deck) for c in draw]
                if None in cards or len(set(cards)) != n:
                    raise _refuse(d, j, "draw cards")
                for c in cards:
                    if location.get(c) is not None:
                        raise _refuse(d, j, "draw elsewhere")
                    location[c] = f"hand:{p}"
                    if p in hands:
                        hands[p].add(c)  # type: ignore[arg-type]
                    rec.known_from_start.setdefault(p, set()).add(c)  # type: ignore[arg-type]
            elif n > 0 and p in hands:
                hands.pop(p)
            rec.exchanged[p] = n
            exchange_order.append(p)
            continue
        if keys == {"retract"} and a["retract"] is True:
            if (
                not current_plays
                and rec.tricks
                and v.name != "comtadine"
                and rec.tricks[-1]["_plays"][-1].player == p
            ):
                # the card that completed a trick: the trick opens again
                t = rec.tricks.pop()
                current_plays = list(t["_plays"])
                current = [(q.player, q.card) for q in current_plays]
                leader = t["leader"]
                won[t["winner"]] -= 1
            if not current_plays or current_plays[-1].player != p:
                raise _refuse(d, j, "cannot retract")
            if v.name == "comtadine" and passes_in_row:
                raise _refuse(d, j, "cannot retract")
            taken = current_plays.pop()
            taken.retracted = True
            current.pop()
            played.remove(taken.card)
            location[taken.card] = f"hand:{p}"
            in_hand_played[p] -= 1
            if v.name == "comtadine":
                last_card_by = current_plays[-1].player if current_plays else None
            continue
        if keys == {"pass_turn"} and a["pass_turn"] is True:
            if v.name != "comtadine":
                raise _refuse(d, j, "pass_turn")
            if not current:
                raise _refuse(d, j, "nothing to pass on")
            expected = comtadine_next(order, current[-1][0], cards_left, passes_in_row)
            if expected != p:
                raise _refuse(d, j, "pass out of turn")
            rec.passes.append((j, p, len(rec.tricks), current[-1][1]))
            passes_in_row += 1
            holders = [q for q in order if q != last_card_by and cards_left(q) > 0]
            if passes_in_row >= len(holders):
                close_comtadine_trick(rec, current_plays, leader, won)
                leader = last_card_by
                current, current_plays, passes_in_row = [], [], 0
                if sum(1 for q in order if cards_left(q) > 0) <= 1:
                    rec.over = True
            continue
        if keys == {"play"}:
            card = norm(a["play"], deck)
            if card is None:
                raise _refuse(d, j, "not a card")
            if declares and len(declared) < len(order):
                raise _refuse(d, j, "play before declarations end")
            if declares and not declared[p]:
                raise _refuse(d, j, "a passer plays")
            actives = rec.active if declares else order
            if not rec.active:
                rec.active = list(order)
            # whose turn
            if v.name == "comtadine":
                if current:
                    expected = comtadine_next(order, current[-1][0], cards_left, passes_in_row)
                else:
                    expected = leader or comtadine_first(options, order, dealer)
                    if cards_left(expected) == 0:
                        expected = next_with_cards(order, expected, cards_left)
            elif current:
                expected = next_in(actives, current[-1][0])
            else:
                expected = leader or actives[0]
            if p != expected:
                raise _refuse(d, j, f"out of turn: expected {expected}")
            if cards_left(p) == 0:
                raise _refuse(d, j, "a sixth card")
            if card in played:
                raise _refuse(d, j, "card already played")
            where = location.get(card)
            if where is not None and where != f"hand:{p}":
                raise _refuse(d, j, "card seen elsewhere")
            if p in cannot_hold.get(card, ()):
                raise _refuse(d, j, "card went back into the stock")
            if p in hands and card not in hands[p]:
                raise _refuse(d, j, "card contradicts the logged hand")
            if v.name == "comtadine" and current:
                top = current[-1][1]
                if card[1] != top[1] or v.rank(card) <= v.rank(top):
                    raise _refuse(d, j, "does not climb")
            play = Play(j, p, card, len(rec.tricks), list(current))
            rec.plays.append(play)
            current_plays.append(play)
            current.append((p, card))
            played.append(card)
            location[card] = "played"
            in_hand_played[p] += 1
            rec.shown.setdefault(p, []).append((j, card))
            if v.name == "comtadine":
                if not current[:-1]:
                    leader = p
                last_card_by = p
                passes_in_row = 0
                holders = [q for q in order if q != p and cards_left(q) > 0]
                if not holders:
                    close_comtadine_trick(rec, current_plays, leader, won)
                    leader = p
                    current, current_plays = [], []
                    if sum(1 for q in order if cards_left(q) > 0) <= 1:
                        rec.over = True
                continue
            if len(current) == 1:
                leader = p
            if len(current) == len(actives):
                winner = trick_winner(current, trump, v)
                rec.tricks.append(
                    {"leader": leader, "cards": [list(x) for x in current], "winner": winner,
                     "_plays": list(current_plays)}
                )  # fmt: skip
                won[winner] = won.get(winner, 0) + 1
                leader = winner
                current, current_plays = [], []
                if len(rec.tricks) == 5:
                    rec.over = True
            continue
        raise _refuse(d, j, "not an action")
    if not rec.active:
        rec.active = [p for p in order if declared.get(p, not declares)]
    rec.won = won  # type: ignore[attr-defined]
    rec.order = order  # type: ignore[attr-defined]
    return rec


def next_in(among: list[str], after: str) -> str:
    return among[(among.index(after) + 1) % len(among)]


def next_with_cards(order: list[str], after: str, cards_left: Any) -> str:
    i = order.index(after)
    for k in range(1, len(order) + 1):
        q = order[(i + k) % len(order)]
        if cards_left(q) > 0:
            return q
    return after


def comtadine_first(options: dict[str, Any], order: list[str], dealer: str) -> str:
    eldest = options.get("eldest")
    return eldest if eldest in order else order[0]


def comtadine_next(order: list[str], last: str, cards_left: Any, passes: int) -> str:
    """Who acts after the card of `last` and `passes` passes since it."""
    who = last
    for _ in range(passes + 1):
        who = next_with_cards(order, who, cards_left)
    return who


def close_comtadine_trick(
    rec: DealRecord, plays: list[Play], leader: str | None, won: dict[str, int]
) -> None:
    winner = plays[-1].player if len(plays) >= 2 else None
    rec.tricks.append(
        {"leader": plays[0].player, "cards": [[q.player, q.card] for q in plays],
         "winner": winner, "_plays": list(plays)}
    )  # fmt: skip
    if winner is not None:
        won[winner] = won.get(winner, 0) + 1


# ------------------------------------------------------------------ reneges
def reneges(rec: DealRecord, v: Variant, options: dict[str, Any]) -> list[dict[str, Any]]:
    """Every renege of the deal, proven at the first action that shows it."""
    found = []
    final = [pl for t in rec.tricks for pl in t["_plays"]]
    final_by: dict[str, list[Play]] = {}
    for pl in final:
        final_by.setdefault(pl.player, []).append(pl)
    last_index = max((pl.index for pl in rec.plays), default=0)
    last_index = max([last_index] + [i for i, *_ in rec.passes])

    def known(p: str, at_index: int, upto: int, hand_now: set[str]) -> set[str]:
        gone = {pl.card for pl in final_by.get(p, []) if pl.index < at_index}
        k = set(rec.known_from_start.get(p, set())) - gone
        for idx, c in rec.shown.get(p, []):
            if idx <= upto and c in hand_now:
                k.add(c)
        return k

    if v.name == "comtadine":
        for j, p, trick_no, top in rec.passes:
            hand_now = {pl.card for pl in final_by.get(p, []) if pl.index > j}
            for t in range(j, last_index + 1):
                k = known(p, j, t, hand_now)
                if any(c[1] == top[1] and v.rank(c) > v.rank(top) for c in k):  # type: ignore[index]
                    found.append(
                        {"kind": "renege", "player": p, "trick": trick_no + 1, "card": None,
                         "obligation": "climb", "proven_at": t, "amount": 0}
                    )  # fmt: skip
                    break
        return found

    won_before: dict[str, int] = {}
    for n, trick in enumerate(rec.tricks):
        players_in_trick = [pl.player for pl in trick["_plays"]]
        for pl in trick["_plays"]:
            p = pl.player
            hand_now = {q.card for q in final_by[p] if q.index >= pl.index}
            played_before = {c for t in rec.tricks[:n] for _, c in t["cards"]} | {
                c for _, c in pl.before
            }
            last = p == players_in_trick[-1]
            for t in range(pl.index, last_index + 1):
                k = known(p, pl.index, t, hand_now) | {pl.card}
                if v.name == "louisiana":
                    why = louisiana_check(
                        k, pl.card, pl.before, rec.trump, v, options.get("cinch", True),  # type: ignore[arg-type]
                        won_before.get(p, 0), played_before, last,
                    )  # fmt: skip
                elif v.name == "ukrainian":
                    why = ukrainian_check(k, pl.card, pl.before, rec.trump, v)  # type: ignore[arg-type]
                else:
                    why = occitan_check(k, pl.card, pl.before)
                if why:
                    found.append(
                        {"kind": "renege", "player": p, "trick": n + 1, "card": pl.card,
                         "obligation": why, "proven_at": t, "amount": None}
                    )  # fmt: skip
                    break
        if trick["winner"]:
            won_before[trick["winner"]] = won_before.get(trick["winner"], 0) + 1
    return found
