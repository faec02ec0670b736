"""The page follows its address from the first moment: a hash changed while the page is still
starting (a link followed, the address edited, a test's second `goto`) must not be lost."""

from __future__ import annotations

from playwright.sync_api import Browser, expect


def test_a_hash_changed_before_the_page_listens_is_followed(browser: Browser, server: str) -> None:
    context = browser.new_context()
    # The app's module script draws the first route before DOMContentLoaded; the route's listener is
    # attached by an effect, after the first frame. Changing the hash in between used to be missed.
    context.add_init_script("""document.addEventListener('DOMContentLoaded', () => {
        location.hash = '#/tools/trickerion/tricks'
    })""")
    page = context.new_page()
    page.goto(f"{server}/#/tools")
    expect(page.locator("#trick-reference")).to_be_attached()
    context.close()
