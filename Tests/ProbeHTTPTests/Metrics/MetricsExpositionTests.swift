import Testing
@testable import ProbeHTTP

/// The Prometheus text format: https://prometheus.io/docs/instrumenting/exposition_formats/#text-based-format
@Suite struct MetricsExpositionTests {
    @Test func LabelValues_EscapeBackslashQuoteAndNewline() {
        #expect(MetricsExposition.escapeLabelValue(#"a\b"#) == #"a\\b"#)
        #expect(MetricsExposition.escapeLabelValue(#"say "hi""#) == #"say \"hi\""#)
        #expect(MetricsExposition.escapeLabelValue("two\nlines") == #"two\nlines"#)
        #expect(MetricsExposition.escapeLabelValue("plain /api/runs/:id é") == "plain /api/runs/:id é")
    }

    @Test func Samples_RenderNameLabelsAndValue() {
        var out = MetricsExposition()
        out.family("probe_x_total", .counter, help: "Counts\nthings \\ here.")
        out.sample("probe_x_total", [("route", "/a\"b\\c\nd"), ("le", "+Inf")], 3)
        out.sample("probe_x_total", [], 0.25)
        #expect(out.text == """
            # HELP probe_x_total Counts\\nthings \\\\ here.
            # TYPE probe_x_total counter
            probe_x_total{route="/a\\"b\\\\c\\nd",le="+Inf"} 3
            probe_x_total 0.25

            """)
    }

    @Test func Histogram_CountsEachRequestInEveryBucketAtOrAboveIt() {
        let metrics = ServerMetrics()
        metrics.observeRequest(route: "/api/runs/:id", method: "GET", status: 200, seconds: 0.003)
        metrics.observeRequest(route: "/api/runs/:id", method: "GET", status: 404, seconds: 0.2)
        let text = metrics.render(.init(storeBytes: 10, storeLimitBytes: 20, longPolls: 1))
        #expect(text.contains(#"probe_http_request_duration_seconds_bucket{method="GET",route="/api/runs/:id",le="0.005"} 1"#))
        #expect(text.contains(#"probe_http_request_duration_seconds_bucket{method="GET",route="/api/runs/:id",le="0.5"} 2"#))
        #expect(text.contains(#"probe_http_request_duration_seconds_bucket{method="GET",route="/api/runs/:id",le="+Inf"} 2"#))
        #expect(text.contains(#"probe_http_requests_total{code="4xx"} 1"#))
        #expect(text.contains("probe_long_polls 1\n"))
    }
}
