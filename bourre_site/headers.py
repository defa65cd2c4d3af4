"""Response headers every page and answer gets (docs/operations.md, "Headers").

- **Content-Security-Policy.** The app's pages load scripts and styles from this host only
  (`tableapp/static/`): no inline script, no inline style, no `eval`; htmx is told not to
  inject its indicator styles (`base.html`'s `htmx-config`). Nothing may frame a page.
  The docs pages (Swagger UI, ReDoc) and the admin are others' code: their scripts are ours
  to serve (the Swagger initialiser is a script URL, not inline) but they write inline
  styles (ReDoc's styled-components, the admin's widgets) and ReDoc runs its search in a
  worker from a `blob:` URL, so their policy allows those two and nothing else more. Images
  come from this host (or `data:`) only: ReDoc's bundle would otherwise show its makers'
  logo from their CDN.
- **Cache-Control: private, no-store** on the app's pages and the API's answers (club data:
  tables, members, standings, CSVs), the players' view (`/v/<token>`: a link's token in
  its URLs, the table's hands as they are shown) and `/join` (whose answer is a redirect
  to such a link), unless a view said otherwise, so no shared cache and no browser's back
  button keeps them."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

_COMMON = (
    "default-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
APP_POLICY = f"{_COMMON}; script-src 'self'; style-src 'self'; font-src 'self'"
DOCS_POLICY = (
    f"{_COMMON}; script-src 'self'; style-src 'self' 'unsafe-inline'; font-src 'self' data:; "
    "worker-src 'self' blob:"
)
#: Paths whose pages are others' code (see above).
DOCS_PREFIXES = ("/api/docs/", "/api/redoc/", "/admin/")
#: Paths whose answers carry club data.
PRIVATE_PREFIXES = ("/app/", "/api/v1/", "/v/", "/join")
PRIVATE = "private, no-store"


class SecurityHeadersMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        path = request.path
        docs = path.startswith(DOCS_PREFIXES)
        response["Content-Security-Policy"] = DOCS_POLICY if docs else APP_POLICY
        if path.startswith(PRIVATE_PREFIXES) and not response.has_header("Cache-Control"):
            response["Cache-Control"] = PRIVATE
        return response
