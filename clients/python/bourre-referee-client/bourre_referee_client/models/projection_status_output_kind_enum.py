from enum import StrEnum


class ProjectionStatusOutputKindEnum(StrEnum):
    ASYNC = "async"
    INLINE = "inline"
    LIVE = "live"

    def __str__(self) -> str:
        return str(self.value)
