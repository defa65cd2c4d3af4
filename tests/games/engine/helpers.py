"""Small builders for engine tests: a transcript in a few lines."""

from __future__ import annotations

from typing import Any

from games.engine import rule_transcript


def P(player: str, card: str) -> dict[str, Any]:
    return {"player": player, "play": card}


def D(player: str, choice: bool = True) -> dict[str, Any]:
    return {"player": player, "declare": "play" if choice else "pass"}


def plays(*pairs: str) -> list[dict[str, Any]]:
    """plays("a:AS", "b:2S") -> play actions."""
    return [P(*pair.split(":")) for pair in pairs]


def transcript(
    variant: str, players: list[str], deals: list[dict[str, Any]], **options: Any
) -> dict[str, Any]:
    return {
        "format": "bourre-transcript/1",
        "variant": variant,
        "options": options,
        "players": players,
        "deals": deals,
    }


def rule(
    variant: str, players: list[str], deals: list[dict[str, Any]], **options: Any
) -> dict[str, Any]:
    return rule_transcript(transcript(variant, players, deals, **options))
