from enum import StrEnum


class ProblemEnum(StrEnum):
    DIFFERENT = "different"
    EXTRA = "extra"
    MISSING = "missing"
    UNBOOKABLE = "unbookable"

    def __str__(self) -> str:
        return str(self.value)
