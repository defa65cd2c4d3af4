"""What an audit finds, kept as data (a stable name and its values) and said in words only
when someone reads it, in the reader's language.

An audit run is stored and read later, perhaps by an auditor who reads French or
Ukrainian: a sentence written when it ran stays in the language of the worker that ran it.
So the ledger's refusals (`LedgerError`) and the hash chain's breaks carry a name that
never changes (``posting_unbalanced``, ``hash_mismatch``: what the API's ``code`` says)
and their values (machine values: a posting's index from 0, its kind ``pot_won``); the
functions here turn them into a sentence in the active language (the request's), naming a
posting as a reader would ("the first posting (pot won)").
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.functional import Promise
from django.utils.translation import gettext, gettext_noop, pgettext, pgettext_lazy

from eventlog import NOT_LISTED
from table_stream import PostingKind

#: What a movement of chips was for (`table_stream.PostingKind`), as a person says it.
POSTING_KINDS: dict[str, Promise] = {
    PostingKind.ANTE: pgettext_lazy("a posting's kind", "ante"),
    PostingKind.EXCHANGE_FEE: pgettext_lazy("a posting's kind", "exchange fee"),
    PostingKind.POT_WON: pgettext_lazy("a posting's kind", "pot won"),
    PostingKind.SPLIT: pgettext_lazy("a posting's kind", "split"),
    PostingKind.SHARE: pgettext_lazy("a posting's kind", "share"),
    PostingKind.PENALTY: pgettext_lazy("a posting's kind", "penalty"),
    PostingKind.CARRY: pgettext_lazy("a posting's kind", "carry"),
    PostingKind.CLOSING_SHARE: pgettext_lazy("a posting's kind", "closing share"),
}

#: A posting by its place among its ruling's postings (a ruling has one or two; a forged
#: event may have more, said by number).
_POSTING_PLACES: tuple[Promise, ...] = (
    pgettext_lazy("a posting by its place in its ruling", "the first posting (%(kind)s)"),
    pgettext_lazy("a posting by its place in its ruling", "the second posting (%(kind)s)"),
    pgettext_lazy("a posting by its place in its ruling", "the third posting (%(kind)s)"),
)

# The ledger's refusals (`LedgerError`): their names, and the sentence of each. The values
# are machine values (`posting`: the index from 0, `kind`: the posting kind's name);
# `unbookable_words` says them in words.
AMOUNT_NOT_WHOLE = "amount_not_whole"
POSTING_UNBALANCED = "posting_unbalanced"
POT_BELOW_ZERO = "pot_below_zero"
UNDO_POT_BELOW_ZERO = "undo_pot_below_zero"
UNBOOKABLE: dict[str, str] = {
    AMOUNT_NOT_WHOLE: gettext_noop(
        "event %(position)s: %(posting)s has an amount that is not a whole number"
    ),
    POSTING_UNBALANCED: gettext_noop("event %(position)s: %(posting)s does not sum to zero"),
    POT_BELOW_ZERO: gettext_noop("event %(position)s: %(posting)s takes the pot to %(pot)s"),
    UNDO_POT_BELOW_ZERO: gettext_noop("event %(position)s: the undo takes the pot to %(pot)s"),
}

#: `eventlog.verify_chain`'s reasons (its report says them in English), by the name
#: the audits keep and answer as ``code``; ``version_missing`` and ``chain_broken`` are the
#: table audit's own.
CHAIN_BREAKS: dict[str, str] = {
    "hash does not match": "hash_mismatch",
    "prev_hash does not link": "prev_hash_mismatch",
    "position missing": "position_missing",
    "predecessor missing": "predecessor_missing",
    NOT_LISTED: "club_not_listed",
    "chain broken": "chain_broken",
}
VERSION_MISSING = "version_missing"
_CHAIN_WORDS: dict[str, Promise] = {
    "hash_mismatch": pgettext_lazy(
        "why the hash chain is broken", "an event's content does not match its hash"
    ),
    "prev_hash_mismatch": pgettext_lazy(
        "why the hash chain is broken", "an event does not link to the hash of the one before it"
    ),
    "position_missing": pgettext_lazy("why the hash chain is broken", "a position is missing"),
    "predecessor_missing": pgettext_lazy(
        "why the hash chain is broken", "the event before the checked positions is missing"
    ),
    "club_not_listed": pgettext_lazy(
        "why the hash chain is broken",
        "the club has events but is missing from the log's list of clubs: nothing that "
        "follows the log reads them",
    ),
    "chain_broken": pgettext_lazy("why the hash chain is broken", "the chain is broken"),
    VERSION_MISSING: pgettext_lazy(
        "why the hash chain is broken", "event #%(version)s of the table is missing"
    ),
}
#: Every name of a chain break, as the API's `code` says it.
CHAIN_CODES: tuple[str, ...] = tuple(_CHAIN_WORDS)


def posting_kind_words(kind: str) -> str:
    return str(POSTING_KINDS.get(kind, kind.replace("_", " ")))


def posting_words(index: object, kind: object) -> str:
    """A ruling's posting by its place (``index`` from 0) and its kind in words: "the first
    posting (pot won)"."""
    said = {"kind": posting_kind_words(str(kind or ""))}
    if isinstance(index, int) and 0 <= index < len(_POSTING_PLACES):
        return str(_POSTING_PLACES[index]) % said
    number = index + 1 if isinstance(index, int) else index
    return pgettext("a posting by its place in its ruling", "posting %(number)s (%(kind)s)") % {
        "number": number,
        **said,
    }


def unbookable_words(
    code: str, params: Mapping[str, object], *, event: object | None = None
) -> str | None:
    """A `LedgerError` (its name and values) as a sentence in the active language; None for
    a name this version does not know. ``event`` names the event instead of its position
    (the audit page's "#16")."""
    sentence = UNBOOKABLE.get(code)
    if sentence is None:
        return None
    said = dict(params)
    if "posting" in said:
        said["posting"] = posting_words(said["posting"], said.get("kind"))
    if event is not None:
        said["position"] = event
    return gettext(sentence) % said


def chain_break(reason: str | None) -> str | None:
    """The name of a chain report's reason (None when the chain held)."""
    if not reason:
        return None
    return CHAIN_BREAKS.get(reason, "chain_broken")


def chain_words(code: str | None, params: Mapping[str, object] | None = None) -> str:
    """Why the chain broke, in the active language ("" when it held)."""
    if not code:
        return ""
    words = _CHAIN_WORDS.get(code, _CHAIN_WORDS["chain_broken"])
    return str(words) % dict(params or {}) if params else str(words)
