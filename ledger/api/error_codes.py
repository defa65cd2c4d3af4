"""The error codes the ledger's API owns:
registered in the API's catalogue (`api_common.error_codes`) by the app's `AppConfig.ready`."""

from api_common.error_codes import ErrorCode

ERROR_CODES: tuple[ErrorCode, ...] = (
    ErrorCode(
        "heavy_read_busy",
        503,
        "a table audit of the club is under way (one at a time); retry after `Retry-After`",
    ),
)
