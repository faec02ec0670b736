"""Nothing a player reads is cut off (TABLE.md "Seeing", "Layout"): a long list of choices fills the
decision panel's width and, where it still runs on below the panel's visible part (a phone), says so;
a card's long name wraps onto two lines of its title bar instead of running past the card's edges."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from .ui import create_table

pytestmark = pytest.mark.timeout(180)

MORE_BELOW = {"en": "More choices below", "zh_TW": "下方還有更多選擇", "es": "Más opciones abajo"}


def open_opera_budget(browser: Browser, server: str, lang: str, width: int, height: int) -> Page:
    """A 2-player Opera table at its first decision, the budget bid (OP-6.2): eleven bids, 0 to 10."""
    context = browser.new_context(viewport={"width": width, "height": height}, locale="en-US")
    page = context.new_page()
    create_table(page, server, "opera", 2, ["random"])
    page.select_option("#lang-select", lang)
    expect(page.locator("#decision button.choice")).to_have_count(11, timeout=30_000)
    return page


def hidden_choices(page: Page) -> list[str]:
    """The choices whose box is not wholly inside the decision panel's visible part."""
    return page.evaluate("""() => {
        const panel = document.querySelector('#decision').getBoundingClientRect()
        return [...document.querySelectorAll('#decision button.choice')]
          .filter((b) => {
            const r = b.getBoundingClientRect()
            return r.bottom > panel.bottom + 1 || r.top < panel.top - 1
          })
          .map((b) => b.innerText)
    }""")


def test_eleven_bids_fit_the_decision_panel_on_a_desktop(browser: Browser, server: str) -> None:
    page = open_opera_budget(browser, server, "en", 1280, 900)
    assert hidden_choices(page) == []
    expect(page.locator("#more-below")).to_have_count(0)
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "zh_TW", "es"])
def test_on_a_phone_the_panel_says_more_choices_lie_below_until_they_are_seen(browser: Browser, server: str,
                                                                               lang: str) -> None:
    page = open_opera_budget(browser, server, lang, 390, 844)
    assert hidden_choices(page), "eleven bids should not all fit a third of a phone's height"
    more = page.locator("#more-below")
    expect(more).to_be_visible()
    expect(more).to_contain_text(MORE_BELOW[lang])
    before = page.evaluate("document.querySelector('#decision').scrollTop")
    more.click()
    # functions, not expressions: the page's Content-Security-Policy forbids evaluating a string
    page.wait_for_function("before => document.querySelector('#decision').scrollTop > before", arg=before)
    page.evaluate("() => { const d = document.querySelector('#decision'); d.scrollTop = d.scrollHeight }")
    expect(more).to_have_count(0)
    page.locator("#decision button.choice").last.click()  # the last bid is reachable and playable
    last_bid = page.locator("#decision button.choice[data-move*='\"amount\":10']")
    expect(last_bid).to_have_count(0, timeout=30_000)
    page.context.close()


def test_every_trick_name_fits_its_card(page: Page, server: str) -> None:
    """Trickerion's long trick names ("Sawing the Assistant in Half", "Window to the Otherworld") stay
    inside their card's title bar, on two lines where one would not fit, and read as one name."""
    create_table(page, server, "trickerion", 2, ["random"])
    cards = page.locator("#board .trick-card")
    expect(cards.first).to_be_attached(timeout=30_000)
    overflowing = page.evaluate("""() => [...document.querySelectorAll('#board .trick-card')].flatMap((c) => {
        const card = c
        const frame = card.querySelector('rect').getBBox()
        const title = card.querySelector('.trick-title')
        const box = title.getBBox()
        const inside = box.x >= frame.x && box.x + box.width <= frame.x + frame.width
          && box.y >= frame.y && box.y + box.height <= frame.y + 30
        return inside ? [] : [title.textContent]
    })""")
    assert overflowing == []
    names = page.locator("#board .trick-card .trick-title").all_text_contents()
    assert "Sawing the Assistant in Half" in names or "Window to the Otherworld" in names, names


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_magician_name_fits_its_card(page: Page, server: str, lang: str) -> None:
    """A Magician's name ("Priestess of Mysticism", "El Gran Óptico") stays inside its card beside the
    portrait, on two lines where one would not fit (TR-4: the magicians dealt to choose from)."""
    create_table(page, server, "trickerion", 2, ["random"])
    names = page.locator(".magician-card .magician-name")
    expect(names.first).to_be_attached(timeout=30_000)
    if lang != "en":  # the cards are read once their names are the new language's (its catalog arrives later)
        english = names.all_text_contents()
        page.select_option("#lang-select", lang)
        page.wait_for_function("""english => [...document.querySelectorAll('.magician-card .magician-name')]
            .some((name, index) => name.textContent !== english[index])""", arg=english)
    overflowing = page.evaluate("""() => [...document.querySelectorAll('.magician-card')].flatMap((card) => {
        const frame = card.querySelector('rect').getBBox()
        const name = card.querySelector('.magician-name')
        const box = name.getBBox()
        const inside = box.x >= frame.x && box.x + box.width <= frame.x + frame.width - 24
          && box.y >= frame.y && box.y + box.height <= frame.y + 30
        return inside ? [] : [name.textContent]
    })""")
    assert overflowing == []


@pytest.mark.parametrize("lang", ["en", "zh_TW", "es"])
def test_a_choice_beside_a_wide_picture_keeps_its_words_readable_on_a_phone(browser: Browser, server: str,
                                                                          lang: str) -> None:
    """Trickerion's first decision offers the Magicians (TR-4) as their cards, pictures over twice as
    wide as tall: on a phone each choice's words read in lines of several words (under the card),
    never squeezed into a column a character or two wide beside it."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US")
    page = context.new_page()
    create_table(page, server, "trickerion", 3, ["random", "random"])
    page.select_option("#lang-select", lang)
    magicians = page.locator("#decision button.choice[data-move*='choose_magician']")
    expect(magicians.first).to_be_visible(timeout=30_000)
    expect(magicians.first.locator(".move-art svg")).to_be_visible()
    narrow = page.evaluate("""() => [...document.querySelectorAll('#decision button.choice .move-text')]
        .filter((words) => {
          const em = parseFloat(getComputedStyle(words).fontSize)
          return words.getBoundingClientRect().width < 5 * em
        })
        .map((words) => words.innerText)""")
    assert narrow == []
    context.close()
