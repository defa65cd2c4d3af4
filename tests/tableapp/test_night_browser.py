# ruff: noqa: RUF001
"""A club night played through the app at a phone's and a tablet's width, in English,
French and Ukrainian: what a demanding scorekeeper and the players stumbled on (one test a
finding; each failed before its change)."""

from __future__ import annotations

from typing import Any

import pytest

from clubs.models import Club
from games.models import Table
from games.services import commands_parse, table_create, table_events_append
from live.services import viewer_create
from tests.clubs.helpers import make_club
from tests.tableapp.browser import PHONE, TABLET
from tests.tableapp.helpers import PASSWORD, case_table, make_member
from tests.tableapp.test_browser import sign_in

pytestmark = pytest.mark.django_db(transaction=True)


def _night(club: Club) -> Table:
    """The hidden-renege deal settled, ben gone, eve come in: between deals."""
    table, transcript = case_table(club, "louisiana-01-hidden-renege", "Friday")
    deal = transcript["deals"][0]
    events = [
        {"deal": {"dealer": deal["dealer"], "trump": deal["trump"]}},
        *deal["actions"],
        {"leave": {"player": "ben"}},
        {"join": {"player": "eve", "seat_after": "dee"}},
    ]
    table_events_append(
        table_id=table.id, club=club, expected_version=1, commands=commands_parse(events)
    )
    return table


def _phone(browser: Any, language: str) -> Any:
    locale = {"en": "en-US", "fr": "fr-FR", "uk": "uk-UA"}[language]
    context = browser.new_context(viewport=PHONE, locale=locale)
    context.set_default_timeout(10_000)
    return context.new_page()


def test_a_refused_deal_start_keeps_the_dealer_trump_sitting_out_and_hands(
    page: Any, live_server: Any
) -> None:
    """One typo among twenty typed cards: the refusal is said at the hands, and the dealer,
    the trump, who sits out and every hand typed are still there to correct."""
    club = make_club()
    table = table_create(club=club, name="T", variant="louisiana", players=["ana", "ben", "cy"])
    sign_in(page, live_server.url, make_member(club, "scorekeeper"))
    page.goto(f"{live_server.url}/app/tables/{table.id}/")
    page.check("input[name=dealer][value=ben]")  # not the one offered by custom
    page.uncheck("input[name=seated][value=cy]")
    page.click(".trump-picker label:has(input[value='2S'])")
    page.click("details:has(input[name=hand_ana]) summary")
    hands = {"ana": "AH KH QH JH 2S", "ben": "3S 4S 5S 6S 2H"}  # 2S is ben's upcard
    for player, hand in hands.items():
        page.fill(f"input[name=hand_{player}]", hand)
    page.click("form[data-step='start the deal'] button[type=submit]")
    page.locator("form[data-step='start the deal'] .error").wait_for()
    form = page.locator("form[data-step='start the deal']")
    assert form.locator("input[name=dealer]:checked").get_attribute("value") == "ben"
    seated = form.locator("input[name=seated]:checked")
    assert [seated.nth(i).get_attribute("value") for i in range(seated.count())] == ["ana", "ben"]
    assert form.locator("input[name=trump]:checked").get_attribute("value") == "2S"
    for player, hand in hands.items():
        assert form.locator(f"input[name=hand_{player}]").input_value() == hand
    assert form.locator("input[name=hand_cy]").input_value() == ""


def test_a_refusal_that_starts_with_a_name_says_the_name_as_typed(
    page: Any, live_server: Any
) -> None:
    """ "ana is already seated", not "Ana": names are the players' own, case and all."""
    club = make_club()
    table = table_create(club=club, name="T", variant="louisiana", players=["ana", "ben", "cy"])
    sign_in(page, live_server.url, make_member(club, "scorekeeper"))
    page.goto(f"{live_server.url}/app/tables/{table.id}/")
    page.click("details.sitting summary")
    page.fill("form[data-step=join] input[name=player]", "ana")
    page.click("form[data-step=join] button[type=submit]")
    error = page.locator("form[data-step=join] .error[data-field='join.player']")
    error.wait_for()
    assert error.inner_text() == "ana is already seated"


