"""The error codes the projections' API owns:
registered in the API's catalogue (`api_common.error_codes`) by the app's `AppConfig.ready`."""

from api_common.error_codes import ErrorCode

ERROR_CODES: tuple[ErrorCode, ...] = (
    ErrorCode("rebuild_in_progress", 409, "a rebuild of this projection is queued or running"),
)
