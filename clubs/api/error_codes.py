"""The error codes the clubs' API owns:
registered in the API's catalogue (`api_common.error_codes`) by the app's `AppConfig.ready`."""

from api_common.error_codes import ErrorCode

ERROR_CODES: tuple[ErrorCode, ...] = (
    ErrorCode("last_admin_key", 409, "the club's last active admin key cannot be revoked"),
)
