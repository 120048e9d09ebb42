"""`serve --cert/--key` with a certificate the team already has (docs/tls.md, "Your own
certificate"): a client that trusts only the team's CA completes the handshake and gets the
page, the server makes no CA of its own anywhere, and a key that is not the certificate's is
refused at start naming both files. The team CA and its leaf are made with the openssl CLI."""
import http.client
import os
import ssl
import subprocess

from conftest import BINARY, ROOT, Server, free_port


def openssl(*args):
    made = subprocess.run(["openssl", *args], capture_output=True, text=True)
    assert made.returncode == 0, made.stderr
    return made


def team_ca_and_leaf(folder):
    """A team CA and a leaf it signed for localhost and 127.0.0.1, as a team's own PKI issues them."""
    ca, ca_key = str(folder / "team-ca.pem"), str(folder / "team-ca-key.pem")
    leaf, leaf_key = str(folder / "leaf.pem"), str(folder / "leaf-key.pem")
    openssl("req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", ca_key,
            "-out", ca, "-days", "30", "-subj", "/CN=Example Team CA",
            "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign")
    openssl("req", "-new", "-CA", ca, "-CAkey", ca_key, "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256",
            "-nodes", "-keyout", leaf_key, "-out", leaf, "-days", "30", "-subj", "/CN=localhost",
            "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1", "-addext", "extendedKeyUsage=serverAuth",
            "-addext", "basicConstraints=critical,CA:FALSE")
    return ca, leaf, leaf_key


def files_named(folder, name):
    return [os.path.join(d, f) for d, _, files in os.walk(str(folder)) for f in files if f == name]


def test_a_client_trusting_only_the_team_ca_gets_the_page_and_the_server_makes_no_ca(tmp_path):
    team_ca, leaf, leaf_key = team_ca_and_leaf(tmp_path)
    home = tmp_path / "home"
    home.mkdir()
    (tmp_path / "data").mkdir(mode=0o700)
    server = Server("--cert", leaf, "--key", leaf_key, data_dir=str(tmp_path / "data"), ca_dir="",
                    env={"HOME": str(home), "XDG_DATA_HOME": str(tmp_path / "xdg")})
    try:
        # Only the team CA: not the system store, not a probe-server CA.
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
        context.load_verify_locations(cafile=team_ca)
        for host in ["localhost", "127.0.0.1"]:
            connection = http.client.HTTPSConnection(host, server.port, context=context, timeout=10)
            connection.request("GET", "/")
            response = connection.getresponse()
            assert response.status == 200
            assert b"<html" in response.read().lower()
        assert files_named(tmp_path, "ca-key.pem") == [], "the server made a CA of its own"
        assert not os.path.exists(tmp_path / "data" / "ca.pem")
        assert not os.path.exists(tmp_path / "xdg") and os.listdir(home) == []
    finally:
        server.stop()


def test_a_key_that_is_not_the_certificates_is_refused_at_start_naming_both_files(tmp_path):
    _, leaf, _ = team_ca_and_leaf(tmp_path)
    other_key = str(tmp_path / "other-key.pem")
    openssl("genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", other_key)
    env = dict(os.environ, HOME=str(tmp_path / "home"), PROBE_CA_DIR=str(tmp_path / "ca"))
    proc = subprocess.run([BINARY, "serve", "--port", str(free_port()), "--second-port", "off", "--setup-port", "off",
                           "--data-dir", str(tmp_path / "data"), "--cert", leaf, "--key", other_key],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 73, proc.stderr
    assert leaf in proc.stderr and other_key in proc.stderr and "does not match" in proc.stderr, proc.stderr
    assert files_named(tmp_path, "ca-key.pem") == []
