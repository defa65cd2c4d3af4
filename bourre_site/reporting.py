"""What an error report (DEBUG page, admin e-mail) may show of the settings.

Django hides settings whose names look secret (KEY, PASS, TOKEN, ...), but not
``LOCAL_OWNER_URL`` or ``DATABASES`` URLs with a password inside, which name the role that
can change the log. Hide anything named like a URL or a database too, and mask passwords
inside whatever is left."""

from __future__ import annotations

import re
from typing import Any

from django.views.debug import SafeExceptionReporterFilter

from api_common.guard import mask_credentials


class CredentialHidingFilter(SafeExceptionReporterFilter):
    hidden_settings = re.compile(
        "API|TOKEN|KEY|SECRET|PASS|SIGNATURE|HTTP_COOKIE|URL|DATABASE|DSN|BROKER|BACKEND",
        flags=re.I,
    )

    def cleanse_setting(self, key: Any, value: Any) -> Any:
        cleansed = super().cleanse_setting(key, value)
        if isinstance(cleansed, str):
            return mask_credentials(cleansed)
        return cleansed
