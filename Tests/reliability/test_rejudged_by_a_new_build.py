"""A stored judgement is as current as the build that reads it: the judgement key holds the
running executable's hash (BuildIdentity), so a build whose judging code changed, even with
the catalog's export and the version string unchanged, judges each stored run once more on its
first read, and the same build keeps what it judged across restarts."""
import re
import shutil

from support import Server, SERVER_BINARY, result


def auth(server):
    return {"Authorization": "Bearer " + server.token()}


def judged_bytes(server):
    _, _, data, _ = server.request("GET", "/metrics", headers=auth(server))
    m = re.search(rb"^probe_judged_observation_bytes_total (\d+)", data, re.M)
    assert m, "the metric of observation bytes judged is missing"
    return int(m.group(1))


def read_report(server, run):
    status, _, data, _ = server.request("GET", f"/api/runs/{run}/report.json", headers=auth(server), timeout=60)
    assert status == 200, (status, data[:300])


def test_ANewBuild_JudgesEachStoredRunOnceMore_TheSameBuildKeepsItsJudgement(tmp_path):
    data = str(tmp_path / "data")
    with Server(data_dir=data) as server:
        run = server.create_run()
        status, _, body, _ = server.request("POST", server.results_path(run), {"results": [result(run)]})
        assert status == 200, body
        assert server.request("POST", f"/api/runs/{run}/complete?key={server.keys[run]}", {})[0] == 200
        read_report(server, run)

    # The same build, restarted: the stored judgement is read back, nothing is parsed.
    with Server(data_dir=data) as server:
        read_report(server, run)
        assert judged_bytes(server) == 0, "the same build judged a stored run again"

    # Another build: the same code with other bytes, as an evaluator-only change makes.
    other = str(tmp_path / "probe-server-next")
    shutil.copy2(SERVER_BINARY, other)
    with open(other, "ab") as f:
        f.write(b"\0another build\0")
    with Server(data_dir=data, binary=other) as server:
        read_report(server, run)
        first = judged_bytes(server)
        assert first > 0, "a new build served the old build's judgement as current"
        read_report(server, run)
        assert judged_bytes(server) == first, "judged more than once by the same build"
