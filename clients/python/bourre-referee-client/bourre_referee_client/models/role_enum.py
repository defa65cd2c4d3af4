from enum import StrEnum


class RoleEnum(StrEnum):
    ADMIN = "admin"
    AUDITOR = "auditor"
    OPERATOR = "operator"
    SCOREKEEPER = "scorekeeper"

    def __str__(self) -> str:
        return str(self.value)
