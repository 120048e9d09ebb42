"""One local CA per user, installed once (docs/tls.md, "Where the CA lives"): every data folder
and `try` of a user issue their certificate from the CA in the user's CA folder, so a phone
trusts a new checkout, data folder or container volume without installing anything again.
Each test gives the server a HOME and XDG_DATA_HOME of its own: never the real home's CA."""
import glob
import os
import ssl
import http.client
import subprocess

from conftest import BINARY, ROOT, Server


def openssl(*args):
    return subprocess.run(["openssl", *args], capture_output=True, text=True)


def fingerprint(pem):
    return openssl("x509", "-in", pem, "-noout", "-fingerprint", "-sha256").stdout.strip()


def user_environment(tmp_path, xdg=True):
    """A user's shell: a HOME (and an XDG_DATA_HOME) of the test's own, no PROBE_CA_DIR."""
    env = {"HOME": str(tmp_path / "home")}
    os.makedirs(env["HOME"], exist_ok=True)
    env["XDG_DATA_HOME"] = str(tmp_path / "xdg") if xdg else ""
    return env


def ca(tmp_path, *args, env):
    full = {k: v for k, v in os.environ.items() if k not in ("PROBE_CA_DIR", "XDG_DATA_HOME")}
    full.update({k: v for k, v in env.items() if v})
    return subprocess.run([BINARY, "ca", *args], cwd=str(tmp_path), env=full, capture_output=True, timeout=60)


def get(server, cafile):
    context = ssl.create_default_context(cafile=cafile)
    connection = http.client.HTTPSConnection("localhost", server.port, context=context, timeout=10)
    connection.request("GET", "/api/health")
    return connection.getresponse().status


def data_folder(tmp_path, name="data"):
    """A data folder as `serve` wants it: the user's own, owner-only."""
    path = tmp_path / name
    path.mkdir(mode=0o700, exist_ok=True)
    return str(path)


def fits_80_columns(text):
    """Every line within 80 columns, but for a file path on a line of its own (never broken)."""
    return all(len(line) <= 80 or line.strip().startswith("/") and " " not in line.strip() for line in text.splitlines())


def private_keys(folder):
    """Every ca-key.pem under `folder`, hidden folders (`.local`) included."""
    return sorted(os.path.join(d, "ca-key.pem") for d, _, files in os.walk(str(folder)) if "ca-key.pem" in files)


def test_two_data_folders_of_one_user_share_one_ca_whose_key_stays_in_the_users_ca_folder(tmp_path):
    env = user_environment(tmp_path)
    folder = tmp_path / "xdg" / "probe-server" / "ca"
    first = Server(data_dir=data_folder(tmp_path, "checkout-a"), ca_dir="", env=env)
    try:
        second = Server(data_dir=data_folder(tmp_path, "checkout-b"), ca_dir="", env=env)
        try:
            assert fingerprint(first.ca) == fingerprint(second.ca) == fingerprint(str(folder / "ca.pem"))
            assert private_keys(tmp_path) == [str(folder / "ca-key.pem")]
            assert os.stat(folder / "ca-key.pem").st_mode & 0o777 == 0o600
            # A device that installed the CA from the first server trusts the second.
            assert get(second, first.ca) == 200
        finally:
            second.stop()
    finally:
        first.stop()


def test_without_xdg_data_home_the_ca_lives_under_home_local_share(tmp_path):
    env = user_environment(tmp_path, xdg=False)
    server = Server(data_dir=data_folder(tmp_path), ca_dir="", env=env)
    try:
        folder = tmp_path / "home" / ".local" / "share" / "probe-server" / "ca"
        assert private_keys(tmp_path) == [str(folder / "ca-key.pem")]
        assert fingerprint(server.ca) == fingerprint(str(folder / "ca.pem"))
    finally:
        server.stop()


