"""Tables as the room's screens meet them (issue 39): 2 to 8 players, names as long as 40
characters, at each moment of a night (declaring, mid-trick, between deals, closed), each
deal played out legally by the rules engine itself (every hand logged, so no renege
unless asked for), and the pages in each language."""

from __future__ import annotations

import random
from typing import Any

from clubs.models import Club
from games.engine import apply as engine_apply
from games.engine import new_sitting, parse_action, parse_deal
from games.engine.variants import get_variant
from games.engine.view import legal_plays, phase, to_act
from games.models import Table
from games.services import commands_parse, table_create, table_events_append
from live.models import Viewer
from live.services import viewer_create

LANGUAGES = ["en", "fr", "uk"]
TV_720 = {"width": 1280, "height": 720}
TV_1080 = {"width": 1920, "height": 1080}

#: Names of 40 characters (the longest a club's members were seen to have), as people
#: write them: spaces and hyphens between words, accents, Cyrillic.
LONG = [
    "Anastasia-Maria Kowalczyk-Lefebvre Dupré",
    "Олександра Шевченко-Бондаренко Коваленко",
    "Benoît-Xavier de La Rochefoucauld-Lianco",
    "Dominique Marie-Thérèse Vandenberghe-Roy",
    "Évelyne-Françoise Castelnau d'Arbonville",
    "Христина-Соломія Ярошенко-Григорович Біл",
    "Jean-Baptiste Lefèvre-Pontalis du Mesnil",
    "Mariana Oliveira dos Santos Albuquerque",
]


def players(count: int) -> list[str]:
    return LONG[:count]


def _deal_events(
    names: list[str], seed: int, *, stop: Any = None, hands: bool = True
) -> list[dict[str, Any]]:
    """One louisiana deal, every card the first legal one, as the events the API takes,
    the hands logged unless `hands` is false (then the referee does not know them, and
    still finds nothing to rule: every card was legal); `stop(state)` ends it early (the
    state before the next step)."""
    rng = random.Random(seed)
    deck = sorted(get_variant("louisiana").deck)
    rng.shuffle(deck)
    dealt = {p: deck[i * 5 : i * 5 + 5] for i, p in enumerate(names)}
    dealer = names[-1]
    header = {"dealer": dealer, "trump": dealt[dealer][4], "hands": dealt}
    state = new_sitting(variant="louisiana", players=names)
    state, _ = engine_apply(state, parse_deal(header))
    logged = header if hands else {k: v for k, v in header.items() if k != "hands"}
    events: list[dict[str, Any]] = [{"deal": logged}]
    while phase(state) != "between_deals" and not (stop and stop(state)):
        actor = to_act(state)
        if phase(state) == "declaring":
            # The first player passes (a seat that says "passed"), the rest play; of two,
            # both play (a pass would leave a lone player and no trick).
            passes = actor == names[0] and len(names) > 2
            action = {"player": actor, "declare": "pass" if passes else "play"}
        else:
            legal = legal_plays(state, actor)
            assert legal is not None, actor
            assert legal.allowed, (actor, legal)
            action = {"player": actor, "play": legal.allowed[0]}
        state, _ = engine_apply(state, parse_action(action))
        events.append(action)
    return events


def mid_trick(count: int) -> Any:
    """Stop in the second trick once half the seats have played to it."""

    def stop(state: Any) -> bool:
        deal = state.deal
        trick = deal.trick if deal is not None else None
        return trick is not None and trick.number == 2 and len(trick.cards) >= max(1, count // 2)

    return stop


def night_table(
    club: Club, count: int, moment: str, *, name: str = "", seed: int = 7, hands: bool = True
) -> Table:
    """A louisiana table of `count` players with 40-character names at `moment`: "new",
    "declaring", "trick" (mid-trick), "between" (the first deal settled), "closed"; the
    hands logged unless `hands` is false."""
    names = players(count)
    table = table_create(
        club=club, name=name or f"Vendredi {count}", variant="louisiana", players=names
    )
    if moment == "new":
        return table
    if moment == "declaring":
        events = _deal_events(
            names, seed, stop=lambda state: bool(state.deal.declared), hands=hands
        )
    elif moment == "trick":
        events = _deal_events(names, seed, stop=mid_trick(count), hands=hands)
    else:
        events = _deal_events(names, seed, hands=hands)
    if moment == "closed":
        events.append({"close": {}})
    table_events_append(
        table_id=table.id, club=club, expected_version=1, commands=commands_parse(events)
    )
    return Table.objects.get(id=table.id)


def display_url(base: str, club: Club, table: Table) -> str:
    """The table's display as a TV opens it: by its own display link, no account."""
    viewer = viewer_create(club=club, table=table, created_by="test", kind=Viewer.DISPLAY)
    return f"{base}/d/{viewer.token}"


def in_language(context: Any, base: str, language: str) -> None:
    """The device's language (a TV and a phone have no account: the cookie says it)."""
    context.add_cookies([{"name": "bourre_language", "value": language, "url": base}])


#: Everything drawn on the display that must be whole on the screen and apart from the
#: rest: the header, each seat, the felt, each card played, each part of the side column.
DISPLAY_BOXES = (
    "#board .head, #board .seat, #board .felt, #board .felt .played, #board .side-part,"
    " #board .side .language-switch"
)

#: What is outside the viewport, and which boxes overlap (by more than a pixel).
LAYOUT = """([selector]) => {
  const w = document.documentElement.clientWidth, h = document.documentElement.clientHeight;
  const found = [];
  const root = document.documentElement;
  if (root.scrollWidth > w || root.scrollHeight > h)
    found.push(`page ${root.scrollWidth}x${root.scrollHeight} in ${w}x${h}`);
  const label = e => (e.className + ' ' + (e.dataset.player || e.innerText || '')).trim()
    .replace(/\\s+/g, ' ').slice(0, 50);
  for (const e of document.querySelectorAll('#board *')) {
    const r = e.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) continue;
    if (r.left < -0.5 || r.top < -0.5 || r.right > w + 0.5 || r.bottom > h + 0.5)
      found.push(`outside: ${label(e)} ${Math.round(r.left)},${Math.round(r.top)}..` +
                 `${Math.round(r.right)},${Math.round(r.bottom)}`);
    // A player's name under a card is cut to two lines on purpose (whole on the seat).
    const style = getComputedStyle(e);
    if (e.scrollWidth > e.clientWidth + 1 && style.overflowX !== 'visible'
        && style.webkitLineClamp === 'none')
      found.push(`cut sideways: ${label(e)}`);
  }
  const boxes = [...document.querySelectorAll(selector)]
    .map(e => [e, e.getBoundingClientRect()]).filter(([e, r]) => r.width >= 1 && r.height >= 1);
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const [a, ra] = boxes[i], [b, rb] = boxes[j];
    if (a.contains(b) || b.contains(a)) continue;
    const x = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
    const y = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
    if (x > 1 && y > 1) found.push(`overlap: ${label(a)} / ${label(b)}`);
  }
  return found;
}"""


def layout_faults(page: Any) -> list[str]:
    """What of the display lies outside the screen or over another of its boxes."""
    return page.evaluate(LAYOUT, [DISPLAY_BOXES])
