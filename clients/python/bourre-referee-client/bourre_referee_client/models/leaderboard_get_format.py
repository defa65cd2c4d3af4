from enum import StrEnum


class LeaderboardGetFormat(StrEnum):
    JSON = "json"

    def __str__(self) -> str:
        return str(self.value)
