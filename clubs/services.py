"""Writes: clubs, their API keys and their members."""

from __future__ import annotations

import hashlib
import secrets

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.models import CLUB_ROLES, MANAGING_ROLES, ApiKey, Club, Member, Role
from clubs.nights import DEFAULT_TIME_ZONE, zone
from clubs.zones import remember
from common.free_text import KEY_NAME_MAX_LENGTH, USERNAME_MAX_LENGTH, text_problem

KEY_SCHEME = "bk"


class LastAdminKey(Exception):
    """Revoking this key would leave its club with no key able to manage keys."""


class KeyRefused(Exception):
    """A key's name the club's rules refuse (blank, too long, unstorable), in words."""

    def __init__(self, message: str, field: str = "name") -> None:
        super().__init__(message)
        self.field = field


def key_hash(raw: str) -> str:
    return hashlib.sha256(raw.encode()).hexdigest()


def club_create(*, name: str, time_zone: str = DEFAULT_TIME_ZONE) -> Club:
    zone(time_zone)  # UnknownTimeZone before anything is written
    return Club.objects.create(name=name, time_zone=time_zone)


def club_time_zone_set(*, club: Club, time_zone: str) -> Club:
    """Where the club plays, for its standings by night (`clubs.nights`). Raises
    `UnknownTimeZone`. Events already counted keep their night until the standings are
    rebuilt (`manage.py rebuild --projection player_stats`)."""
    zone(time_zone)
    club.time_zone = time_zone
    club.save(update_fields=["time_zone"])
    transaction.on_commit(lambda: remember(str(club.pk), time_zone))
    return club


def api_key_create(*, club: Club, name: str, role: str) -> tuple[ApiKey, str]:
    """A new key and its raw text (shown once; only its hash is kept). Raises `KeyRefused`
    for a name the API and the Members page both refuse."""
    name = name.strip()
    problem = text_problem(name, max_length=KEY_NAME_MAX_LENGTH)
    if problem is not None:
        raise KeyRefused(problem)
    Role(role)  # refuses unknown roles
    prefix = secrets.token_hex(6)
    raw = f"{KEY_SCHEME}_{prefix}_{secrets.token_urlsafe(32)}"
    key = ApiKey.objects.create(
        club=club, name=name, role=role, prefix=prefix, key_hash=key_hash(raw)
    )
    return key, raw


@transaction.atomic
def api_key_revoke(*, key: ApiKey) -> ApiKey:
    """Revoke `key`; raises `LastAdminKey` rather than lock the club out of its own keys.
    The club's managing keys are locked first, so two admins revoking each other at once
    cannot both succeed."""
    managers = list(
        ApiKey.objects.select_for_update()
        .filter(club_id=key.club_id, role__in=MANAGING_ROLES, revoked_at__isnull=True)
        .order_by("id")
        .values_list("id", flat=True)
    )
    key.refresh_from_db(fields=["revoked_at"])
    if key.revoked_at is None:
        if key.id in managers and len(managers) == 1:
            raise LastAdminKey(str(key.id))
        key.revoked_at = timezone.now()
        key.save(update_fields=["revoked_at"])
    return key


class MemberRefused(Exception):
    """A member change the club's rules refuse; `field` names the form field at fault."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


def password_generate() -> str:
    return secrets.token_urlsafe(12)


def _password_check(password: str, username: str) -> None:
    """Django's password validators (AUTH_PASSWORD_VALIDATORS), their words at the field."""
    users = get_user_model()
    try:
        validate_password(password, user=users(username=username))
    except ValidationError as refused:
        raise MemberRefused(" ".join(refused.messages), field="password") from None


def member_create(*, club: Club, username: str, password: str, role: str) -> Member:
    """A new person who signs in as `username` and acts for `club` with `role`."""
    username = username.strip()
    if not username:
        raise MemberRefused(_("a user name is needed"), field="username")
    problem = text_problem(username, max_length=USERNAME_MAX_LENGTH)
    if problem is not None:
        raise MemberRefused(problem, field="username")
    if role not in CLUB_ROLES:
        names = ", ".join(r.value for r in CLUB_ROLES)
        raise MemberRefused(_("role must be one of %(names)s") % {"names": names}, field="role")
    if not password:
        raise MemberRefused(_("a password is needed"), field="password")
    _password_check(password, username)
    users = get_user_model()
    try:
        with transaction.atomic():
            user = users.objects.create_user(username=username, password=password)
            return Member.objects.create(user=user, club=club, role=role)
    except IntegrityError:
        taken = _("the user name %(name)s is taken") % {"name": repr(username)}
        raise MemberRefused(taken, field="username") from None


@transaction.atomic
def member_remove(*, member: Member) -> None:
    """Remove a member (and their sign-in). The club's last admin stays: someone must be
    able to manage members."""
    locked = list(
        Member.objects.select_for_update().filter(club_id=member.club_id, role=Role.ADMIN)
    )
    if member.role == Role.ADMIN and len(locked) <= 1:
        raise MemberRefused(_("the club's last admin cannot be removed"))
    member.user.delete()  # cascades to the member


@transaction.atomic
def member_set_role(*, member: Member, role: str) -> Member:
    """Give a member another role. The club's last admin stays one (as they cannot be
    removed): someone must be able to manage members. The club's admins are locked, so
    two admins demoting each other at once cannot both succeed."""
    if role not in CLUB_ROLES:
        names = ", ".join(r.value for r in CLUB_ROLES)
        raise MemberRefused(_("role must be one of %(names)s") % {"names": names}, field="role")
    admins = list(
        Member.objects.select_for_update().filter(club_id=member.club_id, role=Role.ADMIN)
    )
    current = Member.objects.get(pk=member.pk)  # after the lock: as it is now
    if current.role == Role.ADMIN and role != Role.ADMIN and len(admins) <= 1:
        raise MemberRefused(_("the club's last admin must stay an admin"), field="role")
    member.role = role
    member.save(update_fields=["role"])
    return member


def member_set_password(*, member: Member, password: str) -> None:
    if not password:
        raise MemberRefused(_("a password is needed"), field="password")
    _password_check(password, member.user.username)
    member.user.set_password(password)
    member.user.save(update_fields=["password"])


def admin_username(club_name: str) -> str:
    from django.utils.text import slugify

    return f"{slugify(club_name) or 'club'}-admin"


@transaction.atomic
def club_bootstrap(
    *, name: str, key_name: str = "bootstrap admin", time_zone: str = DEFAULT_TIME_ZONE
) -> tuple[Club, ApiKey, str, Member, str]:
    """A new club, its first admin API key (raw text returned once) and its first admin
    member (user name from the club's name, a generated password returned once)."""
    club = club_create(name=name, time_zone=time_zone)
    key, raw = api_key_create(club=club, name=key_name, role=Role.ADMIN)
    password = password_generate()
    member = member_create(
        club=club, username=admin_username(name), password=password, role=Role.ADMIN
    )
    return club, key, raw, member, password
