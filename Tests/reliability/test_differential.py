"""Parser differential: requests generated with hypothesis go to our parser (through the
harness in parser-harness/) and to h11. Both accept, both reject, or both wait for more
bytes; when both accept they agree on method, target, headers, body, trailers and how many
bytes are left for the next request.

Where we differ from h11 by design, the class is named (DESIGN_DIFFERENCES), our side is
still checked (it must reject: every difference is us being stricter, as RFC 9112 lets a
server be), and only the comparison with h11 is skipped, for exactly that class.
"""
import json
import os
import re
import subprocess

import h11
import pytest
from hypothesis import HealthCheck, event, example, given, settings, strategies as st

from support import REPO, build_parser_harness

# Our header limit; h11's default (16 KiB) is lower, and a limit is not a parsing difference.
HEADER_BYTES_LIMIT = 64 * 1024
# Examples per run: ~1 s per 1,000 on one core; `explore` is for a long one-off run.
settings.register_profile("ci", max_examples=3000, derandomize=True, deadline=None, database=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.register_profile("explore", max_examples=int(os.environ.get("HYPOTHESIS_EXAMPLES", "50000")), deadline=None, database=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

# Each class where we reject and h11 accepts (or waits), with the rule that lets us.
DESIGN_DIFFERENCES = {
    "bare_lf": "a line ended by LF without CR: RFC 9112 §2.2 lets a recipient accept it; we refuse, "
               "because a proxy in front that does not is how requests get smuggled",
    "obs_fold": "a header continued on a line starting with whitespace: RFC 9112 §5.2 lets a server "
                "reject it (h11 unfolds it)",
    "leading_empty_line": "empty lines before the request line: RFC 9112 §2.2 says a server SHOULD ignore "
                          "them; we do, h11 rejects them (so here h11 is the stricter one)",
    "te_and_cl": "Content-Length together with Transfer-Encoding: RFC 9112 §6.1 lets a server reject it "
                 "as smuggling; h11 ignores Content-Length",
    "te_in_http10": "Transfer-Encoding in an HTTP/1.0 request: RFC 9112 §6.1 says its framing is faulty; "
                    "h11 reads it as chunked",
    "ctl_in_value": "a control byte (0x01-0x08, 0x0E-0x1F, 0x7F) in a header value: RFC 9110 §5.5 lets a "
                    "recipient reject it; h11 accepts every byte but NUL and whitespace",
    "chunk_ext_lenient": "whitespace before ';' of a chunk extension (RFC 9112 §7.1.1 BWS: we accept, h11 "
                         "does not), or a control byte in one (we reject, h11 accepts)",
    "chunk_size_digits": "a chunk size written with more than 15 hex digits: we refuse it before it can "
                         "overflow; h11 reads up to 20",
    "target_form": "a target that is not origin-form, absolute-form or '*' for OPTIONS, or the CONNECT "
                   "method (RFC 9112 §3.2): we route only those; h11 does not check the form",
    "version": "an HTTP version other than 1.x: we answer 505; h11 parses it",
    "higher_minor_without_host": "HTTP/1.2 to 1.9 without Host: we read it as 1.1 (RFC 9110 §6.2), which needs "
                                 "Host (RFC 9112 §3.2); h11 asks Host of 1.1 only",
    "cl_same_number_spelled_twice": "Content-Length values that differ as text but not as numbers (0 and 00): "
                                    "we take the one length they agree on (RFC 9110 §8.6 lets a recipient), h11 "
                                    "rejects them (so here h11 is the stricter one); no length is ambiguous",
    "te_empty_list_element": "an empty element in Transfer-Encoding (`chunked,`): RFC 9110 §5.6.1.2 says a "
                             "recipient MUST ignore it, so we read chunked; h11 compares the whole value to "
                             "`chunked` and rejects (so here h11 is the stricter one)",
}
# Classes where both accept and we normalise a value differently (compared after normalising).
#  - a header value with bytes that are not UTF-8 (obs-text): our headers are Strings, decoded
#    as UTF-8 with U+FFFD for invalid bytes; h11 keeps the bytes. Compared after the same decoding.
#  - HTTP/1.2 to 1.9: we read it as 1.1 (RFC 9110 §6.2); h11 reports the number sent.

TOKEN_CHARS = "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


class Harness:
    def __init__(self, path):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def parse(self, data: bytes):
        self.proc.stdin.write(b"%d\n" % len(data) + data)
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        assert line, "the parser harness died"
        out = json.loads(line)
        if out["outcome"] == "accept":
            for key in ("method", "target", "body"):
                out[key] = bytes.fromhex(out[key])
            for key in ("headers", "trailers"):
                out[key] = [(bytes.fromhex(n), bytes.fromhex(v)) for n, v in out[key]]
        return out

    def close(self):
        self.proc.stdin.close()
        self.proc.wait(timeout=10)


@pytest.fixture(scope="module")
def ours(tmp_path_factory):
    path = str(tmp_path_factory.mktemp("harness") / "parser-harness")
    build_parser_harness(path)
    h = Harness(path)
    yield h
    h.close()


def h11_parse(data: bytes):
    conn = h11.Connection(h11.SERVER, max_incomplete_event_size=HEADER_BYTES_LIMIT)
    conn.receive_data(data)
    request, body = None, b""
    try:
        while True:
            event = conn.next_event()
            if event is h11.NEED_DATA:
                return {"outcome": "incomplete"}
            if isinstance(event, h11.Request):
                request = event
            elif isinstance(event, h11.Data):
                body += event.data
            elif isinstance(event, h11.EndOfMessage):
                return {"outcome": "accept", "method": request.method, "target": request.target,
                        "version": request.http_version.decode(),
                        "headers": list(request.headers), "body": body, "trailers": list(event.headers),
                        "rest": len(conn.trailing_data[0])}
    except h11.RemoteProtocolError as e:
        return {"outcome": "reject", "message": str(e)}


# MARK: the generator

VALUE_CHARS = [c for c in range(0x21, 0x7F)]
BENDS = ["method", "target", "version", "spacing", "host", "name", "value", "content_length",
         "transfer_encoding", "te_and_cl", "chunk_size", "chunk_ext", "chunk_overrun", "trailer",
         "bare_lf", "bare_cr", "obs_fold", "leading_empty_line"]


@st.composite
def requests(draw):
    """A well-formed request, or one with a single part bent the ways parsers disagree on
    (one at a time, so that most examples get as far as the part that was bent).
    Returns (bytes, classes): the design-difference classes it falls in."""
    bend = draw(st.sampled_from([None] * len(BENDS) + BENDS))
    classes = set()

    method = draw(st.sampled_from([b"GET", b"POST", b"PUT", b"DELETE", b"HEAD", b"PATCH"])
                  | st.text(TOKEN_CHARS, min_size=1, max_size=8).map(str.encode))
    path = st.binary(max_size=10).map(lambda b: bytes(c for c in b if 0x21 <= c < 0x7F))
    target = draw(path.map(lambda b: b"/" + b) | st.sampled_from([b"/", b"/api/runs?x=1", b"http://h/x?y", b"https://h"]))
    version = draw(st.sampled_from([b"HTTP/1.1", b"HTTP/1.1", b"HTTP/1.0"]))
    space = b" "
    if bend == "method":
        method = draw(st.sampled_from([b"G@T", b"", b"GET\x00", b"CONNECT", b"G\xc3\xa9T", b"GE T"]))
    elif bend == "target":
        target = draw(st.sampled_from([b"*", b"ex.com:443", b"rel/path", b"", b"/a b", b"/\x7f", b"/\x01", b"/caf\xc3\xa9",
                                       b"HTTP://H:1?q", b"//x", b"/#frag"]))
        if target == b"*" and draw(st.booleans()):
            method = b"OPTIONS"
    elif bend == "version":
        version = draw(st.sampled_from([b"HTTP/1.2", b"HTTP/1.9", b"HTTP/2.0", b"HTTP/0.9", b"http/1.1", b"HTTP/1.",
                                        b"HTTP/11", b"HTTP/1.1 ", b"HTTP/1.01", b"HTTX/1.1"]))
    elif bend == "spacing":
        space = draw(st.sampled_from([b"  ", b"\t", b" \t"]))

    fields = []
    if version == b"HTTP/1.1" or draw(st.booleans()):
        fields.append((b"Host", b"example"))
    if bend == "host":
        if fields and draw(st.booleans()):
            fields.pop()
        else:
            fields.append((b"host", b"other"))
    value = st.lists(st.sampled_from(VALUE_CHARS) | st.sampled_from([0x20, 0x09]), max_size=10).map(bytes) \
        | st.text(max_size=5).map(str.encode)
    for _ in range(draw(st.integers(0, 4))):
        fields.append((draw(st.sampled_from([b"X-A", b"accept", b"User-Agent"]) | st.text(TOKEN_CHARS, min_size=1, max_size=6).map(str.encode)),
                       draw(value)))
    fields = [(n, v) for n, v in fields if n.lower() not in (b"content-length", b"transfer-encoding")]
    if bend == "name":
        fields.append((draw(st.sampled_from([b"", b"X A", b"X-A ", b" X", b"X\x00", b"\xc3\xa9", b"X\tA", b"(x)"])), b"1"))
    elif bend == "value":
        # Never CR LF inside it: that ends the field line there, so what follows is another
        # line or, after an empty one, the body, and the classes below (read from the fields)
        # would describe fields the head no longer holds (a Transfer-Encoding after it, in
        # HTTP/1.0, read as te_in_http10 while it was the body).
        fields.append((b"X-Bent", draw(st.binary(min_size=1, max_size=6).filter(lambda v: b"\r\n" not in v))))

    body = draw(st.binary(max_size=12))
    framing = draw(st.sampled_from(["none", "cl", "chunked"]))
    if bend in ("content_length",):
        framing = "cl"
    if bend in ("transfer_encoding", "te_and_cl", "chunk_size", "chunk_ext", "chunk_overrun", "trailer"):
        framing = "chunked"
    if framing == "none":
        body = b""
    if framing == "cl":
        cl = b"%d" % len(body)
        if bend == "content_length":
            n = len(body)
            cl = draw(st.sampled_from([b"%d, %d" % (n, n), b"%d,%d" % (n, n + 1), b"+%d" % n, b"-1", b"0x%x" % n,
                                       b"0%d" % n, b"", b"%d " % n, b"%d" % max(0, n - 1), b"%d" % (n + 3), b"1 2",
                                       b"%d," % n, b"\xd9\xa3"]))
            if draw(st.booleans()):
                fields.append((b"Content-Length", draw(st.sampled_from([b"%d" % n, b"%d" % (n + 1)]))))
        fields.append((draw(st.sampled_from([b"Content-Length", b"content-length", b"CONTENT-LENGTH"])), cl))
    if framing == "chunked":
        te = draw(st.sampled_from([b"chunked", b"Chunked", b"CHUNKED", b"chunked "]))
        if bend == "transfer_encoding":
            te = draw(st.sampled_from([b"gzip", b"gzip, chunked", b"chunked, gzip", b"chunked, chunked", b"identity",
                                       b"x chunked", b"chunked;q=1", b"xchunked", b"chunked, identity", b"\x0bchunked",
                                       b"chunked,", b",chunked"]))
            if draw(st.booleans()):
                fields.append((b"Transfer-Encoding", draw(st.sampled_from([b"chunked", b"identity", b"gzip"]))))
        fields.append((b"Transfer-Encoding", te))
        if bend == "te_and_cl":
            fields.append((b"Content-Length", draw(st.sampled_from([b"0", b"3", b"%d" % len(body)]))))
    draw(st.randoms()).shuffle(fields)

    chunk_lines = []
    payload = body
    if framing == "chunked":
        pieces, rest = [], body
        while rest:
            k = draw(st.integers(1, len(rest)))
            pieces.append(rest[:k])
            rest = rest[k:]
        wire = b""
        for p in pieces:
            size = draw(st.sampled_from([b"%x" % len(p), b"%X" % len(p), b"%0*x" % (draw(st.integers(2, 15)), len(p))]))
            ext = draw(st.sampled_from([b"", b"", b";a=b", b";a", b";a=\"q\""]))
            data = p
            if bend == "chunk_size" and draw(st.booleans()):
                size = draw(st.sampled_from([b"g", b"-1", b"0x1", b" 1", b"%0*x" % (draw(st.integers(16, 20)), len(p)),
                                             b"ffffffffffffffffffff", b"%x%s" % (len(p), b" ")]))
            if bend == "chunk_ext" and draw(st.booleans()):
                ext = draw(st.sampled_from([b" ;a", b"\t;x", b";\x01", b";\x7f", b"  ", b"x", b";a b"]))
            if bend == "chunk_overrun" and draw(st.booleans()):
                data = p + b"!"
            chunk_lines.append(size + ext)
            wire += size + ext + b"\r\n" + data + b"\r\n"
        last = draw(st.sampled_from([b"0", b"00", b"0;end"]))
        trailers = b"".join(draw(st.lists(st.sampled_from([b"X-T: 1\r\n", b"Expires: never\r\n"]), max_size=2)))
        if bend == "trailer":
            bad = draw(st.sampled_from([b"bad trailer", b" folded", b"X: \x01", b"Content-Length: 5"]))
            trailers += bad + b"\r\n"
            if bad == b"X: \x01":
                classes.add("ctl_in_value")
            if bad == b" folded" and trailers != bad + b"\r\n":
                classes.add("obs_fold")
        wire += last + b"\r\n" + trailers + b"\r\n"
        chunk_lines.append(last)
        payload = wire

    lines = [method + space + target + space + version] + [n + b":" + draw(st.sampled_from([b" ", b"", b"\t"])) + v
                                                            for n, v in fields]
    ends = [b"\r\n"] * (len(lines) + 1)
    if bend == "bare_lf":
        ends[draw(st.integers(0, len(ends) - 1))] = b"\n"
        classes.add("bare_lf")
    if bend == "bare_cr":
        i = draw(st.integers(0, len(lines) - 1))
        at = draw(st.integers(0, len(lines[i])))
        lines[i] = lines[i][:at] + b"\r" + lines[i][at:]
    if bend == "obs_fold" and len(lines) > 1:
        at = draw(st.integers(1, len(lines) - 1))
        lines.insert(at + 1, draw(st.sampled_from([b" folded", b"\tfolded"])))
        ends.insert(at + 1, b"\r\n")
        classes.add("obs_fold")
    if any(line[:1] in (b" ", b"\t") for line in lines[2:]):
        classes.add("obs_fold")  # a field line after the first that starts with whitespace
    head = b"".join(l + e for l, e in zip(lines, ends[:-1])) + ends[-1]
    if re.search(rb"(?<!\r)\n", head):
        classes.add("bare_lf")  # also an LF inside a generated field value
    if bend == "leading_empty_line":
        head = b"\r\n" + head
        classes.add("leading_empty_line")
    data = head + payload

    # The design-difference classes, from the parts.
    names = [n.lower() for n, _ in fields]
    if b"transfer-encoding" in names and b"content-length" in names:
        classes.add("te_and_cl")
    lengths = [e.strip(b" \t") for n, v in fields if n.lower() == b"content-length" for e in v.split(b",")]
    if len(set(lengths)) > 1 and all(e.isdigit() for e in lengths) and len({int(e) for e in lengths}) == 1:
        classes.add("cl_same_number_spelled_twice")
    for n, v in fields:
        if n.lower() == b"transfer-encoding" and b"," in v and any(not e.strip(b" \t") for e in v.split(b",")):
            classes.add("te_empty_list_element")
    if b"transfer-encoding" in names and version == b"HTTP/1.0":
        classes.add("te_in_http10")
    if any(any(b < 0x20 and b not in (0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x00) or b == 0x7F for b in v.strip(b" \t"))
           for _, v in fields):
        classes.add("ctl_in_value")
    for line in chunk_lines:
        size = line.split(b";")[0].rstrip(b" \t")
        ext = line[len(size):]
        if ext.lstrip(b" \t").startswith(b";") and ext[:1] in (b" ", b"\t") or any(b < 0x20 and b != 9 or b == 0x7F for b in ext):
            classes.add("chunk_ext_lenient")
        if len(size) > 15 and all(c in b"0123456789abcdefABCDEF" for c in size):
            classes.add("chunk_size_digits")
    if method == b"CONNECT" or not (target.startswith(b"/") or target.lower().startswith((b"http://", b"https://"))
                                    or (target == b"*" and method == b"OPTIONS")):
        classes.add("target_form")
    if re.fullmatch(rb"HTTP/1\.[2-9]", version) and b"host" not in names:
        classes.add("higher_minor_without_host")
    if version.startswith(b"HTTP/") and len(version) == 8 and version[6:7] == b"." and version[5:6] != b"1" \
            and version[5:6].isdigit() and version[7:8].isdigit():
        classes.add("version")
    return data, classes


def our_version(h11_version: str) -> str:
    # RFC 9110 §6.2: a higher 1.x minor version is processed as the highest we implement.
    return "1.0" if h11_version == "1.0" else "1.1"


def utf8_lossy(b: bytes) -> bytes:
    return b.decode("utf-8", errors="replace").encode()


def normalised(headers):
    # Framing headers are compared through the body instead: h11 folds duplicate
    # Content-Length values into one field and lower-cases Transfer-Encoding.
    return [(n.lower(), utf8_lossy(v)) for n, v in headers if n.lower() not in (b"content-length", b"transfer-encoding")]


def compare(ours_result, theirs, data):
    assert ours_result["outcome"] == theirs["outcome"], \
        f"we {ours_result}, h11 {theirs} on {data!r}"
    if ours_result["outcome"] != "accept":
        return
    theirs = dict(theirs, version=our_version(theirs["version"]))
    for key in ("method", "target", "body", "rest", "version"):
        assert ours_result[key] == theirs[key], f"{key}: we {ours_result[key]!r}, h11 {theirs[key]!r} on {data!r}"
    assert normalised(ours_result["headers"]) == normalised(theirs["headers"]), data
    assert normalised(ours_result["trailers"]) == normalised(theirs["trailers"]), data


# Where h11 is the stricter side; together with one where we are, the outcome is anybody's.
ONLY_H11_STRICTER = {"leading_empty_line", "cl_same_number_spelled_twice", "te_empty_list_element"}
STRICTER_THAN_H11 = set(DESIGN_DIFFERENCES) - ONLY_H11_STRICTER


@given(requests())
@example((b"GET / HTTP/1.1\r\nHost: a\r\n\r\n", set()))
@example((b"POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n", set()))
def test_ParserAgreesWithH11_OutsideDocumentedDifferences(ours, request_and_classes):
    data, classes = request_and_classes
    mine = ours.parse(data)
    event(f"ours: {mine['outcome']}")
    if not classes:
        event("compared with h11")
        compare(mine, h11_parse(data), data)
        return
    event("design difference: " + ", ".join(sorted(classes)))
    # A documented difference: we must not accept a message h11 would not (h11 reads nothing
    # we refuse), and where we are the stricter side we must refuse it.
    if classes == {"leading_empty_line"}:
        theirs = h11_parse(data)
        assert theirs["outcome"] != "accept", f"h11 accepted a leading empty line: {data!r}"
        without = data[2:]
        compare(ours.parse(without), h11_parse(without), without)
        return
    if classes <= ONLY_H11_STRICTER:
        return
    if classes & STRICTER_THAN_H11 and classes - {"chunk_ext_lenient"}:
        assert mine["outcome"] != "accept", f"we accepted {data!r} ({classes})"


def test_DesignDifferences_AreEachSeen(ours):
    """Every documented class has an example where we refuse and h11 does not: the list
    is not longer than the truth."""
    examples = {
        "bare_lf": b"GET / HTTP/1.1\nHost: a\r\n\r\n",
        "obs_fold": b"GET / HTTP/1.1\r\nHost: a\r\nX: 1\r\n 2\r\n\r\n",
        "te_and_cl": b"POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
        "te_in_http10": b"POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
        "ctl_in_value": b"GET / HTTP/1.1\r\nHost: a\r\nX: a\x01b\r\n\r\n",
        "chunk_ext_lenient": b"POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n1;\x01\r\na\r\n0\r\n\r\n",
        "chunk_size_digits": b"POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n0000000000000001\r\na\r\n0\r\n\r\n",
        "target_form": b"GET rel HTTP/1.1\r\nHost: a\r\n\r\n",
        "version": b"GET / HTTP/2.0\r\nHost: a\r\n\r\n",
        "higher_minor_without_host": b"GET / HTTP/1.2\r\n\r\n",
    }
    for cls, data in examples.items():
        assert ours.parse(data)["outcome"] == "reject", cls
        assert h11_parse(data)["outcome"] != "reject", f"{cls}: h11 rejects it too; drop the exclusion"
    zeros = b"GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\nContent-Length: 00\r\n\r\n"
    assert ours.parse(zeros)["outcome"] == "accept"
    assert h11_parse(zeros)["outcome"] == "reject"
    empty = b"POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked,\r\n\r\n0\r\n\r\n"
    assert ours.parse(empty)["outcome"] == "accept"
    assert h11_parse(empty)["outcome"] == "reject"
    leading = b"\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n"
    assert ours.parse(leading)["outcome"] == "accept"
    assert h11_parse(leading)["outcome"] == "reject"
    # BWS before a chunk extension: RFC 9112 allows it, we accept it, h11 does not.
    bws = b"POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n1 ;x\r\na\r\n0\r\n\r\n"
    assert ours.parse(bws)["outcome"] == "accept"
    assert h11_parse(bws)["outcome"] == "reject"
