from enum import StrEnum


class Declaration(StrEnum):
    PASS = "pass"
    PLAY = "play"

    def __str__(self) -> str:
        return str(self.value)