@pytest.mark.parametrize("viewport", [PHONE, TABLET], ids=["390", "768"])
def test_the_viewer_links_page_shows_its_qr_code(
    page: Any, live_server: Any, viewport: dict[str, int]
) -> None:
    """The page the scorekeeper opens to invite the phones: its QR code was sized by an
    inline style, which the Content-Security-Policy refuses, so it shrank to nothing."""
    refused: list[str] = []
    page.on(
        "console",
        lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None,
    )
    club = make_club()
    table = _night(club)
    viewer_create(club=club, table=table, created_by="test")
    page.set_viewport_size(viewport)
    sign_in(page, live_server.url, make_member(club, "scorekeeper"))
    page.goto(f"{live_server.url}/app/tables/{table.id}/viewers")
    qr = page.locator(".viewer-link .qr svg").bounding_box()
    assert qr["width"] >= 150, qr
    assert qr["height"] >= 150, qr
    assert qr["x"] + qr["width"] <= viewport["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    assert refused == []


@pytest.mark.parametrize("language", ["en", "fr", "uk"])
def test_on_a_phone_every_figure_of_the_statement_is_on_screen(
    browser: Any, live_server: Any, language: str
) -> None:
    """The players' view: the statement's last columns (winnings, the closing share) were
    off the right edge of a 390 px phone, with nothing to say they were there."""
    club = make_club()
    table = _night(club)
    viewer = viewer_create(club=club, table=table, created_by="test")
    phone = _phone(browser, language)
    try:
        phone.goto(f"{live_server.url}/v/{viewer.token}")
        figures = phone.locator(".statements td")
        assert figures.count() == 5 * 6  # five players who sat, six figures each
        for i in range(figures.count()):
            box = figures.nth(i).bounding_box()
            assert box["x"] >= 0, (i, box)
            assert box["x"] + box["width"] <= PHONE["width"], (i, box)
        # each figure says what it is
        net = phone.locator(".statements tr[data-player=cy] td").first
        assert net.evaluate("e => getComputedStyle(e, '::before').content") != "none"
        assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    finally:
        phone.context.close()


def _overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return not (
        a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
        or a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
    )


@pytest.mark.parametrize("width", [390, 768, 1920])
def test_the_language_switch_covers_nothing_on_the_display_or_a_phone(
    browser: Any, live_server: Any, width: int
) -> None:
    """The display's language switch sat fixed in the top corner, over the deal, the trump
    and the pot (in French at 768 px it covered them)."""
    club = make_club()
    table, transcript = case_table(club, "louisiana-01-hidden-renege", "T1")
    deal = transcript["deals"][0]
    events = [{"deal": {"dealer": deal["dealer"], "trump": deal["trump"]}}, *deal["actions"][:9]]
    table_events_append(
        table_id=table.id, club=club, expected_version=1, commands=commands_parse(events)
    )
    viewer = viewer_create(club=club, table=table, created_by="test")
    context = browser.new_context(viewport={"width": width, "height": 1080}, locale="fr-FR")
    context.set_default_timeout(10_000)
    try:
        tv = context.new_page()
        tv.goto(f"{live_server.url}/app/")
        tv.fill("input[name=username]", make_member(club, "auditor").name)
        tv.fill("input[name=password]", PASSWORD)
        tv.click("form button[type=submit].primary")
        tv.wait_for_url(f"{live_server.url}/app/")
        tv.goto(f"{live_server.url}/app/tables/{table.id}/display")
        phone = context.new_page()
        phone.goto(f"{live_server.url}/v/{viewer.token}")
        for page in (tv, phone):
            switch = page.locator(".language-switch").bounding_box()
            for part in (".head h1", ".head .phase", ".head .trump", ".head .pot"):
                box = page.locator(part).bounding_box()
                assert not _overlap(switch, box), (page.url, part, switch, box)
    finally:
        context.close()


@pytest.mark.parametrize("language", ["en", "uk"])
def test_on_a_phone_the_standings_and_the_audit_do_not_pan_sideways(
    browser: Any, live_server: Any, language: str
) -> None:
    """Their wide tables scroll in their own region; a column named for screen readers only
    (positioned out of sight) escaped that region and made the whole page wider than the
    phone, its header and text panning with a swipe."""
    club = make_club()
    table = _night(club)
    member = make_member(club, "auditor")
    phone = _phone(browser, language)
    try:
        phone.goto(f"{live_server.url}/app/")
        phone.fill("input[name=username]", member.name)
        phone.fill("input[name=password]", PASSWORD)
        phone.click("form button[type=submit].primary")
        phone.wait_for_url(f"{live_server.url}/app/")
        for path in ("/app/standings/", f"/app/tables/{table.id}/audit"):
            phone.goto(f"{live_server.url}{path}")
            width = phone.evaluate("document.documentElement.scrollWidth")
            assert width <= PHONE["width"], (path, width)
    finally:
        phone.context.close()


def _signed_in_phone(browser: Any, live_server: Any, club: Club, language: str) -> Any:
    phone = _phone(browser, language)
    phone.goto(f"{live_server.url}/app/")
    phone.fill("input[name=username]", make_member(club, "scorekeeper").name)
    phone.fill("input[name=password]", PASSWORD)
    phone.click("form button[type=submit].primary")
    phone.wait_for_url(f"{live_server.url}/app/")
    return phone


def _in_view(page: Any, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "7♥ does not beat A♥; play a higher ♥ or pass"),
        ("fr", "7♥ ne bat pas A♥\u00a0; jouez une carte plus forte en ♥ ou passez votre tour"),
        # The ace is туз on a Ukrainian card, its letter the Cyrillic Te (issue 39.10).
        ("uk", "7♥ не перебиває Т♥; покладіть старшу карту масті ♥ або пропустіть хід"),
    ],
)
def test_a_refused_card_is_said_in_view_in_the_page_s_words(
    browser: Any, live_server: Any, language: str, words: str
) -> None:
    """Comtadine refuses a card that does not climb: in French the refusal began with the
    field's English name ("Play : "); in every language its cards were codes ("7H", "AH");
    and it is in view where the thumb is (on a phone, with the exchanges above the grid,
    it was said out of sight and the tap seemed to do nothing)."""
    club = make_club()
    table = table_create(club=club, name="C", variant="comtadine", players=["p1", "p2", "p3"])
    events = [{"deal": {"dealer": "p1"}}, {"player": "p2", "play": "AH"}]
    table_events_append(
        table_id=table.id, club=club, expected_version=1, commands=commands_parse(events)
    )
    phone = _signed_in_phone(browser, live_server, club, language)
    try:
        phone.goto(f"{live_server.url}/app/tables/{table.id}/")
        card = phone.locator("form[data-step=play] button[value='7H']")
        card.evaluate("e => e.scrollIntoView({block: 'end'})")  # the thumb's reach
        card.click()
        error = phone.locator("p.error[data-field=card]")
        error.wait_for()
        assert error.inner_text() == words
        phone.wait_for_function(
            "() => { const b = document.querySelector('p.error[data-field=card]')"
            ".getBoundingClientRect(); return b.top >= 0 && b.bottom <= innerHeight; }"
        )
        assert _in_view(phone, "p.error[data-field=card]")
    finally:
        phone.context.close()


