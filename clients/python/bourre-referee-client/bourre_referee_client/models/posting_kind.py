from enum import StrEnum


class PostingKind(StrEnum):
    ANTE = "ante"
    CARRY = "carry"
    CLOSING_SHARE = "closing_share"
    EXCHANGE_FEE = "exchange_fee"
    PENALTY = "penalty"
    POT_WON = "pot_won"
    SHARE = "share"
    SPLIT = "split"

    def __str__(self) -> str:
        return str(self.value)
