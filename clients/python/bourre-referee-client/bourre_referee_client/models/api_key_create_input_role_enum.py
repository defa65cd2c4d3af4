from enum import StrEnum


class ApiKeyCreateInputRoleEnum(StrEnum):
    ADMIN = "admin"
    AUDITOR = "auditor"
    SCOREKEEPER = "scorekeeper"

    def __str__(self) -> str:
        return str(self.value)
