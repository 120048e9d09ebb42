"""Request smuggling against the running server over a socket: every ambiguous framing is
refused with a 4xx/501 and the connection is closed, so nothing after it (the would-be
smuggled request) is ever routed. The access log is the witness: the smuggled target never
appears in it."""
import time

import pytest

from support import Server, status_line

SMUGGLED = b"GET /smuggled-%d HTTP/1.1\r\nHost: x\r\n\r\n"
# How long the server has to answer and close a refused request.
ANSWER_TIMEOUT_S = 5


@pytest.fixture(scope="module")
def server():
    with Server(log_level="info") as s:
        yield s


def head(*fields, method=b"POST", target=b"/api/health", version=b"HTTP/1.1"):
    lines = [method + b" " + target + b" " + version, b"Host: 127.0.0.1"] + list(fields)
    return b"\r\n".join(lines) + b"\r\n\r\n"


CASES = {
    # CL.TE and TE.CL: both framings present, in either order (RFC 9112 §6.1).
    "SmuggledCLTE_IsRejected": (head(b"Content-Length: 6", b"Transfer-Encoding: chunked") + b"0\r\n\r\nG", 400),
    "SmuggledTECL_IsRejected": (head(b"Transfer-Encoding: chunked", b"Content-Length: 3") + b"8\r\nSMUGGLED\r\n0\r\n\r\n", 400),
    # TE.TE: one coding obfuscated so that one parser sees chunked and another does not.
    "SmuggledTETE_TrailingSpace_IsRejected": (head(b"Content-Length: 4", b"Transfer-Encoding: chunked ") + b"0\r\n\r\n", 400),
    "SmuggledTETE_Capitalised_IsRejected": (head(b"Content-Length: 4", b"Transfer-Encoding: Chunked") + b"0\r\n\r\n", 400),
    "SmuggledTETE_XChunked_IsRejected": (head(b"Transfer-Encoding: x chunked") + b"0\r\n\r\n", 400),
    "SmuggledTETE_XChunkedWithLength_IsRejected": (head(b"Content-Length: 4", b"Transfer-Encoding: x chunked") + b"0\r\n\r\n", 400),
    "SmuggledTETE_TabBeforeValue_IsRejected": (head(b"Content-Length: 4", b"Transfer-Encoding:\tchunked") + b"0\r\n\r\n", 400),
    "SmuggledTETE_VerticalTab_IsRejected": (head(b"Transfer-Encoding:\x0bchunked") + b"0\r\n\r\n", 400),
    "SmuggledTETE_SpaceBeforeColon_IsRejected": (head(b"Transfer-Encoding : chunked", b"Content-Length: 4") + b"0\r\n\r\n", 400),
    "SmuggledTETE_DuplicateHeaders_AreRejected": (head(b"Transfer-Encoding: chunked", b"Transfer-Encoding: identity") + b"0\r\n\r\n", 400),
    "SmuggledTETE_DuplicateChunked_IsRejected": (head(b"Transfer-Encoding: chunked", b"Transfer-Encoding: chunked") + b"0\r\n\r\n", 400),
    "SmuggledTETE_ChunkedIdentity_IsRejected": (head(b"Transfer-Encoding: chunked, identity") + b"0\r\n\r\n", 400),
    "SmuggledTETE_IdentityChunked_Is501": (head(b"Transfer-Encoding: identity, chunked") + b"0\r\n\r\n", 501),
    "SmuggledTETE_ObsFoldedCoding_IsRejected": (head(b"Transfer-Encoding: identity", b" chunked") + b"0\r\n\r\n", 400),
    "SmuggledTETE_NulInValue_IsRejected": (head(b"Transfer-Encoding: chunked\x00") + b"0\r\n\r\n", 400),
    "TransferEncodingInHTTP10_IsRejected": (head(b"Transfer-Encoding: chunked", version=b"HTTP/1.0") + b"0\r\n\r\n", 400),
    # Content-Length: duplicates that disagree, lists, signs, non-digits, overflow.
    "DuplicateContentLength_IsRejected": (head(b"Content-Length: 3", b"Content-Length: 40") + b"abc", 400),
    "ContentLengthList_Disagreeing_IsRejected": (head(b"Content-Length: 3, 40") + b"abc", 400),
    "SignedContentLength_Plus_IsRejected": (head(b"Content-Length: +3") + b"abc", 400),
    "SignedContentLength_Minus_IsRejected": (head(b"Content-Length: -3") + b"abc", 400),
    "HexContentLength_IsRejected": (head(b"Content-Length: 0x3") + b"abc", 400),
    "EmptyContentLength_IsRejected": (head(b"Content-Length: ") + b"abc", 400),
    "OverflowingContentLength_Is413": (head(b"Content-Length: 99999999999999999999999") + b"abc", 413),
    "ContentLengthPastInt64_Is413": (head(b"Content-Length: 18446744073709551617") + b"abc", 413),
    # Chunk sizes that overflow, are signed, or hide a prefix.
    "ChunkSizeOverflow_IsRejected": (head(b"Transfer-Encoding: chunked") + b"ffffffffffffffffffff\r\nx\r\n0\r\n\r\n", 400),
    "ChunkSizeOverflow_16Digits_IsRejected": (head(b"Transfer-Encoding: chunked") + b"10000000000000001\r\nx\r\n0\r\n\r\n", 400),
    "ChunkSizeLargest_IsOverTheBodyLimit": (head(b"Transfer-Encoding: chunked") + b"fffffffffffffff\r\nx\r\n0\r\n\r\n", 413),
    "NegativeChunkSize_IsRejected": (head(b"Transfer-Encoding: chunked") + b"-1\r\nx\r\n0\r\n\r\n", 400),
    "HexPrefixedChunkSize_IsRejected": (head(b"Transfer-Encoding: chunked") + b"0x1\r\nx\r\n0\r\n\r\n", 400),
    "ChunkDataLongerThanSize_IsRejected": (head(b"Transfer-Encoding: chunked") + b"1\r\nxx\r\n0\r\n\r\n", 400),
    "BareLFInChunkedBody_IsRejected": (head(b"Transfer-Encoding: chunked") + b"1\nx\r\n0\r\n\r\n", 400),
    "BareLFInHead_IsRejected": (b"POST /api/health HTTP/1.1\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n", 400),
    "BareCRInHead_IsRejected": (b"POST /api/health HTTP/1.1\rHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n", 400),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_smuggling(server, name):
    request, expected = CASES[name]
    marker = abs(hash(name)) % 10**8
    smuggled = SMUGGLED % marker
    out = server.raw(request + smuggled, timeout=ANSWER_TIMEOUT_S)
    assert status_line(out) == expected, f"{name}: {out[:300]!r}"
    assert out.count(b"HTTP/1.1 ") == 1, f"{name}: more than one response: {out!r}"
    assert b"connection: close" in out.lower(), name
    assert b'"error"' in out, name
    time.sleep(0.05)  # the access log is flushed after each loop iteration
    assert f"/smuggled-{marker}" not in server.log_text(), f"{name}: the smuggled request was routed"


def test_ChunkedAlone_IsReadAsChunked_AndTheNextRequestIsItsOwn(server):
    """The control: a plain chunked request followed by a pipelined one gives exactly two
    responses, so the refusals above are about the ambiguity, not chunked itself."""
    out = server.raw(head(b"Transfer-Encoding: chunked", method=b"GET", target=b"/api/health") + b"3\r\nabc\r\n0\r\n\r\n"
                     + b"GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", timeout=ANSWER_TIMEOUT_S)
    assert out.count(b"HTTP/1.1 200 ") == 2, out
