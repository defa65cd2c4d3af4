from enum import StrEnum


class TablesEventsAppendPrefer(StrEnum):
    RETURNMINIMAL = "return=minimal"
    RETURNREPRESENTATION = "return=representation"

    def __str__(self) -> str:
        return str(self.value)
