"""The local CA of a real `serve`, read with the openssl CLI: constrained to local names, short
lived, and an older unconstrained CA kept but warned about at start with how to move to the
user's CA (docs/tls.md)."""
import os
import subprocess
import tempfile

from conftest import Server


def openssl(*args):
    return subprocess.run(["openssl", *args], capture_output=True, text=True)


def test_serve_makes_a_name_constrained_ca_that_refuses_a_leaf_for_a_public_site(tmp_path):
    server = Server()
    try:
        text = openssl("x509", "-in", server.ca, "-noout", "-text").stdout
        assert "X509v3 Name Constraints: critical" in text and "DNS:local" in text, text
        assert openssl("verify", "-CAfile", server.ca, os.path.join(server.data_dir, "cert.pem")).returncode == 0
        # What a thief of ca-key.pem would make: a leaf for a public site, signed with the CA's key.
        forged = str(tmp_path / "forged.pem")
        # The key is in the user's CA folder (PROBE_CA_DIR), never in the data folder.
        assert not os.path.exists(os.path.join(server.data_dir, "ca-key.pem"))
        made = openssl("req", "-new", "-CA", server.ca, "-CAkey", os.path.join(server.ca_dir, "ca-key.pem"),
                       "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", str(tmp_path / "k.pem"),
                       "-subj", "/CN=bank", "-addext", "subjectAltName=DNS:www.bank.example", "-out", forged)
        assert made.returncode == 0, made.stderr
        refused = openssl("verify", "-CAfile", server.ca, forged)
        assert refused.returncode != 0 and "permitted subtree violation" in refused.stdout + refused.stderr, refused
        # No more than 825 days.
        assert openssl("x509", "-in", server.ca, "-noout", "-checkend", str(825 * 86400)).returncode != 0
        assert "no name constraints" not in open(server.err_path).read()
    finally:
        server.stop()


def test_serve_keeps_an_unconstrained_ca_of_an_older_version_and_warns_how_to_replace_it():
    data = tempfile.mkdtemp(prefix="probe-system-")
    made = openssl("req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                   "-keyout", os.path.join(data, "ca-key.pem"), "-out", os.path.join(data, "ca.pem"), "-days", "3650",
                   "-subj", "/CN=probe-server local CA (old)",
                   "-addext", "basicConstraints=critical,CA:TRUE,pathlen:0", "-addext", "keyUsage=critical,keyCertSign,cRLSign")
    assert made.returncode == 0, made.stderr
    os.chmod(os.path.join(data, "ca-key.pem"), 0o600)
    before = open(os.path.join(data, "ca.pem")).read()
    server = Server(data_dir=data)
    try:
        err = open(server.err_path).read()
        assert "has no name constraints" in err and f"probe-server ca adopt --data-dir {data}" in err, err
        assert open(os.path.join(data, "ca.pem")).read() == before
        assert not os.path.exists(os.path.join(server.ca_dir, "ca-key.pem")), "a user CA was made beside it"
    finally:
        server.stop()
