# ruff: noqa: RUF001, RUF003
"""Every page a scorekeeper, an auditor or an admin reaches, read at 768 and 390 px in each
language with a club night's data (long names, a join and a leave, an undo, a closed table,
members, keys, viewer links): nothing scrolls sideways inside a region (a table, a `pre`, a
hash or a link too long for its box), no value is cut by a box that hides what overflows
(a seat's name cut with an ellipsis is meant), and no page scrolls sideways.

The page-wide check of the earlier reviews (`documentElement.scrollWidth`) missed what
scrolled inside a region or was clipped: this sweep looks at every element."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from clubs.models import Club, Member
from clubs.services import api_key_create, member_create
from games.models import Table
from games.services import commands_parse, table_create, table_events_append
from live.services import viewer_create, viewer_revoke
from tests.clubs.helpers import make_club, make_key
from tests.tableapp.browser import PHONE, TABLET
from tests.tableapp.helpers import CASES, PASSWORD, make_member
from tests.tableapp.test_club_night_browser import _stats_caught_up
from tests.tableapp.test_review_browser import LONG_NAMES

pytestmark = pytest.mark.django_db(transaction=True)
LANGUAGES = ["en", "fr", "uk"]
#: A directory to save a picture of each page with a finding in.
SHOTS = os.environ.get("BOURRE_SWEEP_SHOTS")
VARIANTS = ["louisiana", "comtadine", "occitan", "ukrainian"]

#: The conformance cases' ana, ben, cy and dee, as a club's members have their names.
RENAMED = dict(zip(["ana", "ben", "cy", "dee"], LONG_NAMES[:4], strict=True))
LATE = LONG_NAMES[4]
#: A table's name as a club writes it: long, with a dash and accents.
TABLE_NAME = "Vendredi soir — la grande table des habitués du club"

#: Overflow that is meant, and why. A selector here is shown clipped on purpose.
MEANT = {
    # A seat's name on a phone or a tablet is cut to fit its seat beside the dealer's
    # button, with an ellipsis (the name is whole in its title and in the statement).
    ".seat .who .name": "ellipsis",
    # On a tablet the current trick's cards are four a row, each player's name cut to its
    # card with an ellipsis (whole on the seat and in its title): eight seats of long names
    # had pushed the card picker below the fold (issue 39.5).
    ".trick.current .cards li small": "ellipsis",
    # On a TV the name under a trick's card is two lines at most (whole on the seat).
    ".display-board .trick .by": "two lines",
}

#: Each element drawn whose content goes past its box sideways: a region that scrolls
#: (overflow auto or scroll), a box that cuts it (hidden or clip, also downwards), or
#: content spilling out of a box past the screen's edge; and the page's own overflow.
_OVERFLOW = """meant => {
  const root = document.documentElement, width = root.clientWidth;
  const name = e => {
    const parts = [];
    for (let x = e; x && x !== document.body && parts.length < 4; x = x.parentElement) {
      let p = x.tagName.toLowerCase();
      if (x.id) { parts.unshift(p + '#' + x.id); break; }
      const cls = [...x.classList].slice(0, 2);
      if (cls.length) p += '.' + cls.join('.');
      parts.unshift(p);
    }
    return parts.join(' > ');
  };
  const text = e => (e.value || e.innerText || e.textContent || '').trim()
    .replace(/\\s+/g, ' ').slice(0, 70);
  // Drawn for a screen reader only (a 1 px box that clips, as a phone's table header),
  // or inside a region that scrolls (the region is what is reported).
  const unseen = e => {
    for (let x = e.parentElement; x && x !== root; x = x.parentElement) {
      const s = getComputedStyle(x);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const r = x.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1) return 'hidden';
      if (['auto', 'scroll'].includes(s.overflowX)) return 'scrolled';
    }
    return '';
  };
  const found = [];
  if (root.scrollWidth > width)
    found.push(`page: ${root.scrollWidth} px wide in ${width}`);
  for (const e of document.body.querySelectorAll('*')) {
    if (e instanceof SVGElement && !(e instanceof SVGSVGElement)) continue;
    const r = e.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1) continue;  // not drawn, or drawn for a screen reader
    const s = getComputedStyle(e);
    if (s.visibility !== 'visible') continue;
    const inside = unseen(e);
    if (inside === 'hidden') continue;
    const wide = e.scrollWidth > e.clientWidth + 1;
    const tall = e.scrollHeight > e.clientHeight + 1;
    const how = `${e.scrollWidth}x${e.scrollHeight} in ${e.clientWidth}x${e.clientHeight}`;
    const ok = Object.keys(meant).some(m => e.matches(m));
    if (wide && ['auto', 'scroll'].includes(s.overflowX))
      found.push(`scrolls sideways: ${name(e)} (${how}) «${text(e)}»`);
    else if (!ok && ((wide && ['hidden', 'clip'].includes(s.overflowX))
                     || (tall && ['hidden', 'clip'].includes(s.overflowY))))
      found.push(`cut: ${name(e)} (${how}) «${text(e)}»`);
    else if (wide && s.overflowX === 'visible' && !inside && s.display !== 'inline')
      found.push(`spills out of its box: ${name(e)} (${how}) «${text(e)}»`);
    else if (!inside && (r.right > width + 0.5 || r.left < -0.5)) {
      const span = `${Math.round(r.left)}..${Math.round(r.right)}`;
      found.push(`past the screen's edge: ${name(e)} (${span}) «${text(e)}»`);
    }
  }
  return found;
}"""


#: Each word of a name broken across two lines (a hyphen is a place to break: "Anastasia-"
#: over "Maria" is read as it is written).
_BROKEN_NAMES = """names => names.flatMap(name => {
  const out = [];
  const walker = document.createTreeWalker(name, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const m of node.data.matchAll(/[^\\s-]+/g)) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const lines = new Set([...range.getClientRects()].filter(r => r.width > 0)
        .map(r => Math.round(r.top)));
      if (lines.size > 1) out.push(`a name broken inside a word: ${m[0]}`);
    }
  }
  return out;
})"""


def _renamed(value: Any) -> Any:
    """A case's events with the players' names as LONG_NAMES spells them."""
    if isinstance(value, dict):
        return {RENAMED.get(k, k): _renamed(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_renamed(v) for v in value]
    return RENAMED.get(value, value) if isinstance(value, str) else value


def _case(case: str) -> dict[str, Any]:
    transcript = json.loads((CASES / f"{case}.json").read_text())["transcript"]
    return _renamed(transcript)


def _table(club: Club, name: str, events: list[Any], variant: str = "louisiana") -> Table:
    players = [*RENAMED.values()] if variant == "louisiana" else LONG_NAMES[:4]
    table = table_create(
        club=club, name=name, variant=variant, players=players, options={"ante": 1}
    )
    version = 1
    for event in events:  # one at a time: an undo undoes the event before it
        table_events_append(
            table_id=table.id, club=club, expected_version=version, commands=commands_parse([event])
        )
        version = Table.objects.get(id=table.id).snapshot.version
    return table


def _night(club: Club) -> dict[str, Any]:
    """The club's tables at every screen a person meets, and its viewer links."""
    known = _case("louisiana-04-known-hands-renege")["deals"][0]
    hidden = _case("louisiana-01-hidden-renege")["deals"][0]
    header = {"dealer": known["dealer"], "trump": known["trump"], "hands": known["hands"]}
    actions = hidden["actions"]
    undo = {"undo": {"reason": "the last card was mis-tapped: it was the other heart"}}
    played = [
        {"deal": {"dealer": hidden["dealer"], "trump": hidden["trump"]}},
        *actions[:-1],
        actions[-1],
        undo,
        actions[-1],
        {"join": {"player": LATE, "seat_after": RENAMED["dee"]}},
        {"leave": {"player": RENAMED["ben"]}},
    ]
    declared = [a for a in known["actions"] if "declare" in a]
    tables = {
        "settled": _table(club, TABLE_NAME, played),
        "new": _table(club, "Mardi", []),
        "declaring": _table(club, "Déclarations", [{"deal": header}]),
        "exchanging": _table(club, "Échanges", [{"deal": header}, *declared]),
        "playing": _table(club, "Une main connue", [{"deal": header}, *known["actions"][:11]]),
        "closed": _table(club, f"{TABLE_NAME} (fermée)", [*played, {"close": {}}]),
        "comtadine": _table(club, "Comtadine", [], variant="comtadine"),
        "ukrainian": _table(club, "Українське буре", [], variant="ukrainian"),
    }
    for table in (tables["settled"], tables["closed"]):
        viewer_create(club=club, table=table, created_by="Anastasia-Maria")
    viewers = {
        "open": viewer_create(club=club, table=tables["settled"], created_by="test"),
        "closed": viewer_create(club=club, table=tables["closed"], created_by="test"),
        "ended": viewer_revoke(
            viewer=viewer_create(club=club, table=tables["settled"], created_by="test")
        ),
    }
    return {"tables": {k: str(t.id) for k, t in tables.items()}, "viewers": viewers}