def test_a_refusal_names_no_field_in_english_on_a_french_page(
    browser: Any, live_server: Any
) -> None:
    """French puts a no-break space before a colon: "dealer : …" kept the engine's field
    name, in English, at the head of the sentence."""
    club = make_club()
    table = table_create(club=club, name="T", variant="louisiana", players=["ana", "ben", "cy"])
    phone = _signed_in_phone(browser, live_server, club, "fr")
    try:
        phone.goto(f"{live_server.url}/app/tables/{table.id}/")
        phone.uncheck("input[name=seated][value=cy]")
        phone.check("input[name=dealer][value=cy]")  # the dealer sits out: refused
        phone.click(".trump-picker label:has(input[value='7S'])")
        phone.click("form[data-step='start the deal'] button[type=submit]")
        error = phone.locator("form[data-step='start the deal'] .error")
        error.wait_for()
        assert error.inner_text() == "cy ne joue pas cette donne"
        assert _in_view(phone, "form[data-step='start the deal'] .error")
    finally:
        phone.context.close()


def test_comtadine_offers_no_pass_to_the_player_on_lead(page: Any, live_server: Any) -> None:
    """ "p2 cannot climb: pass" was offered to the leader, whose hand is not logged: there is
    nothing to climb, the rules want a card led, and the tap was refused."""
    club = make_club()
    table = table_create(club=club, name="C", variant="comtadine", players=["p1", "p2", "p3"])
    events = [{"deal": {"dealer": "p1"}}]
    table_events_append(
        table_id=table.id, club=club, expected_version=1, commands=commands_parse(events)
    )
    sign_in(page, live_server.url, make_member(club, "scorekeeper"))
    page.goto(f"{live_server.url}/app/tables/{table.id}/")
    assert page.locator("section.step h2").last.inner_text() == "p2 leads"
    assert page.locator("form[data-step=pass]").count() == 0
    before = page.get_attribute("#table", "data-version")
    page.click("form[data-step=play] button[value='AH']")
    page.wait_for_selector(f'#table:not([data-version="{before}"])')
    assert page.locator("form[data-step=pass] button").inner_text() == "p3 cannot climb: pass"


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "No table can be followed with the code ZZZZZZ"),
        ("fr", "Aucune table ne peut être suivie avec le code ZZZZZZ"),
        ("uk", "Жоден стіл не можна переглядати за кодом ZZZZZZ"),
    ],
)
def test_a_mistyped_code_says_so_and_offers_the_box_again(
    browser: Any, live_server: Any, language: str, words: str
) -> None:
    """A player who mistyped the code read "This link has ended: ask the scorekeeper for a
    new link", and had to tap back to the box: now the box is there with what was typed."""
    phone = _phone(browser, language)
    try:
        phone.goto(f"{live_server.url}/join")
        phone.fill("input[name=code]", "zzzzzz")
        phone.click(".join form button[type=submit]")
        phone.wait_for_url("**/join?code=*")
        error = phone.locator(".join .error#code-error")
        assert error.inner_text().startswith(words)
        assert phone.input_value("input[name=code]") == "ZZZZZZ"
        assert phone.get_attribute("input[name=code]", "aria-invalid") == "true"
    finally:
        phone.context.close()


