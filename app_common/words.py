"""Rulings in words, as a scorekeeper reads them aloud at the table, in the request's
language (docs/i18n.md: the game's words are the glossary's, docs/glossary.md)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, npgettext, pgettext

from app_common.cards import card_label
from app_common.labels import says_bourru
from table_stream import PLAYER_JOINED, PLAYER_LEFT, TABLE_CLOSED, RulingKind

#: What the player could have done, by the obligation name the engine uses.
OBLIGATIONS = {
    "follow_suit": gettext_lazy("could follow suit"),
    "trump": gettext_lazy("could trump (void in the suit led)"),
    "head_trick": gettext_lazy("could beat the best card of the trick"),
    "overtrump": gettext_lazy("could overtrump"),
    "cinch": gettext_lazy("held a cinch and had to play the highest trump"),
    "lead_high_trump": gettext_lazy(
        "held the ace, king or queen of trumps and had to lead the highest trump"
    ),
    "climb": gettext_lazy("could climb with a higher card of the suit"),
    "must_climb": gettext_lazy("must climb with a higher card of the suit led"),
}
#: Why a card is refused now, for the card picker (short: it sits under the card).
REFUSALS = {
    "follow_suit": gettext_lazy("must follow suit"),
    "trump": gettext_lazy("must trump"),
    "head_trick": gettext_lazy("must beat the best card"),
    "overtrump": gettext_lazy("must overtrump"),
    "cinch": gettext_lazy("cinch: play the highest trump"),
    "lead_high_trump": gettext_lazy("must lead the highest trump"),
    "climb": gettext_lazy("must climb"),
    "must_climb": gettext_lazy("must climb"),
}


def obligation_words(name: str) -> str:
    return str(OBLIGATIONS.get(name, name.replace("_", " ")))


def refusal_words(name: str) -> str:
    """Why a card is refused now, for the card picker."""
    return str(REFUSALS.get(name, name.replace("_", " ")))


def tricks_words(count: int) -> str:
    """ "1 trick", "5 tricks", with each language's plural forms (Ukrainian has three)."""
    return ngettext("%(count)d trick", "%(count)d tricks", count) % {"count": count}


def chips_words(count: int) -> str:
    """ "1 chip", "5 chips", with each language's plural forms."""
    return ngettext("%(count)d chip", "%(count)d chips", count) % {"count": count}


def _names(players: Sequence[str]) -> str:
    players = list(players)
    if len(players) <= 1:
        return "".join(players)  # none: "nobody takes it" names nobody
    return _("%(names)s and %(last)s") % {"names": ", ".join(players[:-1]), "last": players[-1]}


def _proof(ruling: Mapping[str, Any], actions: Sequence[Mapping[str, Any]] | None) -> str:
    index = ruling.get("proven_at")
    if index is None:
        return _("not yet proven")
    if actions is None or not 0 <= index < len(actions):
        return _("proven at action %(number)d of the deal") % {"number": index + 1}
    action = actions[index]
    if action.get("player") == ruling.get("player") and action.get("play") == ruling.get("card"):
        return _("proven at the play itself (the hand was logged)")
    if "play" in action:
        return _("proven when %(player)s showed the %(card)s") % {
            "player": action["player"],
            "card": card_label(action["play"]),
        }
    return _("proven at action %(number)d of the deal") % {"number": index + 1}


