"""Sign-in throttling (issue 25, 10; issue 40, 4): failures counted per address and account,
per address, per account from unknown devices and per known device, with a clear refusal,
checked before any password is hashed; never the owner's own device refused for others'
guesses, and a new password unlocks; a bound on sign-ins hashing at once so a flood cannot
take every thread; Django's password validators on."""

from __future__ import annotations

import threading
import time
import uuid
from io import StringIO
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.backends import ModelBackend
from django.core.management import call_command
from django.test import Client

from clubs.services import MemberRefused, member_create, member_set_password
from clubs.signin import DEVICE_COOKIE, SignInBusy, signin_slot
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


def _signed_out(client: Client) -> Client:
    """The same browser signed out: its device cookie kept (Client.logout drops them all)."""
    browser = Client(REMOTE_ADDR=_address())
    browser.cookies[DEVICE_COOKIE] = client.cookies[DEVICE_COOKIE].value
    return browser


def test_five_failures_from_one_address_stop_that_address_not_the_owner(
    hashings: list[str],
) -> None:
    """Issue 40: five wrong passwords from anywhere locked the account for everyone."""
    member = make_member()
    guesser = Client(REMOTE_ADDR=_address())
    for _ in range(settings.SIGNIN_FAILURES_PER_PAIR):
        assert _sign_in(guesser, member.name, "wrong guess").status_code == 200
    assert len(hashings) == settings.SIGNIN_FAILURES_PER_PAIR
    refused = _sign_in(guesser, member.name, PASSWORD)
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) == settings.SIGNIN_WINDOW_SECONDS
    text = refused.content.decode()
    assert "Too many failed sign-ins for this user name from your network address" in text
    assert member.name in text  # the user name stays in the field
    assert len(hashings) == settings.SIGNIN_FAILURES_PER_PAIR  # refused before hashing
    assert "_auth_user_id" not in refused.client.session
    # The owner, elsewhere, signs in.
    assert _sign_in(Client(REMOTE_ADDR=_address()), member.name, PASSWORD).status_code == 302


def test_many_addresses_guessing_one_account_never_refuse_its_owners_device(
    settings: Any, hashings: list[str]
) -> None:
    settings.SIGNIN_FAILURES_PER_ACCOUNT = 6
    member = make_member()
    owners = Client(REMOTE_ADDR=_address())
    assert _sign_in(owners, member.name, PASSWORD).status_code == 302
    owners = _signed_out(owners)
    for _ in range(settings.SIGNIN_FAILURES_PER_ACCOUNT):  # a botnet, one guess an address
        _sign_in(Client(REMOTE_ADDR=_address()), member.name, "wrong guess")
    refused = _sign_in(Client(REMOTE_ADDR=_address()), member.name, PASSWORD)
    assert refused.status_code == 429
    assert "on a device you have signed in on before" in refused.content.decode()
    # The owner's own browser, from yet another address: in.
    assert _sign_in(owners, member.name, PASSWORD).status_code == 302


def test_a_device_that_signed_in_counts_its_own_failures_only() -> None:
    member = make_member()
    device = Client(REMOTE_ADDR=_address())
    assert _sign_in(device, member.name, PASSWORD).status_code == 302
    device = _signed_out(device)
    for _ in range(settings.SIGNIN_FAILURES_PER_DEVICE):
        assert _sign_in(device, member.name, "wrong guess").status_code == 200
    refused = _sign_in(device, member.name, PASSWORD)
    assert refused.status_code == 429
    assert "on this device" in refused.content.decode()
    # The device's failures are its own: the account is not refused elsewhere.
    assert _sign_in(Client(REMOTE_ADDR=_address()), member.name, PASSWORD).status_code == 302


def test_a_device_cookie_vouches_for_its_own_account_only() -> None:
    member, other = make_member(), make_member()
    device = Client(REMOTE_ADDR=_address())
    assert _sign_in(device, other.name, PASSWORD).status_code == 302
    device = _signed_out(device)
    for _ in range(settings.SIGNIN_FAILURES_PER_PAIR):
        _sign_in(device, member.name, "wrong guess")
    assert _sign_in(device, member.name, PASSWORD).status_code == 429  # counted as a stranger
    device.cookies[DEVICE_COOKIE] = "forged"
    assert _sign_in(device, member.name, PASSWORD).status_code == 429


@pytest.mark.parametrize("how", ["service", "command"])
def test_a_new_password_unlocks_the_account(settings: Any, how: str) -> None:
    """Issue 40: `set_member_password` left the account locked."""
    settings.SIGNIN_FAILURES_PER_ACCOUNT = 2
    member = make_member()
    address = _address()
    for _ in range(settings.SIGNIN_FAILURES_PER_PAIR):
        _sign_in(Client(REMOTE_ADDR=address), member.name, "wrong guess")
    assert _sign_in(Client(REMOTE_ADDR=address), member.name, PASSWORD).status_code == 429
    assert _sign_in(Client(REMOTE_ADDR=_address()), member.name, PASSWORD).status_code == 429
    fresh = "a fresh one, 2026!"
    if how == "service":
        member_set_password(member=member, password=fresh)
    else:
        call_command("set_member_password", member.name, "--password", fresh, stdout=StringIO())
    assert _sign_in(Client(REMOTE_ADDR=address), member.name, fresh).status_code == 302


def test_a_success_forgets_the_accounts_failures() -> None:
    member = make_member()
    client = Client(REMOTE_ADDR=_address())
    for _ in range(settings.SIGNIN_FAILURES_PER_PAIR - 1):
        _sign_in(client, member.name, "wrong guess")
    assert _sign_in(client, member.name, PASSWORD).status_code == 302
    for _ in range(settings.SIGNIN_FAILURES_PER_PAIR - 1):
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