def _members(club: Club, language: str) -> tuple[Member, Member, Member]:
    """An admin speaking `language`, an auditor, and members and keys with long names."""
    admin = make_member(club, "admin")
    admin.language = language
    admin.save(update_fields=["language"])
    scorekeepers = [
        member_create(club=club, username=username, password=PASSWORD, role="scorekeeper")
        for username in ("anastasia-maria.kowalczyk-lefebvre", "oleksandra.shevchenko-bondarenko")
    ]
    auditor = make_member(club, "auditor")
    auditor.language = language
    auditor.save(update_fields=["language"])
    make_key(club, "scorekeeper")
    name = "Le tableau d’affichage du bar, près de la fenêtre"
    api_key_create(club=club, name=name, role="auditor")
    return admin, auditor, scorekeepers[0]


def _sign_in(page: Any, base: str, member: Member) -> None:
    """`sign_in`, in any language (the button says "Se connecter" in French)."""
    page.goto(f"{base}/app/login/")
    page.fill("input[name=username]", member.name)
    page.fill("input[name=password]", PASSWORD)
    page.click("form:has(input[name=password]) button[type=submit]")
    page.wait_for_url(f"{base}/app/")


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport=TABLET)
    context.set_default_timeout(10_000)
    try:
        yield context
    finally:
        context.close()