def ruling_words(
    ruling: Mapping[str, Any],
    actions: Sequence[Mapping[str, Any]] | None = None,
    *,
    variant: str = "",
    closed: bool = False,
) -> str:
    """One `bourre-ruling/1` ruling in words; `actions` (the deal's) name the proof. The
    `variant` picks the word for a player without a trick: *bourru* for the 32-card
    variants (occitan, comtadine) and *bourré* for the others (docs/glossary.md). On a
    `closed` table no next deal comes: what would have gone into the next pot went into
    the pot the close shared out."""
    kind = ruling.get("kind", "")
    player = ruling.get("player", "")
    amount = ruling.get("amount")
    if kind == RulingKind.RENEGE:
        card = ruling.get("card")
        words = {
            "player": player,
            "trick": ruling.get("trick"),
            "card": card_label(card) if card else "",
            "obligation": obligation_words(str(ruling.get("obligation", ""))),
            "proof": _proof(ruling, actions),
        }
        if card:
            text = _(
                "%(player)s reneged in trick %(trick)s with the %(card)s: %(obligation)s, %(proof)s"
            )
        else:
            text = _("%(player)s reneged in trick %(trick)s: %(obligation)s, %(proof)s")
        text %= words
        if amount is not None and closed:
            text += ngettext(
                "; pays %(amount)d into the pot, shared at the close",
                "; pays %(amount)d into the pot, shared at the close",
                amount,
            ) % {"amount": amount}
        elif amount is not None:
            # English keeps the bare number; the other languages say the chips' plural.
            text += ngettext(
                "; pays %(amount)d into the next pot", "; pays %(amount)d into the next pot", amount
            ) % {"amount": amount}
        return text
    if kind == RulingKind.POT_WON:
        return ngettext(
            "%(player)s takes the pot: %(amount)d", "%(player)s takes the pot: %(amount)d", amount
        ) % {"player": player, "amount": amount}
    if kind == RulingKind.POT_SPLIT:
        each = int(ruling.get("each") or 0)
        left = int(ruling.get("left") or 0)
        return ngettext(
            "%(players)s tie and split the pot: %(each)d each, %(left)d stays in the pot",
            "%(players)s tie and split the pot: %(each)d each, %(left)d stay in the pot",
            left,
        ) % {"players": _names(ruling.get("players", [])), "each": each, "left": left}
    if kind == RulingKind.POT_CARRIED and closed:
        return _("the pot of %(amount)s stayed in, to be shared at the close") % {"amount": amount}
    if kind == RulingKind.POT_CARRIED:
        tied = ruling.get("tied") or []
        if tied:
            text = _("%(players)s tie: the pot of %(amount)s carries to the next deal")
        else:
            text = _("nobody takes it: the pot of %(amount)s carries to the next deal")
        return text % {"players": _names(tied), "amount": amount}
    if kind == RulingKind.POT_SHARED:
        shares = ruling.get("shares") or {}
        return _("the pot is shared: %(shares)s") % {
            "shares": ", ".join(f"{p} {n}" for p, n in shares.items())
        }
    if kind == RulingKind.BOURRE and closed and says_bourru(variant):
        return npgettext(
            "bourru: the occitan and comtadine variants' word",
            "%(player)s is bourru (no trick): pays %(amount)d into the pot, shared at the close",
            "%(player)s is bourru (no trick): pays %(amount)d into the pot, shared at the close",
            amount or 0,
        ) % {"player": player, "amount": amount or 0}
    if kind == RulingKind.BOURRE and closed:
        return ngettext(
            "%(player)s is bourré (no trick): pays %(amount)d into the pot, shared at the close",
            "%(player)s is bourré (no trick): pays %(amount)d into the pot, shared at the close",
            amount or 0,
        ) % {"player": player, "amount": amount or 0}
    if kind == RulingKind.BOURRE and says_bourru(variant):
        amount = amount or 0
        return npgettext(
            "bourru: the occitan and comtadine variants' word",
            "%(player)s is bourru (no trick): pays %(amount)d into the next pot",
            "%(player)s is bourru (no trick): pays %(amount)d into the next pot",
            amount,
        ) % {"player": player, "amount": amount}
    if kind == RulingKind.BOURRE:
        return ngettext(
            "%(player)s is bourré (no trick): pays %(amount)d into the next pot",
            "%(player)s is bourré (no trick): pays %(amount)d into the next pot",
            amount or 0,
        ) % {"player": player, "amount": amount or 0}
    if kind == RulingKind.ALL_PASSED:
        return _("everyone passed: the pot carries to the next deal")
    if kind == RulingKind.LONE_PLAYER:
        return _("%(player)s is the only one playing and takes the pot uncontested") % {
            "player": player
        }
    if kind == RulingKind.DEALER_MUST_PLAY:
        if player:
            return _("everyone else passed: %(player)s (the dealer) must play") % {"player": player}
        return _("everyone else passed: the dealer must play")
    if kind == RulingKind.TRICK_WON:
        return _("trick %(trick)s to %(winner)s") % {
            "trick": ruling.get("trick"),
            "winner": ruling.get("winner"),
        }
    if kind == RulingKind.DEAL_STARTED:
        antes = ruling.get("antes") or {}
        return _("deal %(number)d: antes paid, %(total)d in all") % {
            "number": int(ruling.get("deal", 0)) + 1,
            "total": sum(antes.values()),
        }
    if kind == RulingKind.DEAL_SETTLED:
        return _("deal %(number)d settled") % {"number": int(ruling.get("deal", 0)) + 1}
    if kind == RulingKind.EXCHANGE_FEE:
        fee = int(amount or 0)
        return ngettext(
            "%(player)s pays %(amount)d for the exchange",
            "%(player)s pays %(amount)d for the exchange",
            fee,
        ) % {"player": player, "amount": fee}
    if kind == RulingKind.TRICK_DEAD:
        return _("trick %(trick)s is dead: everyone else passed") % {"trick": ruling.get("trick")}
    if kind == RulingKind.TRICK_REOPENED:
        return _("trick %(trick)s is open again") % {"trick": ruling.get("trick")}
    if kind == RulingKind.CARD_RETRACTED:
        card = ruling.get("card")
        return _("%(player)s takes back the %(card)s") % {
            "player": player,
            "card": card_label(card) if card else "",
        }
    if kind == RulingKind.TABLE_CLOSED:
        return _("the table is closed")
    rest = ", ".join(f"{k} {v}" for k, v in ruling.items() if k != "kind")
    return f"{kind.replace('_', ' ')}: {rest}" if rest else kind.replace("_", " ")


