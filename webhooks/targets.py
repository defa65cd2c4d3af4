"""Where a webhook may be delivered: public addresses only, unless the operator allows more.

A club's admin chooses the URL, and the worker POSTs from inside our network: without this
check `http://169.254.169.254/` (cloud metadata) or `http://[::1]:9/` would be reached, and
the delivery log would map which internal ports answer. The URL is checked when it is
registered, and every address it resolves to is checked again when a delivery connects
(DNS may change in between), and the connection goes to the very address checked.

``WEBHOOKS_ALLOW_PRIVATE_TARGETS`` (a setting or the environment; the tests set it, their
receivers are on 127.0.0.1) turns the check off."""

from __future__ import annotations

import ipaddress
import os
import socket
from urllib.parse import urlsplit

from django.conf import settings

_TRUE = {"1", "true", "yes", "on"}


class TargetRefused(Exception):
    """The URL's host is, or resolves to, an address webhooks may not reach."""


def private_targets_allowed() -> bool:
    value = getattr(settings, "WEBHOOKS_ALLOW_PRIVATE_TARGETS", None)
    if value is None:
        value = os.environ.get("WEBHOOKS_ALLOW_PRIVATE_TARGETS", "")
    return value is True or str(value).strip().lower() in _TRUE


def resolve(host: str, port: int) -> list[str]:
    """Every address `host` resolves to (stubbed in tests: they never leave 127.0.0.1)."""
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return list(dict.fromkeys(str(info[4][0]) for info in infos))


def address_refusal(address: str) -> str | None:
    """Why webhooks may not reach `address`, or None for a public unicast address."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return "not an IP address"
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    if ip.is_multicast:
        return "a multicast address"
    if ip.is_loopback:
        return "a loopback address"
    if ip.is_link_local:
        return "a link-local address"
    if ip.is_unspecified or ip.is_reserved or not ip.is_global:
        return "a private or reserved address"
    return None


def url_host_port(url: str) -> tuple[str, int]:
    parts = urlsplit(url)
    host = parts.hostname or ""
    port = parts.port or (443 if parts.scheme == "https" else 80)
    return host, port


def check_registration(url: str) -> None:
    """Refuse a URL whose host is a non-public address, or a name for one. A name that does
    not resolve yet is accepted: the delivery checks again."""
    if private_targets_allowed():
        return
    host, port = url_host_port(url)
    if host.lower() == "localhost" or host.lower().endswith(".localhost"):
        raise TargetRefused(f"{host} is a loopback name")
    try:
        addresses = [str(ipaddress.ip_address(host))]
    except ValueError:
        try:
            addresses = resolve(host, port)
        except OSError:
            return
    for address in addresses:
        reason = address_refusal(address)
        if reason:
            raise TargetRefused(
                f"{host} is {reason}" if address == host else f"{host} resolves to {reason}"
            )


def checked_address(host: str, port: int) -> str:
    """The address a delivery connects to: the first the host resolves to, if every one of
    them is allowed (one bad answer refuses the lot: a round-robin mix is a rebinding trick)."""
    try:
        addresses = [str(ipaddress.ip_address(host))]
    except ValueError:
        addresses = resolve(host, port)
    if not addresses:
        raise TargetRefused("the host resolves to nothing")
    if not private_targets_allowed():
        for address in addresses:
            reason = address_refusal(address)
            if reason:
                raise TargetRefused(f"the host resolves to {reason}")
    return addresses[0]
