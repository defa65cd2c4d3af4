from enum import StrEnum


class ScopeEnum(StrEnum):
    CLUB = "club"
    LOG = "log"

    def __str__(self) -> str:
        return str(self.value)