def _sweep(page: Any, found: dict[str, list[str]], where: str) -> None:
    """Every <details> opened (what it holds is read too), then the overflow measured."""
    page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
    seen = page.evaluate(_OVERFLOW, MEANT)
    # The display's and the players' seats: a name is whole on its line, never broken
    # inside a word to fit ("Олександр/а").
    seen += page.locator("#board .seat .who").evaluate_all(_BROKEN_NAMES)
    if seen:
        found.setdefault(where, []).extend(seen)
        if SHOTS:  # a picture of each page with a finding, to look at
            Path(SHOTS).mkdir(parents=True, exist_ok=True)
            lang = page.evaluate("document.documentElement.lang")
            file = re.sub(r"[^\w@-]+", "_", f"{lang} {where}").strip("_")
            page.screenshot(path=f"{SHOTS}/{file}.png", full_page=True)


def _visit(
    page: Any, base: str, path: str, found: dict[str, list[str]], label: str = "", shows: str = ""
) -> None:
    """The page at 768 then 390 px; `shows`: what it must show (the sweep read that page)."""
    for viewport in (TABLET, PHONE):
        page.set_viewport_size(viewport)
        if page.url != f"{base}{path}":
            page.goto(f"{base}{path}")
        if shows:
            # After a click that posts a form, page.url can name the new page before its
            # body is parsed: wait for what it must show rather than count it at once.
            page.locator(shows).first.wait_for(state="attached", timeout=10_000)
        _sweep(page, found, f"{label or path} @{viewport['width']}")


