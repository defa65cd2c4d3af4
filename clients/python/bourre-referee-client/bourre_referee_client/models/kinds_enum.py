from enum import StrEnum


class KindsEnum(StrEnum):
    BOURRE = "bourre"
    DEAL_SETTLED = "deal_settled"
    EVENT_UNDONE = "event_undone"
    POT_CARRIED = "pot_carried"
    POT_SHARED = "pot_shared"
    POT_SPLIT = "pot_split"
    POT_WON = "pot_won"
    RENEGE_RULED = "renege_ruled"
    TABLE_CLOSED = "table_closed"
    TABLE_CREATED = "table_created"

    def __str__(self) -> str:
        return str(self.value)