def test_on_a_phone_a_short_table_name_is_still_a_44_px_target(page: Any, live_server: Any) -> None:
    """Tables are often named by their number: "3" was a link 10 px wide in the list."""
    club = make_club()
    table_create(club=club, name="3", variant="louisiana", players=["ana", "ben", "cy"])
    page.set_viewport_size(PHONE)
    sign_in(page, live_server.url, make_member(club, "scorekeeper"))
    box = page.locator("table.list a.tap").bounding_box()
    assert box["width"] >= 44, box
    assert box["height"] >= 44, box


@pytest.mark.parametrize("viewport", [PHONE, TABLET], ids=["390", "768"])
def test_the_header_and_the_table_s_links_are_44_px_targets(
    page: Any, live_server: Any, viewport: dict[str, int]
) -> None:
    """On a phone "API" in the header (33 px) and "Audit" under the table's name (42 px)
    were narrower than a fingertip; on a tablet every one of them was 41 px high."""
    club = make_club()
    table = _night(club)
    page.set_viewport_size(viewport)
    sign_in(page, live_server.url, make_member(club, "scorekeeper"))
    page.goto(f"{live_server.url}/app/tables/{table.id}/")
    links = page.locator(".bar nav a, nav.sub a")
    assert links.count() >= 8
    for i in range(links.count()):
        box = links.nth(i).bounding_box()
        assert box["width"] >= 44, (links.nth(i).inner_text(), box)
        assert box["height"] >= 44, (links.nth(i).inner_text(), box)


def test_on_a_phone_a_step_left_unsent_is_said_in_view(page: Any, live_server: Any) -> None:
    """The connection drops as the scorekeeper taps a card near the foot of the picker: the
    "not sent" box, with Send again, appeared far above, out of sight."""
    club = make_club()
    table, transcript = case_table(club, "louisiana-01-hidden-renege", "T")
    deal = transcript["deals"][0]
    events = [{"deal": {"dealer": deal["dealer"], "trump": deal["trump"]}}, *deal["actions"][:4]]
    table_events_append(
        table_id=table.id, club=club, expected_version=1, commands=commands_parse(events)
    )
    page.set_viewport_size(PHONE)
    sign_in(page, live_server.url, make_member(club, "scorekeeper"))
    page.goto(f"{live_server.url}/app/tables/{table.id}/")
    card = page.locator("form[data-step=play] button[value='2C']")
    card.evaluate("e => e.scrollIntoView({block: 'end'})")
    page.context.set_offline(True)
    card.click()
    page.locator("#queue li").filter(has_text="not sent").wait_for()
    page.wait_for_function(
        "() => { const b = document.querySelector('#queue li').getBoundingClientRect();"
        " return b.top >= 0 && b.bottom <= innerHeight; }",
        timeout=3_000,
    )
    page.context.set_offline(False)


def test_the_ruling_page_names_a_player_who_joined(page: Any, live_server: Any) -> None:
    """Its first line named the players the table was created with: eve, who joined and
    played, was missing."""
    club = make_club()
    table = _night(club)
    sign_in(page, live_server.url, make_member(club, "auditor"))
    page.goto(f"{live_server.url}/app/tables/{table.id}/ruling")
    assert "ana, ben, cy, dee, eve" in page.locator("main > p").first.inner_text()