@pytest.mark.parametrize("language", LANGUAGES)
def test_nothing_scrolls_sideways_nor_is_cut_on_any_page(
    context: Any, live_server: Any, language: str
) -> None:
    base = live_server.url
    club = make_club()
    night = _night(club)
    tables, viewers = night["tables"], night["viewers"]
    admin, auditor, scorekeeper = _members(club, language)
    _stats_caught_up(club)  # the standings with the night's players
    context.add_cookies([{"name": "bourre_language", "value": language, "url": base}])
    page = context.new_page()
    found: dict[str, list[str]] = {}

    _visit(page, base, "/app/login/", found, shows="input[name=password]")
    _visit(page, base, "/join", found, shows="input[name=code]")
    _visit(page, base, "/join?code=NOPE42", found, shows=".error")
    for kind, viewer in viewers.items():
        shows = "main.ended, .ended" if kind == "ended" else "#board .seat"
        _visit(page, base, f"/v/{viewer.token}", found, f"/v/ ({kind} link)", shows)
    for variant in ["", *(f"{v}/" for v in VARIANTS)]:
        _visit(page, base, f"/app/rules/{variant}", found, shows="main h1")

    page.set_viewport_size(TABLET)
    _sign_in(page, base, admin)
    t = tables
    pages = {
        "/app/": "table.stacks tbody tr",
        "/app/?show=closed": "table.stacks tbody tr",
        f"/app/tables/{t['new']}/": "form[data-step='start the deal']",
        f"/app/tables/{t['declaring']}/": "form[data-step=declare]",
        f"/app/tables/{t['exchanging']}/": "form[data-step^=exchange]",
        f"/app/tables/{t['playing']}/": "form.picker button.cardbtn.elsewhere small",
        f"/app/tables/{t['settled']}/": "form[data-step=join]",
        f"/app/tables/{t['closed']}/": "#table",
        f"/app/tables/{t['comtadine']}/": "#table",
        f"/app/tables/{t['ukrainian']}/": "#table",
        f"/app/tables/{t['settled']}/ruling": "pre#ruling-json",
        f"/app/tables/{t['closed']}/ruling": "pre#ruling-json",
        f"/app/tables/{t['settled']}/audit": "table.ledger tr.voided",
        f"/app/tables/{t['closed']}/audit": "table.events a.undone-by",
        f"/app/tables/{t['settled']}/close": "main form",
        f"/app/tables/{t['closed']}/settle-up": "table.statement tbody tr",
        f"/app/tables/{t['settled']}/viewers": ".viewer-link .qr svg",
        f"/app/tables/{t['settled']}/display": "#board .seat",
        f"/app/tables/{t['closed']}/display": "#board .transfers li",
        f"/app/tables/{t['playing']}/display": "#board .playing-card",
        "/app/standings/": "table.leaders tbody tr",
        "/app/standings/?period=all": "table.leaders tbody tr",
        "/app/members/": "table.stacks tbody tr",
        f"/app/members/{admin.id}/": "form[action$='/password']",
        "/app/no-such-page/": "main a",
        f"/app/tables/{club.id}/": "main a",  # another club's or no table: the 404 page
    }
    names = {table_id: kind for kind, table_id in tables.items()}
    for path, shows in pages.items():
        kind = next((k for table_id, k in names.items() if table_id in path), "")
        label = path.replace(tables[kind], kind) if kind else path
        _visit(page, base, path, found, label, shows)

    # What is shown once: a new key, a member's new password; a refused new table, every
    # variant's house options; the notice of an undo.
    page.goto(f"{base}/app/members/")
    page.fill("form[action$='keys/add'] input[name=name]", "La caisse de la buvette")
    page.click("form[action$='keys/add'] button[type=submit]")
    _visit(page, base, page.url.removeprefix(base), found, "a new key", "code.secret")
    page.goto(f"{base}/app/members/{scorekeeper.id}/")
    page.click("form[action$='/password'] button[type=submit]")
    _visit(page, base, page.url.removeprefix(base), found, "a new password", "code.secret")
    for viewport in (TABLET, PHONE):
        page.set_viewport_size(viewport)
        page.goto(f"{base}/app/")
        page.locator("details.create summary").click()
        for variant in VARIANTS:
            page.check(f"input[name=variant][value={variant}]")
            _sweep(page, found, f"new table, {variant} @{viewport['width']}")
        page.check("input[name=variant][value=louisiana]")
        page.fill("textarea[name=players]", "\n".join([*LONG_NAMES, LONG_NAMES[0]]))
        page.fill("input[name=opt_louisiana_ante]", "-2")
        page.click("#create button[type=submit]")
        page.wait_for_selector("#create .error")
        _sweep(page, found, f"new table refused @{viewport['width']}")
    page.set_viewport_size(TABLET)
    page.goto(f"{base}/app/tables/{tables['settled']}/")
    page.click("section.undo form[data-step=undo] button[type=submit]")
    page.wait_for_selector(".notice.undone")
    _visit(page, base, page.url.removeprefix(base), found, "an undo", ".notice.undone")

    # A role's refusal: an auditor on the members page.
    page.context.clear_cookies()
    context.add_cookies([{"name": "bourre_language", "value": language, "url": base}])
    page.set_viewport_size(TABLET)
    _sign_in(page, base, auditor)
    _visit(page, base, "/app/members/", found, "403", "main a")

    assert found == {}, json.dumps(found, indent=1, ensure_ascii=False)
