"""Sign-in: Django's LoginView behind the throttle of clubs/signin.py. A throttled or busy
sign-in is refused before any password is hashed, with the reason on the form."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.views import LoginView
from django.http import HttpRequest, HttpResponse
from django.urls import reverse_lazy
from django.utils.translation import gettext as _

from clubs.signin import (
    DEVICE_COOKIE,
    Attempt,
    SignInBusy,
    device_cookie_value,
    signin_attempt,
    signin_failed,
    signin_refusal,
    signin_slot,
    signin_succeeded,
)

#: Seconds a client is asked to wait when every hashing slot is taken.
BUSY_RETRY_AFTER = 2


class SignInView(LoginView):
    template_name = "tableapp/login.html"
    next_page = reverse_lazy("tableapp:tables")

    def _username(self) -> str:
        return str(self.request.POST.get("username", ""))[:150]

    def _attempt(self) -> Attempt:
        """Read once a request: who tries, from where, on which device."""
        if not hasattr(self, "_the_attempt"):
            self._the_attempt = signin_attempt(
                username=self._username(),
                address=str(self.request.META.get("REMOTE_ADDR") or ""),
                device_cookie=self.request.COOKIES.get(DEVICE_COOKIE),
            )
        return self._the_attempt

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        refusal = signin_refusal(self._attempt())
        if refusal is not None:
            return self._refused(refusal.message, 429, refusal.retry_after)
        try:
            with signin_slot():
                return super().post(request, *args, **kwargs)
        except SignInBusy:
            message = _("Many people are signing in right now. Try again in a few seconds.")
            return self._refused(message, 503, BUSY_RETRY_AFTER)

    def form_valid(self, form: AuthenticationForm) -> HttpResponse:
        attempt = self._attempt()
        signin_succeeded(attempt)
        response = super().form_valid(form)
        # This browser is now one the account signed in on: others' failures never
        # refuse it (clubs/signin.py).
        response.set_cookie(
            DEVICE_COOKIE,
            device_cookie_value(user_id=form.get_user().pk, attempt=attempt),
            max_age=settings.SIGNIN_DEVICE_DAYS * 86400,
            path=str(reverse_lazy("tableapp:login")),
            secure=settings.SESSION_COOKIE_SECURE,
            httponly=True,
            samesite="Lax",
        )
        return response

    def form_invalid(self, form: AuthenticationForm) -> HttpResponse:
        signin_failed(self._attempt())
        return super().form_invalid(form)

    def _refused(self, message: str, status: int, retry_after: int) -> HttpResponse:
        # Unbound (nothing was checked), the user name kept in its field.
        form = self.get_form_class()(self.request, initial={"username": self._username()})
        context = self.get_context_data(form=form, refusal=message)
        response = self.render_to_response(context, status=status)
        response["Retry-After"] = str(retry_after)
        return response
