"""The error codes the transparency log's API owns (registered by the app's `ready`)."""

from api_common.error_codes import ErrorCode

ERROR_CODES: tuple[ErrorCode, ...] = (
    ErrorCode("log_range", 400, "a size or position beyond the club's log, or from after to"),
    ErrorCode(
        "receipt_not_ready",
        409,
        "the event is not in a signed checkpoint yet: ask again after `retry_after` seconds",
    ),
)
