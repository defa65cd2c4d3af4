"""The error codes the exports' API owns:
registered in the API's catalogue (`api_common.error_codes`) by the app's `AppConfig.ready`."""

from api_common.error_codes import ErrorCode

ERROR_CODES: tuple[ErrorCode, ...] = (
    ErrorCode("export_not_ready", 409, "the export has not succeeded (yet): poll its `url`"),
    ErrorCode("date_out_of_range", 422, "an export's `from` or `to` is not a day of 2000 to 2999"),
)
