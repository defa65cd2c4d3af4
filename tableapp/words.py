"""Rulings in words, as a scorekeeper reads them aloud at the table."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.table import PLAYER_JOINED, PLAYER_LEFT, TABLE_CLOSED, RulingKind
from tableapp.cards import card_label

#: What the player could have done, by the obligation name the engine uses.
OBLIGATIONS = {
    "follow_suit": "could follow suit",
    "trump": "could trump (void in the suit led)",
    "head_trick": "could beat the best card of the trick",
    "overtrump": "could overtrump",
    "cinch": "held a cinch and had to play the highest trump",
    "lead_high_trump": "held the ace, king or queen of trumps and had to lead the highest trump",
    "climb": "could climb with a higher card of the suit",
    "must_climb": "must climb with a higher card of the suit led",
}


def obligation_words(name: str) -> str:
    return OBLIGATIONS.get(name, name.replace("_", " "))


def refusal_words(name: str) -> str:
    """Why a card is refused now, for the card picker."""
    return {
        "follow_suit": "must follow suit",
        "trump": "must trump",
        "head_trick": "must beat the best card",
        "overtrump": "must overtrump",
        "cinch": "cinch: play the highest trump",
        "lead_high_trump": "must lead the highest trump",
        "climb": "must climb",
        "must_climb": "must climb",
    }.get(name, name.replace("_", " "))


def _names(players: Sequence[str]) -> str:
    players = list(players)
    return players[0] if len(players) == 1 else ", ".join(players[:-1]) + " and " + players[-1]


def _proof(ruling: Mapping[str, Any], actions: Sequence[Mapping[str, Any]] | None) -> str:
    index = ruling.get("proven_at")
    if index is None:
        return "not yet proven"
    if actions is None or not 0 <= index < len(actions):
        return f"proven at action {index + 1} of the deal"
    action = actions[index]
    if action.get("player") == ruling.get("player") and action.get("play") == ruling.get("card"):
        return "proven at the play itself (the hand was logged)"
    if "play" in action:
        return f"proven when {action['player']} showed the {card_label(action['play'])}"
    return f"proven at action {index + 1} of the deal"


def ruling_words(
    ruling: Mapping[str, Any], actions: Sequence[Mapping[str, Any]] | None = None
) -> str:
    """One `bourre-ruling/1` ruling in words; `actions` (the deal's) name the proof."""
    kind = ruling.get("kind", "")
    player = ruling.get("player", "")
    amount = ruling.get("amount")
    if kind == RulingKind.RENEGE:
        card = ruling.get("card")
        played = f" with the {card_label(card)}" if card else ""
        owes = "" if amount is None else f"; pays {amount} into the next pot"
        return (
            f"{player} reneged in trick {ruling.get('trick')}{played}: "
            f"{obligation_words(str(ruling.get('obligation', '')))}, {_proof(ruling, actions)}"
            f"{owes}"
        )
    if kind == RulingKind.POT_WON:
        return f"{player} takes the pot: {amount}"
    if kind == RulingKind.POT_SPLIT:
        return (
            f"{_names(ruling.get('players', []))} tie and split the pot: "
            f"{ruling.get('each')} each, {ruling.get('left', 0)} stays in the pot"
        )
    if kind == RulingKind.POT_CARRIED:
        tied = ruling.get("tied") or []
        why = f"{_names(tied)} tie" if tied else "nobody takes it"
        return f"{why}: the pot of {amount} carries to the next deal"
    if kind == RulingKind.POT_SHARED:
        shares = ruling.get("shares") or {}
        return "the pot is shared: " + ", ".join(f"{p} {n}" for p, n in shares.items())
    if kind == RulingKind.BOURRE:
        return f"{player} is bourré (no trick): pays {amount} into the next pot"
    if kind == RulingKind.ALL_PASSED:
        return "everyone passed: the pot carries to the next deal"
    if kind == RulingKind.LONE_PLAYER:
        return f"{player} is the only one playing and takes the pot uncontested"
    if kind == RulingKind.DEALER_MUST_PLAY:
        who = f"{player} (the dealer)" if player else "the dealer"
        return f"everyone else passed: {who} must play"
    if kind == RulingKind.TRICK_WON:
        return f"trick {ruling.get('trick')} to {ruling.get('winner')}"
    if kind == RulingKind.DEAL_STARTED:
        antes = ruling.get("antes") or {}
        return f"deal {int(ruling.get('deal', 0)) + 1}: antes paid, {sum(antes.values())} in all"
    if kind == RulingKind.DEAL_SETTLED:
        return f"deal {int(ruling.get('deal', 0)) + 1} settled"
    rest = ", ".join(f"{k} {v}" for k, v in ruling.items() if k != "kind")
    return f"{kind.replace('_', ' ')}: {rest}" if rest else kind.replace("_", " ")


def action_words(action: Mapping[str, Any]) -> str:
    """One transcript action in words."""
    player = action.get("player", "")
    if "declare" in action:
        return f"{player} declares {action['declare']}"
    if "exchange" in action:
        return f"{player} exchanges {action['exchange']}"
    if "play" in action:
        return f"{player} plays {card_label(action['play'])}"
    if action.get("retract"):
        return f"{player} takes back the last card"
    if action.get("pass_turn"):
        return f"{player} passes"
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
