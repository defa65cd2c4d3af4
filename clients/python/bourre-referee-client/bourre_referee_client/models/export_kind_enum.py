from enum import StrEnum


class ExportKindEnum(StrEnum):
    LEDGER = "ledger"
    TRANSCRIPTS = "transcripts"

    def __str__(self) -> str:
        return str(self.value)
