"""The event store's history as SQL files (`sql/`), one per version of each function and
table set, as Message DB keeps them: a migration names the files it runs, and the runtime
store (`eventlog/schema.py`) holds only the current schema. The name starts with
an underscore, so Django's loader does not take it for a migration."""

from __future__ import annotations

from pathlib import Path

SQL = Path(__file__).resolve().parent / "sql"

#: `eventstore_append`'s arguments from version 2 (the club first) to version 5: what a
#: migration names to drop one of those versions. A version with other arguments names its
#: own here.
APPEND_SIGNATURE_V2 = (
    "uuid, text, integer, text[], integer[], text[], text, text, text[], text, text"
)

#: Citus: `eventstore_append` (versions 2 to 5) sent to the worker holding the club's shards,
#: run by the migration that distributes the log (0011) and by each that creates the
#: function again (0020): dropping a function drops its distribution.
DISTRIBUTE_APPEND_V2 = (
    f"SELECT create_distributed_function('eventstore_append({APPEND_SIGNATURE_V2})', 'p_club', "
    "colocate_with => 'eventstore_partition', force_delegation => true)"
)


def sql(name: str) -> str:
    """The text of `sql/<name>.sql`, run whole (RunSQL does not split function bodies)."""
    return (SQL / f"{name}.sql").read_text()


def statements(name: str) -> list[str]:
    """`sql/<name>.sql` as its statements, one each: Citus sends a DDL statement on a
    distributed table to the workers as the text it was run with, and a worker refuses
    several commands in one. Only for files without function bodies (split at each line
    ending in ``;``); comment-only pieces are dropped."""
    pieces = []
    for piece in sql(name).split(";\n"):
        lines = [line for line in piece.splitlines() if not line.lstrip().startswith("--")]
        if "".join(lines).strip():
            pieces.append("\n".join(lines).strip())
    return pieces
