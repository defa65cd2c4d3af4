from enum import StrEnum


class PointsRuleEnum(StrEnum):
    NET_CHIPS = "net_chips"
    PLACES = "places"
    POTS_WON = "pots_won"

    def __str__(self) -> str:
        return str(self.value)
