from enum import StrEnum


class Phase(StrEnum):
    BETWEEN_DEALS = "between_deals"
    CLOSED = "closed"
    DECLARING = "declaring"
    EXCHANGING = "exchanging"
    PLAYING = "playing"

    def __str__(self) -> str:
        return str(self.value)