def action_words(action: Mapping[str, Any]) -> str:
    """One transcript action in words."""
    player = action.get("player", "")
    if "declare" in action:
        if action["declare"] == "play":
            return pgettext("a declaration", "%(player)s declares play") % {"player": player}
        if action["declare"] == "pass":
            return pgettext("a declaration", "%(player)s declares pass") % {"player": player}
        return _("%(player)s declares %(declaration)s") % {
            "player": player,
            "declaration": action["declare"],
        }
    if "exchange" in action:
        count = int(action["exchange"])
        return ngettext(
            "%(player)s exchanges %(count)d", "%(player)s exchanges %(count)d", count
        ) % {"player": player, "count": count}
    if "play" in action:
        return _("%(player)s plays %(card)s") % {
            "player": player,
            "card": card_label(action["play"]),
        }
    if action.get("retract"):
        return _("%(player)s takes back the last card") % {"player": player}
    if action.get("pass_turn"):
        return pgettext("passing a turn in a comtadine trick", "%(player)s passes") % {
            "player": player
        }
    return ", ".join(f"{k} {v}" for k, v in action.items())


def event_words(event_type: str, data: Mapping[str, Any]) -> str:
    """A logged event of the current deal in words, for "Undo: cy plays 4♥"."""
    player = data.get("player", "")
    if event_type == PLAYER_JOINED:
        return _("%(player)s joins") % {"player": player}
    if event_type == PLAYER_LEFT:
        return _("%(player)s leaves") % {"player": player}
    if event_type == TABLE_CLOSED:
        return _("the closing of the table")
    if "play" in data:
        return _("%(player)s plays %(card)s") % {"player": player, "card": card_label(data["play"])}
    if "declare" in data:
        if data["declare"] == "play":
            return _("%(player)s declares play") % {"player": player}
        return _("%(player)s passes") % {"player": player}
    if "exchange" in data:
        return _("%(player)s exchanges %(count)s") % {"player": player, "count": data["exchange"]}
    if data.get("retract"):
        return _("%(player)s takes back the last card") % {"player": player}
    if data.get("pass_turn"):
        return _("%(player)s passes") % {"player": player}
    if "dealer" in data:
        return _("the deal started by %(dealer)s") % {"dealer": data["dealer"]}
    return event_type


def renege_warning(player: str, obligation: str) -> str:
    """Said at once when a card the logged hand refuses is played (the ruling waits for
    the next card: until then the player may take it back)."""
    could = RENEGE_NOW.get(obligation, obligation_words(obligation))
    return _("%(player)s %(could)s: a renege unless taken back before the next card") % {
        "player": player,
        "could": could,
    }


#: What the player could have done instead of the card just played, by obligation.
RENEGE_NOW = {
    "follow_suit": gettext_lazy("could have followed suit"),
    "trump": gettext_lazy("could have trumped"),
    "head_trick": gettext_lazy("could have beaten the best card of the trick"),
    "overtrump": gettext_lazy("could have overtrumped"),
    "cinch": gettext_lazy("held a cinch and had to play the highest trump"),
    "lead_high_trump": gettext_lazy("had to lead the highest trump"),
    "climb": gettext_lazy("could have climbed with a higher card of the suit"),
    "must_climb": gettext_lazy("had to climb with a higher card of the suit led"),
}


def outcome_words(kind: str, amount: int = 0, *, variant: str = "") -> str:
    """A seat's part in the last deal, on the seat between deals (`games.selectors.board
    .Outcome`): "took the pot: +8", "bourré: pays 4", "2 tricks", "passed this deal"."""
    said = {"amount": amount}
    if kind == "won":
        return pgettext("a seat's part in the last deal", "took the pot: +%(amount)d") % said
    if kind == "split":
        return pgettext("a seat's part in the last deal", "shared the pot: +%(amount)d") % said
    if kind == RulingKind.BOURRE and says_bourru(variant):
        return (
            pgettext(
                "a seat's part in the last deal (occitan, comtadine)", "bourru: pays %(amount)d"
            )
            % said
        )
    if kind == RulingKind.BOURRE:
        return pgettext("a seat's part in the last deal", "bourré: pays %(amount)d") % said
    if kind == RulingKind.RENEGE:
        return pgettext("a seat's part in the last deal", "reneged: pays %(amount)d") % said
    if kind == "tied":
        return pgettext("a seat's part in the last deal", "tied: the pot carries")
    if kind == "passed":
        return pgettext("a seat's part in the last deal", "passed this deal")
    if kind == "tricks":
        return tricks_words(amount)
    return kind
