"""camera.frames over cameras that are not live: Chromium's fake capture plays a file
(--use-file-for-fake-video-capture, a YUV4MPEG2 clip it loops), so a frozen picture, and dark
exposure frames before it, come through the real capture, video element and canvas."""
import pathlib

from conftest import launch_chromium, open_page, wait_finished

WIDTH, HEIGHT, RATE = 320, 240, 30


def frame(y_of):
    """One 4:2:0 frame: luma from y_of(x, y) in video range (16 is black), neutral chroma."""
    luma = bytes(y_of(x, y) for y in range(HEIGHT) for x in range(WIDTH))
    chroma = bytes([128]) * (WIDTH // 2 * HEIGHT // 2)
    return b"FRAME\n" + luma + chroma + chroma


def write_clip(path, frames):
    # The YUV4MPEG2 header Chromium's file capture reads: size, rate, progressive, 4:2:0.
    with open(path, "wb") as f:
        f.write(f"YUV4MPEG2 W{WIDTH} H{HEIGHT} F{RATE}:1 Ip A1:1 C420jpeg\n".encode())
        for fr in frames:
            f.write(fr)


DARK = frame(lambda x, y: 16)
# A still, lit picture: a diagonal ramp, so a scaled-down sample is not one flat colour.
STILL = frame(lambda x, y: 40 + (x + y) % 180)


def frames_from_clip(playwright, server, tmp_path, clip):
    path = pathlib.Path(tmp_path) / "camera.y4m"
    write_clip(path, clip)
    browser = launch_chromium(playwright, f"--use-file-for-fake-video-capture={path}")
    try:
        _, page = open_page(browser, server.base + "/?mode=unattended&probes=camera.getUserMedia,camera.frames")
        end = wait_finished(page)
        return server.stored_results(end["run"])["camera.frames"]
    finally:
        browser.close()


def test_a_camera_that_shows_one_picture_reads_as_frozen(playwright, server, tmp_path):
    result = frames_from_clip(playwright, server, tmp_path, [STILL] * RATE)
    observed = result["observed"]
    assert observed["frozen"] is True and observed["black"] is False, observed
    assert result["status"] == "fail"


def test_a_camera_that_freezes_after_its_dark_exposure_frames_reads_as_frozen(playwright, server, tmp_path):
    # Two thirds of a second dark, as a camera settling its exposure, then one picture for two
    # seconds (the file loops after): the dark samples say nothing of motion.
    result = frames_from_clip(playwright, server, tmp_path, [DARK] * 20 + [STILL] * 2 * RATE)
    observed = result["observed"]
    assert observed["frozen"] is True and observed["black"] is False, observed
    assert observed["sampledMs"] >= 900, observed  # never decided early: no two lit pictures
    assert result["status"] == "fail"


def test_a_camera_that_stays_dark_reads_as_black(playwright, server, tmp_path):
    result = frames_from_clip(playwright, server, tmp_path, [DARK] * RATE)
    observed = result["observed"]
    assert observed["black"] is True, observed
    assert result["status"] == "fail"
