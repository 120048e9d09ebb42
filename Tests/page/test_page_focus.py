"""Where focus goes when the page stops: on the way out the error offers, so a keyboard or
screen-reader user is not left on a button that is gone."""
from conftest import open_page


def focused(page):
    return page.evaluate("() => document.activeElement && document.activeElement.id")


def test_an_unknown_run_says_so_and_focuses_the_way_to_a_new_run(server, browser):
    context, page = open_page(browser, server.base + "/?run=no-such-run-here&key=0")
    try:
        page.wait_for_selector("#fatal-action")
        assert "is not on this server" in page.inner_text("#action [role=alert]")
        assert page.inner_text("#fatal-action") == "Start a new run"
        assert focused(page) == "fatal-action"
        assert page.evaluate("() => scrollY") == 0
        page.click("#fatal-action")
        page.wait_for_selector("#start-run")
        assert focused(page) == "start-run"
    finally:
        context.close()
