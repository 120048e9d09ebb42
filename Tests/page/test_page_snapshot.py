"""The camera preview's first frame as evidence: the page sends it as an upload of
camera.frames, and the run's report shows it inline; ?snapshot=off sends none."""
import base64
import os
import ssl
import urllib.request

from conftest import open_page, wait_finished

UNVERIFIED = ssl._create_unverified_context()
PROBES = "env.platform,camera.api,camera.devices,camera.getUserMedia,camera.frames"


def report_html(server, run):
    token = open(os.path.join(server.data, "token")).read().strip()
    request = urllib.request.Request(server.base + "/runs/" + run, headers={"Authorization": "Bearer " + token})
    with urllib.request.urlopen(request, context=UNVERIFIED, timeout=20) as r:
        return r.read().decode()


def snapshots(html):
    marker = '<figure class="snapshot"><img src="data:image/jpeg;base64,'
    return [part.split('"', 1)[0] for part in html.split(marker)[1:]]


def test_the_report_shows_the_camera_previews_first_frame(server, browser):
    context, page = open_page(browser, server.base + f"/?mode=unattended&probes={PROBES}", camera=True)
    try:
        end = wait_finished(page)
        frames = server.stored_results(end["run"])["camera.frames"]["observed"]
        assert frames["snapshot"] == "sent", frames
        shown = snapshots(report_html(server, end["run"]))
        assert len(shown) == 1, "one snapshot, shown inline"
        jpeg = base64.b64decode(shown[0])
        assert jpeg[:3] == b"\xff\xd8\xff", "a JPEG, as the server sniffed it"
        # At most 320 pixels wide: the SOF0 marker's width field.
        sof = jpeg.find(b"\xff\xc0")
        assert sof > 0 and int.from_bytes(jpeg[sof + 7:sof + 9], "big") <= 320
    finally:
        context.close()


def test_snapshot_off_sends_no_frame(server, browser):
    context, page = open_page(browser, server.base + f"/?mode=unattended&snapshot=off&probes={PROBES}", camera=True)
    try:
        end = wait_finished(page)
        assert server.stored_results(end["run"])["camera.frames"]["observed"]["snapshot"] == "off"
        assert snapshots(report_html(server, end["run"])) == []
    finally:
        context.close()