def test_without_home_serve_says_what_to_set(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("HOME", "XDG_DATA_HOME", "PROBE_CA_DIR")}
    proc = subprocess.run([BINARY, "serve", "--port", "0", "--second-port", "off", "--setup-port", "off",
                           "--data-dir", str(tmp_path / "data")], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 73, proc.stderr
    assert "HOME is not set" in proc.stderr and "PROBE_CA_DIR" in proc.stderr and "--ca-dir" in proc.stderr, proc.stderr
    assert private_keys(tmp_path) == []


def test_a_data_folder_with_its_own_ca_starts_without_home(tmp_path):
    data = data_folder(tmp_path)
    Server(data_dir=data, ca_dir=data).stop()
    # An empty HOME is no HOME: there is no user CA folder to find, and none is needed.
    server = Server(data_dir=data, ca_dir="", env={"HOME": "", "XDG_DATA_HOME": ""})
    try:
        assert get(server, server.ca) == 200
    finally:
        server.stop()


def test_ca_show_and_export_print_the_users_ca_within_80_columns(tmp_path):
    env = user_environment(tmp_path)
    none = ca(tmp_path, "show", env=env)
    assert none.returncode == 66 and b"no CA" in none.stderr, none.stderr
    server = Server(data_dir=data_folder(tmp_path), ca_dir="", env=env)
    server.stop()
    shown = ca(tmp_path, env=env)
    assert shown.returncode == 0, shown.stderr
    text = shown.stdout.decode()
    assert fits_80_columns(text), text
    folder = tmp_path / "xdg" / "probe-server" / "ca"
    assert str(folder / "ca.pem") in text
    assert "probe-server local CA" in text and "expires:" in text and "DNS:" not in text
    assert "localhost" in text and "192.168.0.0/16" in text, text
    # The fingerprint, as `openssl x509 -fingerprint -sha256` prints it, in two lines of 16 bytes.
    lines = text.splitlines()
    at = next(n for n, line in enumerate(lines) if line.startswith("SHA-256:"))
    assert lines[at].split()[1] + ":" + lines[at + 1].strip() == fingerprint(server.ca).split("=")[1], text

    exported = ca(tmp_path, "export", env=env)
    assert exported.returncode == 0 and exported.stdout == open(folder / "ca.pem", "rb").read()
    der = tmp_path / "probe-ca.cer"
    written = ca(tmp_path, "export", str(der), "--der", env=env)
    assert written.returncode == 0, written.stderr
    converted = subprocess.run(["openssl", "x509", "-in", str(folder / "ca.pem"), "-outform", "DER"], capture_output=True)
    assert der.read_bytes() == converted.stdout
    assert b"PRIVATE KEY" not in exported.stdout + der.read_bytes()


def test_ca_rotate_keeps_the_old_certificate_and_every_data_folder_gets_a_leaf_of_the_new_ca(tmp_path):
    env = user_environment(tmp_path)
    data = data_folder(tmp_path)
    Server(data_dir=data, ca_dir="", env=env).stop()
    folder = tmp_path / "xdg" / "probe-server" / "ca"
    before = fingerprint(str(folder / "ca.pem"))
    rotated = ca(tmp_path, "rotate", env=env)
    assert rotated.returncode == 0, rotated.stderr
    said = rotated.stdout.decode()
    assert fits_80_columns(said), said
    assert "Every device must install the new CA" in said and "reissued" in said, said
    old = glob.glob(str(folder / "ca-old-*.pem"))
    assert len(old) == 1 and fingerprint(old[0]) == before
    assert fingerprint(str(folder / "ca.pem")) != before
    assert private_keys(tmp_path) == [str(folder / "ca-key.pem")]
    server = Server(data_dir=data, ca_dir="", env=env)
    try:
        assert fingerprint(server.ca) == fingerprint(str(folder / "ca.pem"))
        assert openssl("verify", "-CAfile", str(folder / "ca.pem"), os.path.join(data, "cert.pem")).returncode == 0
        assert get(server, str(folder / "ca.pem")) == 200
    finally:
        server.stop()


def test_a_data_folder_with_its_own_ca_keeps_it_says_so_and_ca_adopt_makes_it_the_users(tmp_path):
    env = user_environment(tmp_path)
    data = data_folder(tmp_path)
    # What an older version left: the CA and its key in the data folder itself.
    Server(data_dir=data, ca_dir=data, env=env).stop()
    own = fingerprint(os.path.join(data, "ca.pem"))
    server = Server(data_dir=data, ca_dir="", env=env, log_level=None)
    try:
        assert fingerprint(server.ca) == own
        err = open(server.err_path).read()
        assert err.count("keeps its own CA") == 1 and f"probe-server ca adopt --data-dir {data}" in err, err
        assert private_keys(tmp_path) == [os.path.join(data, "ca-key.pem")], "a second CA was made beside it"
    finally:
        server.stop()
    adopted = ca(tmp_path, "adopt", "--data-dir", data, env=env)
    assert adopted.returncode == 0, adopted.stderr
    folder = tmp_path / "xdg" / "probe-server" / "ca"
    assert private_keys(tmp_path) == [str(folder / "ca-key.pem")]
    server = Server(data_dir=data, ca_dir="", env=env, log_level=None)
    try:
        assert fingerprint(server.ca) == own, "devices that trust the data folder's CA must keep trusting it"
        assert "keeps its own CA" not in open(server.err_path).read()
    finally:
        server.stop()
