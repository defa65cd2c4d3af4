"""Sign-in throttling (issue 25, 10): failures counted per account and per address with a
clear refusal, checked before any password is hashed; a bound on sign-ins hashing at once
so a flood cannot take every thread; Django's password validators on."""

from __future__ import annotations

import threading
import time
import uuid
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.backends import ModelBackend
from django.test import Client

from clubs.services import MemberRefused, member_create
from clubs.signin import SignInBusy, signin_slot
from tests.clubs.helpers import make_club
from tests.tableapp.helpers import PASSWORD, make_member

pytestmark = pytest.mark.django_db


def _address() -> str:
    """An address no other test has used: the counters live in the shared cache for the
    window, and 250 addresses gave two tests one now and then (a guess counted twice)."""
    n = uuid.uuid4().int
    return f"10.{n % 250 + 1}.{n // 250 % 250 + 1}.{n // 62500 % 250 + 1}"


@pytest.fixture
def hashings(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every password check Django's backend makes (each one hashes)."""
    calls: list[str] = []
    original = ModelBackend.authenticate

    def counted(self: ModelBackend, request: Any, username: Any = None, **kw: Any) -> Any:
        calls.append(str(username))
        return original(self, request, username=username, **kw)

    monkeypatch.setattr(ModelBackend, "authenticate", counted)
    return calls


def _sign_in(client: Client, username: str, password: str) -> Any:
    return client.post("/app/login/", {"username": username, "password": password})


def test_after_five_failures_even_the_right_password_waits(hashings: list[str]) -> None:
    member = make_member()
    client = Client(REMOTE_ADDR=_address())
    for _ in range(settings.SIGNIN_FAILURES_PER_ACCOUNT):
        assert _sign_in(client, member.name, "wrong guess").status_code == 200
    assert len(hashings) == settings.SIGNIN_FAILURES_PER_ACCOUNT
    refused = _sign_in(Client(REMOTE_ADDR=_address()), member.name, PASSWORD)
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) == settings.SIGNIN_WINDOW_SECONDS
    text = refused.content.decode()
    assert "Too many failed sign-ins for this user name" in text
    assert member.name in text  # the user name stays in the field
    assert len(hashings) == settings.SIGNIN_FAILURES_PER_ACCOUNT  # refused before hashing
    assert "_auth_user_id" not in refused.client.session


def test_a_success_forgets_the_accounts_failures() -> None:
    member = make_member()
    client = Client(REMOTE_ADDR=_address())
    for _ in range(settings.SIGNIN_FAILURES_PER_ACCOUNT - 1):
        _sign_in(client, member.name, "wrong guess")
    assert _sign_in(client, member.name, PASSWORD).status_code == 302
    for _ in range(settings.SIGNIN_FAILURES_PER_ACCOUNT - 1):
        _sign_in(Client(REMOTE_ADDR=_address()), member.name, "wrong guess")
    assert _sign_in(Client(REMOTE_ADDR=_address()), member.name, PASSWORD).status_code == 302


def test_one_address_guessing_many_accounts_is_throttled(hashings: list[str]) -> None:
    address = _address()
    client = Client(REMOTE_ADDR=address)
    for n in range(settings.SIGNIN_FAILURES_PER_ADDRESS):
        assert _sign_in(client, f"nobody-{n}-{uuid.uuid4().hex[:4]}", "guess").status_code == 200
    member = make_member()
    refused = _sign_in(client, member.name, PASSWORD)
    assert refused.status_code == 429
    assert "from your network address" in refused.content.decode()
    assert len(hashings) == settings.SIGNIN_FAILURES_PER_ADDRESS
    # Another address signs in as usual.
    assert _sign_in(Client(REMOTE_ADDR=_address()), member.name, PASSWORD).status_code == 302


def _waiters(count: int, outcomes: list[str]) -> list[threading.Thread]:
    def sign_in() -> None:
        try:
            with signin_slot():
                outcomes.append("in")
        except SignInBusy:
            outcomes.append("busy")

    threads = [threading.Thread(target=sign_in) for _ in range(count)]
    for thread in threads:
        thread.start()
    return threads


def _holding() -> tuple[threading.Thread, threading.Event]:
    """A sign-in hashing in the process's slot until the event returned is set."""
    held, release = threading.Event(), threading.Event()

    def hold() -> None:
        with signin_slot():
            held.set()
            release.wait(10)

    holder = threading.Thread(target=hold)
    holder.start()
    assert held.wait(5)
    return holder, release


def test_while_every_hashing_slot_stays_taken_a_sign_in_is_told_to_retry(
    hashings: list[str],
) -> None:
    member = make_member()
    holder, release = _holding()
    try:
        started = time.monotonic()
        busy = _sign_in(Client(REMOTE_ADDR=_address()), member.name, PASSWORD)
        waited = time.monotonic() - started
    finally:
        release.set()
        holder.join()
    assert busy.status_code == 503
    assert busy["Retry-After"]
    assert "Try again in a few seconds" in busy.content.decode()
    assert waited < settings.SIGNIN_SLOT_WAIT + 1.0
    assert hashings == []
    assert _sign_in(Client(REMOTE_ADDR=_address()), member.name, PASSWORD).status_code == 302


@pytest.mark.django_db(databases=[])
def test_sign_ins_that_arrive_together_wait_their_turn() -> None:
    # A club night starts: the slot is hashing one sign-in (about 0.3 s) when two more come.
    holder, release = _holding()
    outcomes: list[str] = []
    waiters = _waiters(settings.SIGNIN_WAITING_AT_ONCE, outcomes)
    time.sleep(0.3)
    release.set()
    for thread in [holder, *waiters]:
        thread.join(5)
    assert outcomes == ["in"] * settings.SIGNIN_WAITING_AT_ONCE


@pytest.mark.django_db(databases=[])
def test_beyond_the_sign_ins_waiting_one_is_told_at_once() -> None:
    # A flood: one hashing, the waiting places taken; the next is refused without waiting,
    # so the flood holds no more of the process's threads.
    holder, release = _holding()
    outcomes: list[str] = []
    waiters = _waiters(settings.SIGNIN_WAITING_AT_ONCE, outcomes)
    try:
        time.sleep(0.2)  # the waiters are waiting
        started = time.monotonic()
        with pytest.raises(SignInBusy), signin_slot():
            pass
        assert time.monotonic() - started < 0.2
    finally:
        release.set()
        for thread in [holder, *waiters]:
            thread.join(5)
    assert outcomes == ["in"] * settings.SIGNIN_WAITING_AT_ONCE


def test_djangos_password_validators_are_on() -> None:
    assert len(settings.AUTH_PASSWORD_VALIDATORS) == 4
    club = make_club()
    for weak in ("short1", "password123", "12345678901"):
        with pytest.raises(MemberRefused) as refused:
            member_create(club=club, username=f"u-{uuid.uuid4().hex[:6]}", password=weak,
                          role="auditor")  # fmt: skip
        assert refused.value.field == "password"
