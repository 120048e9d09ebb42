"""A picked photo shows as a thumbnail beside its step's result: real file choosers in
Chromium, the real server taking the upload."""
import struct
import zlib

from conftest import open_page, start, wait_finished


def png(width=8, height=8):
    """A real, decodable PNG: red pixels, 8-bit RGB (https://www.w3.org/TR/png-3/)."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    rows = b"".join(b"\x00" + b"\xff\x00\x00" * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


# An ISO BMFF file with the HEIC brand and no picture: Chromium has no HEIC decoder either way.
HEIC = b"\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic" + bytes(2000)


def decoded(page, selector):
    """Waits for the image to finish loading; True when it decoded."""
    for _ in range(100):
        state = page.eval_on_selector(selector, "i => i.complete ? i.naturalWidth : -1")
        if state >= 0:
            return state > 0
        page.wait_for_timeout(50)
    return False


REVOKED = """(src) => new Promise((resolve) => {
  const probe = new Image();
  probe.onload = () => resolve(false);
  probe.onerror = () => resolve(true);
  probe.src = src;
})"""


def held_uploads(page):
    """Holds each upload until the test lets it go: the step stays open while the test looks
    at the dock (the real request goes on to the real server afterwards)."""
    held = []
    page.route("**/probe/upload", lambda route: held.append(route))
    return held


def release(page, held):
    for _ in range(100):
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the page sent no upload"
    held.pop().continue_()


def test_a_picked_photo_shows_as_a_thumbnail_and_heic_the_engine_cannot_show_as_a_named_placeholder(server, browser):
    photo = png()
    context, page = open_page(browser, server.base + "/?probes=file.accept,file.heic")
    try:
        held = held_uploads(page)
        start(page)
        page.wait_for_selector("#tap-file-accept")
        with page.expect_file_chooser() as chooser:
            page.click("#tap-file-accept")
        chooser.value.set_files(files=[{"name": "photo.png", "mimeType": "image/png", "buffer": photo}])
        # While the step uploads: beside its question in the dock, decoded, small, named.
        thumb = "#thumb-file-accept"
        page.wait_for_selector("#stage " + thumb)
        assert decoded(page, thumb), "the thumbnail did not decode (the CSP's img-src must allow blob:)"
        src = page.get_attribute(thumb, "src")
        assert src.startswith("blob:")
        assert page.get_attribute(thumb, "alt") == f"PNG image, {len(photo)} B"
        box, dock = page.locator(thumb).bounding_box(), page.locator("#dock").bounding_box()
        assert 0 < box["width"] <= 96 and 0 < box["height"] <= 96, box
        assert box["y"] >= dock["y"] and box["y"] + box["height"] <= dock["y"] + dock["height"], "the thumbnail is not in the dock"
        assert page.eval_on_selector(thumb, "i => getComputedStyle(i).objectFit") == "cover"
        release(page, held)

        # The step ended (the next one asks): the picture moved beside the step's result, its
        # object URL let go.
        page.wait_for_selector("#tap-file-heic")
        assert page.locator("#step-file-accept " + thumb).count() == 1
        assert page.eval_on_selector("#step-file-accept", "li => li.lastChild.textContent").startswith("pass")
        assert page.evaluate(REVOKED, src) is True, "the object URL outlived its step"
        assert page.eval_on_selector(thumb, "i => i.naturalWidth") > 0 and page.is_visible(thumb)

        with page.expect_file_chooser() as chooser:
            page.click("#tap-file-heic")
        chooser.value.set_files(files=[{"name": "IMG_0001.HEIC", "mimeType": "image/heic", "buffer": HEIC}])
        placeholder = page.wait_for_selector("#stage #thumb-file-heic.thumb-none")
        assert placeholder.inner_text() == f"HEIC image, {len(HEIC) / 1000:.1f} kB: no preview in this browser"
        assert page.locator("img#thumb-file-heic").count() == 0, "a broken image is left"
        assert placeholder.bounding_box()["width"] <= 96
        release(page, held)
        end = wait_finished(page)
        assert page.locator("#step-file-heic #thumb-file-heic").count() == 1
        assert page.errors == []
        stored = server.stored_results(end["run"])
        assert stored["file.accept"]["observed"]["hashMatch"] is True
        assert stored["file.heic"]["observed"]["sniffedFormat"] == "heic"
    finally:
        context.close()


def test_a_photo_from_the_capture_step_shows_one_thumbnail_per_camera(server, browser):
    photo = png(16, 12)
    context, page = open_page(browser, server.base + "/?probes=file.capture")
    try:
        start(page)
        page.wait_for_selector("#tap-file-capture-environment")
        with page.expect_file_chooser() as chooser:
            page.click("#tap-file-capture-environment")
        chooser.value.set_files(files=[{"name": "back.png", "mimeType": "image/png", "buffer": photo}])
        page.wait_for_selector("#stage #thumb-file-capture-environment")
        page.set_input_files("#input-file-capture-user", files=[{"name": "front.png", "mimeType": "image/png", "buffer": photo}])
        page.wait_for_selector("#thumb-file-capture-user")
        assert page.locator("#stage .thumb").count() == 2
        assert decoded(page, "#thumb-file-capture-user")
        page.click("#answer-file-capture-yes")
        wait_finished(page)
        assert page.locator("#step-file-capture .thumb").count() == 2 and page.locator("#stage .thumb").count() == 0
        assert page.errors == []
    finally:
        context.close()
