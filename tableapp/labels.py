"""The engine's machine names said to people: phases, seat statuses, statement columns,
variants (docs/i18n.md). The machine name stays where code or CSS reads it (a seat's
class, a CSV column); only what a person reads goes through the catalogue."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import pgettext, pgettext_lazy

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


#: A ruling's kind (`games.table.RulingKind`), in the audit's ledger column.
RULING_KINDS: dict[str, Promise] = {
    "deal_started": pgettext_lazy("a ruling's kind", "deal started"),
    "dealer_must_play": pgettext_lazy("a ruling's kind", "dealer must play"),
    "exchange_fee": pgettext_lazy("a ruling's kind", "exchange fee"),
    "trick_won": pgettext_lazy("a ruling's kind", "trick won"),
    "trick_dead": pgettext_lazy("a ruling's kind", "dead trick"),
    "trick_reopened": pgettext_lazy("a ruling's kind", "trick reopened"),
    "card_retracted": pgettext_lazy("a ruling's kind", "card taken back"),
    "renege": pgettext_lazy("a ruling's kind", "renege"),
    "lone_player": pgettext_lazy("a ruling's kind", "lone player"),
    "all_passed": pgettext_lazy("a ruling's kind", "all passed"),
    "pot_won": pgettext_lazy("a ruling's kind", "pot won"),
    "pot_split": pgettext_lazy("a ruling's kind", "pot split"),
    "pot_shared": pgettext_lazy("a ruling's kind", "pot shared"),
    "pot_carried": pgettext_lazy("a ruling's kind", "pot carried"),
    "bourre": pgettext_lazy("a ruling's kind", "bourré"),
    "deal_settled": pgettext_lazy("a ruling's kind", "deal settled"),
    "table_closed": pgettext_lazy("a ruling's kind", "table closed"),
}

#: What a movement of chips was for (`games.table.PostingKind`).
POSTING_KINDS: dict[str, Promise] = {
    "ante": pgettext_lazy("a posting's kind", "ante"),
    "exchange_fee": pgettext_lazy("a posting's kind", "exchange fee"),
    "pot_won": pgettext_lazy("a posting's kind", "pot won"),
    "split": pgettext_lazy("a posting's kind", "split"),
    "share": pgettext_lazy("a posting's kind", "share"),
    "penalty": pgettext_lazy("a posting's kind", "penalty"),
    "carry": pgettext_lazy("a posting's kind", "carry"),
    "closing_share": pgettext_lazy("a posting's kind", "closing share"),
}


def ruling_kind_words(kind: str, variant: str = "") -> str:
    if kind == "bourre" and says_bourru(variant):
        return pgettext("a ruling's kind, in the occitan and comtadine variants", "bourru")
    return str(RULING_KINDS.get(kind, kind.replace("_", " ")))


def posting_kind_words(kind: str) -> str:
    return str(POSTING_KINDS.get(kind, kind.replace("_", " ")))


def account_words(account: str) -> str:
    """A ledger account: `pot` is the pot, `player:ana` is ana."""
    if account == "pot":
        return pgettext("a ledger account", "pot")
    return account.removeprefix("player:")


#: How a projection follows the log (the standings page's projections table).
PROJECTION_KINDS: dict[str, Promise] = {
    "inline": pgettext_lazy("a projection's kind", "inline"),
    "async": pgettext_lazy("a projection's kind", "async"),
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
