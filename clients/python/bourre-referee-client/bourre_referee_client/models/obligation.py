from enum import StrEnum


class Obligation(StrEnum):
    CINCH = "cinch"
    CLIMB = "climb"
    FOLLOW_SUIT = "follow_suit"
    HEAD_TRICK = "head_trick"
    LEAD_HIGH_TRUMP = "lead_high_trump"
    MUST_CLIMB = "must_climb"
    OVERTRUMP = "overtrump"
    TRUMP = "trump"

    def __str__(self) -> str:
        return str(self.value)
