from enum import StrEnum


class PlayerStatsGetFormat(StrEnum):
    JSON = "json"

    def __str__(self) -> str:
        return str(self.value)
