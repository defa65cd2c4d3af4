"""Settings shared by every environment; everything that varies comes from the environment.

Database roles: ``DATABASE_URL`` is the application role (SELECT/INSERT on the event log,
no UPDATE/DELETE/TRUNCATE). ``DATABASE_OWNER_URL`` is the role that owns the schema and runs
migrations; it is used only when ``DJANGO_DB_ROLE=owner`` (``scripts/migrate.sh`` sets it).
Without ``DATABASE_OWNER_URL`` both are the same role.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import dj_database_url
from celery.schedules import crontab

BASE_DIR = Path(__file__).resolve().parent.parent.parent

LOCAL_DATABASE_URL = "postgres://bourre_app:bourre_app@127.0.0.1:5433/bourre"
LOCAL_OWNER_URL = "postgres://bourre_owner:bourre_owner@127.0.0.1:5433/bourre"
LOCAL_REDIS_URL = "redis://127.0.0.1:6380/0"


def env(name: str, default: str | None = None) -> str | None:
    value = os.environ.get(name)
    return value if value not in (None, "") else default


def env_bool(name: str, default: bool = False) -> bool:
    value = env(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in (env(name, default) or "").split(",") if item.strip()]


def database_config(url: str) -> dict[str, Any]:
    config: dict[str, Any] = dj_database_url.parse(url, conn_max_age=60, conn_health_checks=True)
    if config.get("ENGINE") == "django.db.backends.postgresql":
        # Django's, with a health check that needs no `SELECT 1` on a quiet connection.
        config["ENGINE"] = "bourre_site.postgres"
    config.setdefault("OPTIONS", {})
    if config["ENGINE"] == "bourre_site.postgres":
        # psycopg sends the parameters apart from the query (server-side binding) instead of
        # quoting them into its text: about 12% less of Django's CPU on a card play and less
        # parsing for PostgreSQL (docs/decisions/0005-the-database-connection.md).
        # `?server_side_binding=false` in the URL turns it off, e.g. behind a
        # transaction-pooling PgBouncer older than 1.21.
        config["OPTIONS"].setdefault("server_side_binding", True)
    config.setdefault("TEST", {})
    return config


# The event store's append runs as a statement prepared once per connection (about a third
# less client CPU per append: docs/decisions/0002-the-append-prepared-on-libpq.md). Off
# (EVENTSTORE_PREPARED_APPEND=0) behind a transaction-pooling PgBouncer older than 1.21,
# which cannot keep prepared statements.
EVENTSTORE_PREPARED_APPEND = env_bool("EVENTSTORE_PREPARED_APPEND", True)

# The benchmarks' floor endpoint (bench/floor.py) at /api/v1/bench/floor: mounted only when
# the HTTP benchmarks start the server (BOURRE_BENCH_FLOOR=1), never in a served site.
BENCH_FLOOR = env_bool("BOURRE_BENCH_FLOOR", False)

SECRET_KEY = env("DJANGO_SECRET_KEY", "insecure-local-development-key-change-me")
# Off unless asked for (DJANGO_DEBUG=1): a DEBUG page shows settings and SQL.
DEBUG = env_bool("DJANGO_DEBUG", False)
DEFAULT_EXCEPTION_REPORTER_FILTER = "bourre_site.reporting.CredentialHidingFilter"
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.contenttypes",
    "django.contrib.auth",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "corsheaders",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI and ReDoc assets, served by us (no CDN)
    "api_common.apps.ApiCommonConfig",
    "eventlog.apps.EventlogConfig",
    "clubs.apps.ClubsConfig",
    "games.apps.GamesConfig",
    "ledger.apps.LedgerConfig",
    "audits.apps.AuditsConfig",
    "exports.apps.ExportsConfig",
    "followers.apps.FollowersConfig",
    "projectors.apps.ProjectorsConfig",
    "webhooks.apps.WebhooksConfig",
    "seasons.apps.SeasonsConfig",
    "tableapp.apps.TableAppConfig",
    "live.apps.LiveConfig",
    "transparency.apps.TransparencyConfig",
]

MIDDLEWARE = [
    # Outermost, so that even the guard's refusals speak the request's language: the
    # device's language (API: Accept-Language only), and Content-Language on the answer.
    "clubs.language.DeviceLanguageMiddleware",
    # Behind nginx (a unix socket): the client's address from X-Real-IP (api_common/front.py).
    "api_common.front.FrontAddressMiddleware",
    # CORS on the API (below): outside the guard, so its refusals carry the headers too and
    # a browser app on another origin can read why it was refused.
    "api_common.cors.ApiCorsMiddleware",
    # One JSON error envelope under /api/, whatever answered (api_common/guard.py).
    "api_common.guard.ApiGuardMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # The CSP on every answer, `private, no-store` on club data (bourre_site/headers.py).
    "bourre_site.headers.SecurityHeadersMiddleware",
    # Static files (admin, docs pages, the app) served by the service itself.
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # A signed-in member's own choice, else the club's default (clubs/language.py).
    "clubs.language.MemberLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "bourre_site.urls"
WSGI_APPLICATION = "bourre_site.wsgi.application"
ASGI_APPLICATION = "bourre_site.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# ---------------------------------------------------------------- database
APP_DATABASE = database_config(env("DATABASE_URL", LOCAL_DATABASE_URL) or "")
# An explicit DATABASE_URL without an owner URL means one role does everything.
OWNER_DATABASE = database_config(
    env("DATABASE_OWNER_URL") or env("DATABASE_URL") or LOCAL_OWNER_URL
)
# The role the migrations grant the application's privileges to.
DB_APP_ROLE: str = APP_DATABASE["USER"]
DATABASES = {
    "default": OWNER_DATABASE if env("DJANGO_DB_ROLE") == "owner" else APP_DATABASE,
}

# Bounds on the web's database sessions, in milliseconds (0: none; docs/operations.md,
# "Timeouts"): a runaway query is cancelled rather than holding a gunicorn thread forever,
# a wait for a lock (the club's append lock) gives up, and a transaction a stuck thread
# left open is ended by the server. Set only where a web entry point asks for them
# (`bourre_site/wsgi.py`, `asgi.py` set BOURRE_DB_TIMEOUTS=1): migrations, Celery's long
# jobs (exports, whole-log audits, rebuilds) and management commands run without.
WEB_DB_TIMEOUTS = {
    "statement_timeout": int(env("DATABASE_STATEMENT_TIMEOUT_MS", "10000") or 0),
    "lock_timeout": int(env("DATABASE_LOCK_TIMEOUT_MS", "5000") or 0),
    "idle_in_transaction_session_timeout": int(
        env("DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS", "60000") or 0
    ),
}


def with_session_timeouts(config: dict[str, Any], timeouts: dict[str, int]) -> dict[str, Any]:
    """``config`` whose connections start with ``timeouts`` set (libpq's `options`, sent
    with the connection: no round trip; kept after any `?options=` of the URL)."""
    flags = " ".join(f"-c {name}={ms}" for name, ms in timeouts.items() if ms > 0)
    if not flags:
        return config
    options = dict(config.get("OPTIONS", {}))
    options["options"] = f"{options.get('options', '')} {flags}".strip()
    return {**config, "OPTIONS": options}


if env_bool("BOURRE_DB_TIMEOUTS"):
    DATABASES["default"] = with_session_timeouts(DATABASES["default"], WEB_DB_TIMEOUTS)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Django's four, checked wherever a person chooses a password (clubs.services).
AUTH_PASSWORD_VALIDATORS: list[dict[str, str]] = [
    {"NAME": f"django.contrib.auth.password_validation.{name}"}
    for name in (
        "UserAttributeSimilarityValidator",
        "MinimumLengthValidator",
        "CommonPasswordValidator",
        "NumericPasswordValidator",
    )
]

# The cache is the project's Redis, shared by every process: the sign-in throttle's
# counters live there (clubs/signin.py). Never cleared as a whole: Celery's queue shares it.
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": env("REDIS_URL", LOCAL_REDIS_URL),
        "KEY_PREFIX": "bourre-cache",
        "OPTIONS": {"socket_timeout": 1, "socket_connect_timeout": 1},
    }
}
# Sign-in throttling (clubs/signin.py, docs/security.md): failures counted over a window per
# address and account, per address, per account from devices it never signed in on (all
# addresses together), and per device that did (its cookie kept SIGNIN_DEVICE_DAYS); at
# most this many sign-ins hash a password at once in a process, at most
# SIGNIN_WAITING_AT_ONCE more wait their turn (others are asked to retry at once, 503), and
# one that waits longer than SIGNIN_SLOT_WAIT seconds is asked to retry too. A hash takes
# about 0.3 s, so three sign-ins at once on one process all get in.
SIGNIN_WINDOW_SECONDS = int(env("BOURRE_SIGNIN_WINDOW", "900") or "900")
SIGNIN_FAILURES_PER_PAIR = int(env("BOURRE_SIGNIN_PER_ADDRESS_AND_ACCOUNT", "5") or "5")
SIGNIN_FAILURES_PER_ADDRESS = int(env("BOURRE_SIGNIN_PER_ADDRESS", "20") or "20")
SIGNIN_FAILURES_PER_ACCOUNT = int(env("BOURRE_SIGNIN_PER_ACCOUNT", "50") or "50")
SIGNIN_FAILURES_PER_DEVICE = int(env("BOURRE_SIGNIN_PER_DEVICE", "5") or "5")
SIGNIN_DEVICE_DAYS = int(env("BOURRE_SIGNIN_DEVICE_DAYS", "365") or "365")
SIGNIN_HASHING_AT_ONCE = 1
SIGNIN_WAITING_AT_ONCE = 2
SIGNIN_SLOT_WAIT = 1.5
# Viewer codes typed at /join (live/throttle.py): wrong ones a minute from one address (an
# IPv6 client by its /64) before that address waits the minute out.
LIVE_JOIN_WRONG_PER_ADDRESS = int(env("BOURRE_JOIN_WRONG_PER_ADDRESS", "10") or "10")
# Heavy reads (a table's whole audit, api_common/heavy.py): one per club at a time, at most this
# many per process; the club's mark expires after HEAVY_READ_SECONDS should a process die.
HEAVY_READS_AT_ONCE = 1
HEAVY_READ_SECONDS = 120

# The players' languages (docs/i18n.md): English, French and Ukrainian. Each is named in
# its own words, untranslated, as a language switch shows them.
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("fr", "Français"), ("uk", "Українська")]
# The catalogues: locale/<lang>/LC_MESSAGES/django.po, compiled to .mo by the set-up
# (scripts/catalogues.sh), never committed.
LOCALE_PATHS = [BASE_DIR / "locale"]
# A device without an account (the table display, the players' view) keeps the language
# chosen with the switch for a year.
LANGUAGE_COOKIE_NAME = "bourre_language"
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

LOGIN_URL = "tableapp:login"

STATIC_URL = "static/"
# `collectstatic` (scripts/run.sh, the tests, the Dockerfile) gathers them here for WhiteNoise.
STATIC_ROOT = env("STATIC_ROOT", str(BASE_DIR / "var" / "static"))

# ---------------------------------------------------------------- API
REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["api_common.parsers.BoundedJSONParser"],
    "DEFAULT_AUTHENTICATION_CLASSES": ["clubs.api.authentication.ApiKeyAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": ["clubs.api.permissions.IsAuditor"],
    "EXCEPTION_HANDLER": "api_common.errors.api_exception_handler",
    "UNAUTHENTICATED_USER": None,
}
# CORS, for table apps in a browser on another origin. The API authenticates by bearer key
# only (never a cookie), so a page cannot act with a key it was not given: every origin may
# call it by default, without credentials. BOURRE_API_CORS_ORIGINS narrows that to a list
# (`https://club.example,https://app.example`), or to none with `none`. The app's pages and
# the live views for members are same-origin only (no CORS headers there).
CORS_URLS_REGEX = r"^/api/v1/"
_CORS_ORIGINS = env_list("BOURRE_API_CORS_ORIGINS", "*")
CORS_ALLOW_ALL_ORIGINS = _CORS_ORIGINS == ["*"]
CORS_ALLOWED_ORIGINS = [] if CORS_ALLOW_ALL_ORIGINS or _CORS_ORIGINS == ["none"] else _CORS_ORIGINS
CORS_ALLOW_CREDENTIALS = False
CORS_ALLOW_HEADERS = (
    "accept",
    "accept-language",
    "authorization",
    "content-type",
    "idempotency-key",
    "last-event-id",
    "prefer",
)
CORS_EXPOSE_HEADERS = (
    "content-disposition",
    "content-language",
    "idempotent-replayed",
    "link",
    "location",
    "preference-applied",
    "retry-after",
)
CORS_PREFLIGHT_MAX_AGE = 86400

SPECTACULAR_SETTINGS = {
    "TITLE": "Bourré referee API",
    "DESCRIPTION": "Referees games of Bourré and keeps an append-only event log.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    "SERVE_PERMISSIONS": ["rest_framework.permissions.AllowAny"],
    "SERVE_AUTHENTICATION": [],
    # The docs pages load their assets from our static files, never from a CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # No badge from validator.swagger.io under the page.
    "SWAGGER_UI_SETTINGS": {"deepLinking": True, "validatorUrl": None},
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "api_common.schema.add_common_errors",  # what the request guard answers anywhere
    ],
    # Distinct names for choice sets that share a field name across apps.
    "ENUM_NAME_OVERRIDES": {
        "ExportKindEnum": "exports.models.ExportKind",
        "ProjectionKindEnum": ["async", "inline"],
        "ErrorCodeEnum": "api_common.error_codes.error_codes",  # called: the apps register codes
        "JobStatusEnum": ["queued", "running", "succeeded", "failed"],
        "RoleEnum": "clubs.models.Role",
        "TranscriptFormatEnum": ["bourre-transcript/1"],
        "ExportFormatEnum": "exports.models.ExportFormat",
        "IssuableRoleEnum": ["auditor", "scorekeeper", "admin"],
    },
}

# ---------------------------------------------------------------- Celery
REDIS_URL = env("REDIS_URL", LOCAL_REDIS_URL)
CELERY_BROKER_URL = env("CELERY_BROKER_URL", REDIS_URL)
CELERY_RESULT_BACKEND = env("CELERY_RESULT_BACKEND", REDIS_URL)
CELERY_TASK_DEFAULT_QUEUE = env("CELERY_TASK_DEFAULT_QUEUE", "bourre")
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TIMEZONE = TIME_ZONE
# With the broker down a request must not hang: connect and publish give up within about
# a second (the job row is the truth; common/jobs.py's sweeps send what was not sent).
CELERY_BROKER_CONNECTION_TIMEOUT = 1.0
CELERY_BROKER_TRANSPORT_OPTIONS = {"socket_connect_timeout": 1, "socket_timeout": 5}
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 1,
    "interval_start": 0,
    "interval_step": 0.2,
    "interval_max": 0.2,
}
CELERY_REDIS_SOCKET_CONNECT_TIMEOUT = 1
CELERY_REDIS_SOCKET_TIMEOUT = 5
CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS = {"retry_policy": {"max_retries": 1}}
# Celery's Django fixup closes every database connection before and after each task unless
# this is set: a new PostgreSQL session (fork, authentication) for every wake-up, most of a
# short task's CPU. Reused instead, and recycled after this many tasks; bourre_site/celery.py
# still drops a connection that broke or is older than CONN_MAX_AGE before each task.
CELERY_DB_REUSE_MAX = 1000
# Seconds between two starts of one subscription's catch-up task (a projector, the webhook
# sweep, an endpoint): eventlog.wakeup. A catch-up costs the worker some 40 ms of CPU
# whatever it reads: 1 s against 0.5 took the workers from 10.2-10.6% of one core to
# 6.3-7.0% under the 8-client plays (alternated), for half a second more of the statistics'
# and the webhooks' lag at most (docs/decisions/0027-catch-ups-at-most-once-a-second.md).
WAKE_MIN_INTERVAL = float(env("BOURRE_WAKE_MIN_INTERVAL", "1.0") or "1.0")
# Milliseconds between two sends of one wake kind by a process's background waker
# (eventlog.wakeup): the commits of that time ride on one send (the live publish, the
# projectors' and webhooks' marks). Under the 8-client plays that is one wake per several
# commits instead of one per commit; a live view hears of a play that much later at most
# (docs/decisions/0029-wake-ups-spaced.md). 0: one send per commit.
WAKE_SPACING_MS = float(env("BOURRE_WAKE_SPACING_MS", "20") or "0")
CELERY_BEAT_SCHEDULE: dict[str, Any] = {}
# Jobs whose message was lost or whose worker died (common/jobs.py).
for _task in ("audits.sweep", "exports.sweep", "games.imports_sweep", "projectors.sweep_tasks"):
    CELERY_BEAT_SCHEDULE[_task] = {"task": _task, "schedule": 15.0}
# Safety net for the projectors' after-commit wake-up (projectors/tasks.py).
CELERY_BEAT_SCHEDULE["projectors-sweep"] = {"task": "projectors.catch_up_all", "schedule": 30.0}
# Integrity audit of the whole log and every ledger, nightly (audits/tasks.py).
CELERY_BEAT_SCHEDULE["audits-nightly"] = {
    "task": "audits.nightly",
    "schedule": crontab(hour=3, minute=0),
}
# Webhooks: wakes deliveries the after-commit hook missed and retries whose task was lost.
CELERY_BEAT_SCHEDULE["webhooks-sweep"] = {"task": "webhooks.sweep", "schedule": 20.0}
# The transparency log (docs/transparency.md): the host its origins name
# (`<host>/bourre/<club id>`), the log's Ed25519 key (a base64 seed in BOURRE_TLOG_KEY, else
# a 0600 file made on first use), the witness key of this service, the seconds between two
# checkpoints of a growing club (a table's close always gets one at once).
TRANSPARENCY_HOST = env("BOURRE_TLOG_HOST", "") or f"127.0.0.1:{env('BOURRE_PORT', '8000')}"
TRANSPARENCY_KEY = env("BOURRE_TLOG_KEY", "")
TRANSPARENCY_KEY_FILE = env("BOURRE_TLOG_KEY_FILE", str(BASE_DIR / "var" / "tlog" / "log.key"))
TRANSPARENCY_WITNESS_KEY = env("BOURRE_TLOG_WITNESS_KEY", "")
TRANSPARENCY_WITNESS_KEY_FILE = env(
    "BOURRE_TLOG_WITNESS_KEY_FILE", str(BASE_DIR / "var" / "tlog" / "witness.key")
)
TRANSPARENCY_CHECKPOINT_INTERVAL = float(env("BOURRE_TLOG_INTERVAL", "5") or "5")
# The net under the after-commit wake: trees caught up and due checkpoints issued.
CELERY_BEAT_SCHEDULE["transparency-sweep"] = {
    "task": "transparency.catch_up",
    "schedule": TRANSPARENCY_CHECKPOINT_INTERVAL,
}
# Export files (exports/): where workers write them and the API streams them from.
EXPORTS_DIR = env("EXPORTS_DIR", str(BASE_DIR / "var" / "exports"))

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env("DJANGO_LOG_LEVEL", "INFO")},
}
