"""Table-state snapshots: the engine's frozen state as versioned JSON, never a pickle.

The encoding is derived from the engine's own types (dataclass fields, named tuples and
their type hints), so a field added to an engine state needs no change here:

| type hint | JSON |
|---|---|
| `str`, `int`, `bool`, `None` | as is |
| `X \\| None` | `null` or X |
| `tuple[X, ...]`, `tuple[A, B]` | array |
| `frozenset[X]` | array, sorted (the same set always encodes to the same text) |
| `Mapping[str, X]`, `dict[str, X]` | object |
| a dataclass or named tuple | object of its fields, by name |
| `Any` | as is (engine payloads that are already JSON: rulings, summaries) |

`SNAPSHOT_VERSION` is the format name and a fingerprint of the shape of `Sitting` (every
class reachable from it, its field names and their types, in this table's terms). Any
change to the engine's state shape changes the fingerprint, so a snapshot written by an
older release has another version and is rebuilt from the log on first use
(`games/sitting/postgres.py`): nothing has to be bumped by hand, and an
unreadable old snapshot can never be decoded into a wrong state. Only a field whose
meaning changes while its shape stays needs `SNAPSHOT_FORMAT` bumped by hand.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import threading
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any

import orjson

from games.engine import Sitting

#: Bumped by hand only when a field's meaning changes while its shape stays (the shape is
#: fingerprinted below): /2, a pending card play's `known` no longer takes the cards shown
#: later that cannot change its verdict (`games.engine.reneges.reveal`), so a snapshot of
#: /1 would not be the state the log folds into now (`rebuild --verify`). /3, a deal's
#: `location` also says "kept::P" or "kept:N:P" (a card known in P's hand before P
#: exchanged unnamed cards: P's or P's discards, `games.engine.knowledge.KEPT`), where /2
#: forgot the card.
SNAPSHOT_FORMAT = "bourre-table-snapshot/3"

Encode = Callable[[Any], Any]
Decode = Callable[[Any], Any]


@dataclasses.dataclass
class _Codec:
    encode: Encode
    decode: Decode
    shape: str


_codecs: dict[Any, _Codec] = {}
_classes: dict[type, str] = {}  # class -> its fields' shape (for the fingerprint)


def codec(hint: Any) -> _Codec:
    """The codec of a type hint (compiled once, cached)."""
    found = _codecs.get(hint)
    if found is None:
        found = _codecs[hint] = _compile(hint)
    return found


def _identity(value: Any) -> Any:
    return value


def _compile(hint: Any) -> _Codec:
    if hint is Any:
        return _Codec(_identity, _identity, "any")
    if hint in (str, int, bool, type(None)):
        return _Codec(_identity, _identity, hint.__name__)
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        present = [a for a in args if a is not type(None)]
        if len(present) != 1 or len(args) != 2:
            raise TypeError(f"snapshots support X | None unions only, not {hint!r}")
        return _optional(codec(present[0]))
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return _sequence(codec(args[0]))
        return _fixed(tuple(codec(a) for a in args))
    if origin is frozenset:
        return _set(codec(args[0]))
    if origin in (Mapping, dict, typing.Mapping) or (
        isinstance(origin, type) and issubclass(origin, Mapping)
    ):
        if args[0] is not str:
            raise TypeError(f"snapshot mappings need str keys, not {hint!r}")
        return _mapping(codec(args[1]))
    if isinstance(hint, type) and (dataclasses.is_dataclass(hint) or _is_named_tuple(hint)):
        return _record(hint)
    raise TypeError(f"no snapshot encoding for {hint!r}")


def _optional(inner: _Codec) -> _Codec:
    enc, dec = inner.encode, inner.decode
    if enc is _identity and dec is _identity:  # None is JSON's null: nothing to do either way
        return _Codec(_identity, _identity, f"opt[{inner.shape}]")
    return _Codec(
        lambda v: None if v is None else enc(v),
        lambda v: None if v is None else dec(v),
        f"opt[{inner.shape}]",
    )


def _sequence(item: _Codec) -> _Codec:
    enc, dec = item.encode, item.decode
    if enc is _identity:
        return _Codec(list, tuple, f"seq[{item.shape}]")
    return _Codec(
        _remembered(lambda v: [enc(x) for x in v], tuple),
        lambda v: tuple(dec(x) for x in v),
        f"seq[{item.shape}]",
    )


def _fixed(items: tuple[_Codec, ...]) -> _Codec:
    pairs = [(c.encode, c.decode) for c in items]
    return _Codec(
        lambda v: [enc(x) for (enc, _), x in zip(pairs, v, strict=True)],
        lambda v: tuple(dec(x) for (_, dec), x in zip(pairs, v, strict=True)),
        f"tuple[{','.join(c.shape for c in items)}]",
    )


def _set(item: _Codec) -> _Codec:
    enc, dec = item.encode, item.decode

    def encode(value: Any) -> Any:
        encoded = [enc(x) for x in value]
        # Sets of cards and names: for ASCII letters and digits the order of the JSON
        # texts is the order of the strings, without a `json.dumps` per item.
        if all(isinstance(x, str) and x.isascii() and x.isalnum() for x in encoded):
            return sorted(encoded)
        return sorted(encoded, key=lambda x: json.dumps(x, sort_keys=True))

    return _Codec(
        _remembered(encode, frozenset),
        lambda v: frozenset(dec(x) for x in v),
        f"set[{item.shape}]",
    )


def _mapping(value: _Codec) -> _Codec:
    enc, dec = value.encode, value.decode
    if enc is _identity:  # JSON already (and a settled deal's placeholder `None` stays)
        return _Codec(_identity, _identity, f"map[{value.shape}]")
    return _Codec(
        lambda v: {k: enc(x) for k, x in v.items()},
        lambda v: {k: dec(x) for k, x in v.items()},
        f"map[{value.shape}]",
    )


def _is_named_tuple(cls: type) -> bool:
    return issubclass(cls, tuple) and hasattr(cls, "_fields")


def _record(cls: type) -> _Codec:
    """A dataclass or named tuple: an object of its fields. Compiled lazily, so a class
    that contains itself works."""
    name = f"{cls.__module__}.{cls.__qualname__}"
    fields: list[tuple[str, _Codec]] = []

    def compiled() -> list[tuple[str, _Codec]]:
        if not fields:
            hints = typing.get_type_hints(cls)
            names = (
                [f.name for f in dataclasses.fields(cls)]
                if dataclasses.is_dataclass(cls)
                else list(cls._fields)  # type: ignore[attr-defined]
            )
            fields.extend((n, codec(hints[n])) for n in names)
        return fields

    plain: list[tuple[str, Encode | None]] = []  # (name, its encode; None: as it is)

    def fields_encoded(value: Any) -> Any:
        # A loop, not a comprehension (a call of its own before Python 3.12), and no call
        # for a field kept as it is: the deal state has some forty fields, most of them
        # strings, ints or optional ones, re-encoded on every card play.
        if not plain:  # one assignment: another thread sees the whole list or none
            plain[:] = [(n, None if c.encode is _identity else c.encode) for n, c in compiled()]
        encoded = {}
        for n, enc in plain:
            encoded[n] = getattr(value, n) if enc is None else enc(getattr(value, n))
        return encoded

    encode = _remembered(fields_encoded, cls) if _is_immutable(cls) else fields_encoded

    def decode(value: Any) -> Any:
        # A field the snapshot lacks takes the class's default (or fails: then the
        # caller rebuilds from the log).
        return cls(**{n: c.decode(value[n]) for n, c in compiled() if n in value})

    placeholder = _Codec(encode, decode, name)
    _codecs[cls] = placeholder  # before the fields: a recursive field finds this one
    _classes[cls] = ""
    _classes[cls] = ";".join(f"{n}:{c.shape}" for n, c in compiled())
    return placeholder


def _is_immutable(cls: type) -> bool:
    params = getattr(cls, "__dataclass_params__", None)
    return _is_named_tuple(cls) or (params is not None and params.frozen)


# Encodings of immutable values (frozen records, tuples, frozensets) by the identity of
# the value. A card play changes a few parts of the sitting (the deal, its current trick,
# a hand) and shares every other part with the state before it, whose snapshot was
# encoded one play earlier: those parts cost one lookup instead of a walk of their fields
# (the deal's `before_play` names eight parts of the deal before the last play, all
# encoded already). The entry holds the value itself, so its `id` cannot be reused for another
# object while the entry lives. Only values of an immutable type are kept (a record's
# mappings are the engine's and never changed in place: engine states are values, which
# the decoded-snapshot cache relies on too). The encoded values are shared: nothing may
# modify them (`json.dumps` only reads). The text is the same as without the memo.
# A card play adds about fifteen values; an entry holds about 1.4 kB (measured), so 4,000
# is about 5.5 MB per process and covers the last play of some 250 tables.
MEMO_LIMIT = 4_000
_memo: dict[int, tuple[Any, Any]] = {}
_memo_lock = threading.Lock()


def _remembered(encode: Encode, kind: type) -> Encode:
    """`encode`, remembered for values of exactly the immutable type `kind`."""

    def remembered(value: Any) -> Any:
        entry = _memo.get(id(value))
        if entry is not None and entry[0] is value:
            return entry[1]
        encoded = encode(value)
        if type(value) is not kind:
            return encoded  # a list or set where a tuple or frozenset was hinted
        with _memo_lock:
            _memo[id(value)] = (value, encoded)
            if len(_memo) > MEMO_LIMIT:  # the oldest entries go first
                for key in list(_memo)[: MEMO_LIMIT // 4]:
                    del _memo[key]
        return encoded

    return remembered


def fingerprint(root: type) -> str:
    """A digest of the shape of `root` and of every class reachable from it."""
    codec(root)
    seen: set[type] = set()
    order: list[type] = []

    def visit(cls: type) -> None:
        if cls in seen:
            return
        seen.add(cls)
        order.append(cls)
        for other in list(_classes):
            if f"{other.__module__}.{other.__qualname__}" in _classes[cls]:
                visit(other)

    visit(root)
    body = "\n".join(
        f"{c.__module__}.{c.__qualname__}({_classes[c]})"
        for c in sorted(order, key=lambda c: c.__qualname__)
    )
    return hashlib.sha256(body.encode()).hexdigest()[:16]


SNAPSHOT_VERSION = f"{SNAPSHOT_FORMAT}:{fingerprint(Sitting)}"
_SITTING = codec(Sitting)


# orjson writes the very text `json.dumps(..., ensure_ascii=False, separators=(",", ":"))`
# writes for these values (strings, ints, booleans, null, lists, objects; a test holds the
# two together), about six times faster: the snapshot is written on every card play and
# its text was the largest part of the play's rendering
# (docs/decisions/0010-orjson-for-the-snapshot.md).
_DUMP_OPTIONS = orjson.OPT_NON_STR_KEYS


def dump_state(state: Sitting) -> str:
    """The state as snapshot JSON text (version `SNAPSHOT_VERSION`)."""
    return orjson.dumps(_SITTING.encode(state), option=_DUMP_OPTIONS).decode()


def load_state(text: str) -> Sitting:
    """A snapshot of the current version back into the engine state (raises on anything
    that is not one: the caller rebuilds from the log instead)."""
    state: Sitting = _SITTING.decode(orjson.loads(text))
    return state