def test_an_occitan_deal_shows_its_result_on_top(page: Any, live_server: Any) -> None:
    """Occitan shares the pot by tricks: its settled deal had no result banner at all (the
    sharing was missing from the kinds of result), unlike every other variant's."""
    club = make_club()
    table, transcript = case_table(club, "occitan-01-share", "Occ")
    deal = transcript["deals"][0]
    events = [{"deal": {"dealer": deal["dealer"]}}, *deal["actions"]]
    table_events_append(
        table_id=table.id, club=club, expected_version=1, commands=commands_parse(events)
    )
    sign_in(page, live_server.url, make_member(club, "scorekeeper"))
    page.goto(f"{live_server.url}/app/tables/{table.id}/")
    result = page.locator("section.result")
    assert result.locator("h2").inner_text() == "Deal 1: the result"
    assert result.locator("li").all_inner_texts() == ["the pot is shared: p2 1, p3 0, p1 0"]


@pytest.mark.parametrize(("language", "dead"), [("en", "dead trick"), ("fr", "pli mort")])
def test_a_dead_comtadine_trick_is_said_in_words_not_none(
    browser: Any, live_server: Any, language: str, dead: str
) -> None:
    """A single-card comtadine trick is dead: the tricks listed it as "p2 A♥ → None"."""
    club = make_club()
    table = table_create(club=club, name="C", variant="comtadine", players=["p1", "p2", "p3"])
    events = [
        {"deal": {"dealer": "p1"}},
        {"player": "p2", "play": "AH"},
        {"player": "p3", "pass_turn": True},
        {"player": "p1", "pass_turn": True},
    ]
    table_events_append(
        table_id=table.id, club=club, expected_version=1, commands=commands_parse(events)
    )
    phone = _signed_in_phone(browser, live_server, club, language)
    try:
        for path in (f"/app/tables/{table.id}/", f"/app/tables/{table.id}/ruling"):
            phone.goto(f"{live_server.url}{path}")
            tricks = phone.locator(".tricks li, section.deal h3 + ol > li").all_inner_texts()
            assert tricks == [f"p2 A♥ → {dead}"], (path, tricks)
    finally:
        phone.context.close()


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("fr", "la donne 1 est en cours\u00a0: on ne peut pas clore la séance pendant une donne"),
        ("uk", "роздача 1 триває: гру не можна закрити посеред роздачі"),
    ],
)
def test_why_the_table_cannot_close_is_said_in_the_page_s_language(
    browser: Any, live_server: Any, language: str, words: str
) -> None:
    """Closing during a deal: a French page read "La table ne peut pas fermer maintenant :
    deal 1 is in progress: a sitting cannot be closed during a deal"."""
    club = make_club()
    table = table_create(club=club, name="T", variant="louisiana", players=["ana", "ben", "cy"])
    events = [{"deal": {"dealer": "cy", "trump": "7S"}}]
    table_events_append(
        table_id=table.id, club=club, expected_version=1, commands=commands_parse(events)
    )
    phone = _signed_in_phone(browser, live_server, club, language)
    try:
        phone.goto(f"{live_server.url}/app/tables/{table.id}/close")
        said = phone.locator("p.error").inner_text()
        assert words in said, said
        assert "in progress" not in said
    finally:
        phone.context.close()


@pytest.mark.parametrize("language", ["fr", "uk"])
def test_on_a_phone_a_seat_s_status_is_said_whole(
    browser: Any, live_server: Any, language: str
) -> None:
    """The seat strip cut each status to one line: "à son t…" for "à son tour · joue",
    "вийшо…" for a player who left. A name may be cut (the seat is still told by it); the
    status, what the scorekeeper needs at a glance, wraps instead."""
    club = make_club()
    players = ["ana", "ben", "cy", "dee"]
    table = table_create(club=club, name="S", variant="louisiana", players=players)
    events = [
        {"deal": {"dealer": "dee", "trump": "7S"}},
        *({"player": p, "declare": "play"} for p in players),
        *({"player": p, "exchange": 0} for p in players),
    ]
    table_events_append(
        table_id=table.id, club=club, expected_version=1, commands=commands_parse(events)
    )
    phone = _signed_in_phone(browser, live_server, club, language)
    try:
        phone.goto(f"{live_server.url}/app/tables/{table.id}/")
        statuses = phone.locator(".seat .status")
        assert statuses.count() == len(players)
        cut = statuses.evaluate_all(
            "els => els.filter(e => e.scrollWidth > e.clientWidth).map(e => e.innerText)"
        )
        assert cut == []
        assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    finally:
        phone.context.close()
