from enum import StrEnum


class TranscriptFormatEnum(StrEnum):
    BOURRE_TRANSCRIPT1 = "bourre-transcript/1"

    def __str__(self) -> str:
        return str(self.value)
