"""The engine's machine names said to people: phases, seat statuses, statement columns,
variants (docs/i18n.md). The machine name stays where code or CSS reads it (a seat's
class, a CSV column); only what a person reads goes through the catalogue."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import pgettext, pgettext_lazy

# A posting's kind is the ledger's word: its audit says it too (`ledger.findings`).
from ledger.findings import POSTING_KINDS as POSTING_KINDS
from ledger.findings import posting_kind_words as posting_kind_words
from table_stream import (
    CARD_PLAYED,
    CARD_RETRACTED,
    CARDS_EXCHANGED,
    DEAL_STARTED,
    EVENT_UNDONE,
    PLAYER_DECLARED,
    PLAYER_JOINED,
    PLAYER_LEFT,
    RULING_MADE,
    TABLE_CLOSED,
    TABLE_CREATED,
    TURN_PASSED,
    RulingKind,
)

#: The table's phase (`games.engine.view.phase`), as the screen's pill says it.
PHASES: dict[str, Promise] = {
    "between_deals": pgettext_lazy("a table's phase", "between deals"),
    "declaring": pgettext_lazy("a table's phase", "declaring"),
    "exchanging": pgettext_lazy("a table's phase", "exchanging"),
    "playing": pgettext_lazy("a table's phase", "playing"),
    "closed": pgettext_lazy("a table's phase", "closed"),
}

#: A seat's status (`tableapp.screen`): the key is also the seat's CSS class, slugified.
STATUSES: dict[str, Promise] = {
    "left the table": pgettext_lazy("a seat's status", "left the table"),
    "at the table": pgettext_lazy("a seat's status", "at the table"),
    "waiting": pgettext_lazy("a seat's status", "waiting"),
    "sitting out": pgettext_lazy("a seat's status", "sitting out"),
    "passed": pgettext_lazy("a seat's status", "passed"),
    "playing": pgettext_lazy("a seat's status", "playing"),
    "to declare": pgettext_lazy("a seat's status", "to declare"),
}

#: A player's statement, by `ledger.settlement.STATEMENT_FIELDS` (the CSV keeps the keys).
STATEMENT_LABELS: dict[str, Promise] = {
    "antes": pgettext_lazy("a statement's column", "antes"),
    "fees": pgettext_lazy("a statement's column: exchange fees", "fees"),
    "penalties": pgettext_lazy("a statement's column", "penalties"),
    "winnings": pgettext_lazy("a statement's column", "winnings"),
    "closing_share": pgettext_lazy("a statement's column", "closing share"),
    "net": pgettext_lazy("a statement's column", "net"),
}

#: The variants, by the engine's name, with their name for players.
VARIANT_NAMES: dict[str, Promise] = {
    "louisiana": pgettext_lazy("a variant's name", "Louisiana bourré"),
    "ukrainian": pgettext_lazy("a variant's name", "Ukrainian bourré"),
    "occitan": pgettext_lazy("a variant's name", "Occitan bourre (32 cards)"),
    "comtadine": pgettext_lazy("a variant's name", "Comtadine bourre (climbing tricks)"),
}


#: A club role (`clubs.models.Role`), as the header and the members page say it.
ROLES: dict[str, Promise] = {
    "auditor": pgettext_lazy("a club role", "auditor"),
    "scorekeeper": pgettext_lazy("a club role", "scorekeeper"),
    "admin": pgettext_lazy("a club role", "admin"),
    "operator": pgettext_lazy("a club role", "operator"),
}


#: A ruling's kind (`table_stream.RulingKind`), in the audit's ledger column.
RULING_KINDS: dict[str, Promise] = {
    RulingKind.DEAL_STARTED: pgettext_lazy("a ruling's kind", "deal started"),
    RulingKind.DEALER_MUST_PLAY: pgettext_lazy("a ruling's kind", "dealer must play"),
    RulingKind.EXCHANGE_FEE: pgettext_lazy("a ruling's kind", "exchange fee"),
    RulingKind.TRICK_WON: pgettext_lazy("a ruling's kind", "trick won"),
    RulingKind.TRICK_DEAD: pgettext_lazy("a ruling's kind", "dead trick"),
    RulingKind.TRICK_REOPENED: pgettext_lazy("a ruling's kind", "trick reopened"),
    RulingKind.CARD_RETRACTED: pgettext_lazy("a ruling's kind", "card taken back"),
    RulingKind.RENEGE: pgettext_lazy("a ruling's kind", "renege"),
    RulingKind.LONE_PLAYER: pgettext_lazy("a ruling's kind", "lone player"),
    RulingKind.ALL_PASSED: pgettext_lazy("a ruling's kind", "all passed"),
    RulingKind.POT_WON: pgettext_lazy("a ruling's kind", "pot won"),
    RulingKind.POT_SPLIT: pgettext_lazy("a ruling's kind", "pot split"),
    RulingKind.POT_SHARED: pgettext_lazy("a ruling's kind", "pot shared"),
    RulingKind.POT_CARRIED: pgettext_lazy("a ruling's kind", "pot carried"),
    RulingKind.BOURRE: pgettext_lazy("a ruling's kind", "bourré"),
    RulingKind.DEAL_SETTLED: pgettext_lazy("a ruling's kind", "deal settled"),
    RulingKind.TABLE_CLOSED: pgettext_lazy("a ruling's kind", "table closed"),
}


def ruling_kind_words(kind: str, variant: str = "") -> str:
    if kind == RulingKind.BOURRE and says_bourru(variant):
        return pgettext("a ruling's kind, in the occitan and comtadine variants", "bourru")
    return str(RULING_KINDS.get(kind, kind.replace("_", " ")))


def account_words(account: str) -> str:
    """A ledger account: `pot` is the pot, `player:ana` is ana."""
    if account == "pot":
        return pgettext("a ledger account", "pot")
    return account.removeprefix("player:")


#: A logged event's type (`table_stream.events`), in the audit's events column: a person
#: reads "card played", the log and the exports keep `CardPlayed`.
EVENT_TYPES: dict[str, Promise] = {
    TABLE_CREATED: pgettext_lazy("an event's type", "table created"),
    DEAL_STARTED: pgettext_lazy("an event's type", "deal started"),
    PLAYER_DECLARED: pgettext_lazy("an event's type", "declaration"),
    CARDS_EXCHANGED: pgettext_lazy("an event's type", "cards exchanged"),
    CARD_PLAYED: pgettext_lazy("an event's type", "card played"),
    CARD_RETRACTED: pgettext_lazy("an event's type", "card taken back"),
    TURN_PASSED: pgettext_lazy("an event's type", "turn passed"),
    PLAYER_JOINED: pgettext_lazy("an event's type", "player joined"),
    PLAYER_LEFT: pgettext_lazy("an event's type", "player left"),
    TABLE_CLOSED: pgettext_lazy("an event's type", "table closed"),
    RULING_MADE: pgettext_lazy("an event's type", "ruling made"),
    EVENT_UNDONE: pgettext_lazy("an event's type", "undo"),
}


def event_type_words(event_type: str) -> str:
    return str(EVENT_TYPES.get(event_type, event_type))


#: How a projection follows the log (the standings page's projections table).
PROJECTION_KINDS: dict[str, Promise] = {
    "inline": pgettext_lazy("a projection's kind", "inline"),
    "async": pgettext_lazy("a projection's kind", "async"),
    # Translators: a projection folded from the log each time it is read (nothing stored).
    "live": pgettext_lazy("a projection's kind", "live"),
}


def projection_kind_words(kind: str) -> str:
    return str(PROJECTION_KINDS.get(kind, kind))


#: The 32-card variants, whose French word for a player without a trick is *bourru*
#: (seed 000, Occitan and Comtadine); the 52-card ones say *bourré* (docs/glossary.md).
BOURRU_VARIANTS = frozenset({"occitan", "comtadine"})


def says_bourru(variant: str) -> bool:
    return variant in BOURRU_VARIANTS


def role_words(role: str) -> str:
    return str(ROLES.get(role, role))


def phase_words(phase: str) -> str:
    return str(PHASES.get(phase, phase.replace("_", " ")))


def status_words(status: str) -> str:
    return str(STATUSES.get(status, status))


def statement_label(field: str) -> str:
    return str(STATEMENT_LABELS.get(field, field.replace("_", " ")))


def variant_name(variant: str) -> str:
    return str(VARIANT_NAMES.get(variant, variant))
