from enum import StrEnum


class TablesSettlementFormat(StrEnum):
    JSON = "json"

    def __str__(self) -> str:
        return str(self.value)
