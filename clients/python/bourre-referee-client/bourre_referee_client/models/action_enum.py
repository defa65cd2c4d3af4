from enum import StrEnum


class ActionEnum(StrEnum):
    RETRY = "retry"
    SKIP = "skip"

    def __str__(self) -> str:
        return str(self.value)
