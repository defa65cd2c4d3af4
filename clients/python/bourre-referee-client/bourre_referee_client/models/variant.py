from enum import StrEnum


class Variant(StrEnum):
    COMTADINE = "comtadine"
    LOUISIANA = "louisiana"
    OCCITAN = "occitan"
    UKRAINIAN = "ukrainian"

    def __str__(self) -> str:
        return str(self.value)
