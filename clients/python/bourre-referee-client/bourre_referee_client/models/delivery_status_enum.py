from enum import StrEnum


class DeliveryStatusEnum(StrEnum):
    FAILED = "failed"
    QUEUED = "queued"
    SKIPPED = "skipped"
    SUCCEEDED = "succeeded"

    def __str__(self) -> str:
        return str(self.value)
