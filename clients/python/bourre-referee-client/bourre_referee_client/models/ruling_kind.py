from enum import StrEnum


class RulingKind(StrEnum):
    ALL_PASSED = "all_passed"
    BOURRE = "bourre"
    CARD_RETRACTED = "card_retracted"
    DEALER_MUST_PLAY = "dealer_must_play"
    DEAL_SETTLED = "deal_settled"
    DEAL_STARTED = "deal_started"
    EXCHANGE_FEE = "exchange_fee"
    LONE_PLAYER = "lone_player"
    POT_CARRIED = "pot_carried"
    POT_SHARED = "pot_shared"
    POT_SPLIT = "pot_split"
    POT_WON = "pot_won"
    RENEGE = "renege"
    TABLE_CLOSED = "table_closed"
    TRICK_DEAD = "trick_dead"
    TRICK_REOPENED = "trick_reopened"
    TRICK_WON = "trick_won"

    def __str__(self) -> str:
        return str(self.value)
