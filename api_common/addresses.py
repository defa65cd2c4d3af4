"""A client's address as the throttles count it (the sign-in's, `/join`'s).

An IPv4 address is one client (one household or club behind its NAT). An IPv6 client holds
a whole /64 and picks any address in it: counted one by one, a guesser would never be
counted twice, so an IPv6 address counts by its /64. An IPv4 address carried in IPv6
(`::ffff:a.b.c.d`) is the IPv4 one; anything else (empty, not an address) as it is, cut
short."""

from __future__ import annotations

import ipaddress

#: The prefix one IPv6 client holds.
IPV6_CLIENT_PREFIX = 64


def address_key(address: str) -> str:
    try:
        parsed = ipaddress.ip_address(address.strip())
    except ValueError:
        return address.strip()[:64]
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        return str(ipaddress.ip_network(f"{parsed}/{IPV6_CLIENT_PREFIX}", strict=False))
    return str(parsed)
