"""Sign-in: Django's LoginView behind the throttle of clubs/signin.py. A throttled or busy
sign-in is refused before any password is hashed, with the reason on the form."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.views import LoginView
from django.http import HttpRequest, HttpResponse
from django.urls import reverse_lazy
from django.utils.translation import gettext as _

from clubs.signin import (
    SignInBusy,
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

    def _who(self) -> tuple[str, str]:
        username = str(self.request.POST.get("username", ""))[:150]
        return username, str(self.request.META.get("REMOTE_ADDR") or "")

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        username, address = self._who()
        refusal = signin_refusal(username=username, address=address)
        if refusal is not None:
            return self._refused(refusal.message, 429, refusal.retry_after)
        try:
            with signin_slot():
                return super().post(request, *args, **kwargs)
        except SignInBusy:
            message = _("Many people are signing in right now. Try again in a few seconds.")
            return self._refused(message, 503, BUSY_RETRY_AFTER)

    def form_valid(self, form: AuthenticationForm) -> HttpResponse:
        signin_succeeded(username=self._who()[0])
        return super().form_valid(form)

    def form_invalid(self, form: AuthenticationForm) -> HttpResponse:
        signin_failed(username=self._who()[0], address=self._who()[1])
        return super().form_invalid(form)

    def _refused(self, message: str, status: int, retry_after: int) -> HttpResponse:
        # Unbound (nothing was checked), the user name kept in its field.
        form = self.get_form_class()(self.request, initial={"username": self._who()[0]})
        context = self.get_context_data(form=form, refusal=message)
        response = self.render_to_response(context, status=status)
        response["Retry-After"] = str(retry_after)
        return response
