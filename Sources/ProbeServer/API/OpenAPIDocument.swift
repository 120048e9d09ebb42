#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ProbeCatalog
import ProbeHTTP
import ProbeStore

/// The API described in OpenAPI 3.1, served at `/api/openapi.json`. The schemathesis test
/// holds the server to it: no 5xx, and every response matches its schema.
///
/// The operations come from the route table (`APIRoute.all`, `OpenAPIPaths`): methods, paths,
/// summaries, path parameters, security, request bodies with their size limit, the JSON answer
/// and the bounds each route carries. What the table does not say is written out (`described`):
/// the shapes of bodies and answers, query parameters, descriptions, and the statuses that
/// answer with the shared `Error` response by number only (`errorStatusesKey`). The facts other
/// code owns are filled in, so the document cannot drift from them: the run-id rule
/// (`RunID.pattern`, one `components/parameters/RunID` every `{id}` path refers to), the
/// write-key parameter, the platforms (`Platform.allCases`) and the requirement sets of the
/// catalog. `OpenAPIDocumentTests` checks the paths against the router and every number
/// against its constant.
public enum OpenAPIDocument {
    /// The document, built once.
    public static let json: String = build(catalog: .standard)

    /// `described` with the derived parts in place, keys sorted.
    static func build(catalog: Catalog) -> String {
        guard case .object(var document)? = try? JSONCoding.decoder.decode(JSONValue.self, from: Data(described.utf8)),
              case .object(var components)? = document["components"],
              case .object(var schemas)? = components["schemas"] else {
            preconditionFailure("OpenAPIDocument.described is not a JSON object with components/schemas")
        }
        schemas["RunID"] = .object(["type": .string("string"), "pattern": .string(RunID.pattern),
                                    "description": .string("A run id: \(RunID.rule).")])
        schemas["Wrapper"] = .object(["type": .string("string"), "enum": .array(Wrapper.allCases.map { .string($0.rawValue) })])
        schemas["Platform"] = .object(["type": .string("string"), "enum": .array(Platform.allCases.map { .string($0.rawValue) })])
        schemas["Expectation"] = .object(["type": .string("string"), "enum": .array(Expectation.allCases.map { .string($0.rawValue) })])
        schemas["ResultStatus"] = .object(["type": .string("string"), "enum": .array(ProbeResult.Status.allCases.map { .string($0.rawValue) })])
        schemas["RequirementSet"] = .object(["type": .string("string"),
                                             "enum": .array(catalog.requirementSets.map { .string($0.id) })])
        // The store's bound on the device field, in the run's metadata and in /api/config for the page.
        let device: JSONValue = .object([
            "type": .string("string"), "maxLength": .number(Double(StoreLimits.maxDeviceModelBytes)),
            "description": .string("The device (\"Pixel 8, Android 15\"): at most \(StoreLimits.maxDeviceModelBytes) bytes of UTF-8, else 400 naming the field"),
        ])
        schemas = OpenAPIPaths.schemas(schemas, bounds: APIRoute.all)
        guard case .object(var metadata)? = schemas["Metadata"] else { preconditionFailure("OpenAPIDocument.described has no Metadata schema") }
        metadata["properties"] = .object(["deviceModel": device, "device": device])
        schemas["Metadata"] = .object(metadata)
        schemas["ConfigLimits"] = .object([
            "type": .string("object"),
            "description": .string("the store's limits on what the page's introduction sends"),
            "properties": .object(["deviceModelBytes": .object(["type": .string("integer"), "const": .number(Double(StoreLimits.maxDeviceModelBytes))])]),
        ])
        components["schemas"] = .object(schemas)
        components["parameters"] = .object([
            "RunID": .object(["name": .string("id"), "in": .string("path"), "required": .bool(true),
                              "schema": .object(["$ref": .string("#/components/schemas/RunID")])]),
            "WriteKey": .object(["name": .string(RunKey.queryName), "in": .string("query"),
                                 "description": .string("The run's write key (from the run's url); X-Probe-Key works too."),
                                 "schema": .object(["type": .string("string")])]),
            "RequireTaps": .object(["name": .string("requireTaps"), "in": .string("query"),
                                    "description": .string("Judge with the tap steps nobody tapped counting as not run (true), or left to a person (false); absent, the run's own requireTaps."),
                                    "schema": .object(["type": .string("string"), "enum": .array(["true", "false", "1", "0"].map { .string($0) })])]),
        ])
        document["components"] = .object(components)
        guard case .object(let described)? = document["paths"] else { preconditionFailure("OpenAPIDocument.described has no paths") }
        var paths = withErrorResponses(described)
        paths["/api/runs/{id}/pin"] = pin
        for format in [RunReports.Format.junit, .markdown] {
            paths["/api/runs/{id}/\(format.rawValue)"] = textReport(format)
        }
        document["paths"] = .object(OpenAPIPaths.paths(APIRoute.all, details: paths, limits: HTTPLimits()))
        guard let data = try? JSONCoding.encoder.encode(JSONValue.object(document)) else {
            preconditionFailure("the OpenAPI document does not encode")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// `GET /api/runs/{id}/report.*` of a text format: the same operation but for its media type.
    static func textReport(_ format: RunReports.Format) -> JSONValue {
        let mediaType = String(format.contentType.prefix { $0 != ";" })
        var responses = errorResponses(["400", "404", "429", "503"])
        responses["200"] = .object(["description": .string("the report"),
                                    "content": .object([mediaType: .object(["schema": .object(["type": .string("string")])])])])
        return .object(["get": .object([
            "parameters": .array([.object(["$ref": .string("#/components/parameters/RequireTaps")]),
                                  .object(["$ref": .string("#/components/parameters/WriteKey")])]),
            "responses": .object(responses),
        ])])
    }

    /// `/api/runs/{id}/pin`: pinning and unpinning answer alike (their summaries are the table's).
    static var pin: JSONValue {
        func operation() -> JSONValue {
            let described = #"""
                {
                 "responses": {
                  "200": {"description": "the run's pin", "content": {"application/json": {"schema": {"type": "object", "required": ["id", "pinned"], "properties": {"id": {"type": "string"}, "pinned": {"type": "boolean"}}}}}},
                  "401": {"description": "no token, or a wrong or revoked one"},
                  "403": {"description": "the token's scope is not admin"},
                  "400": {"description": "the run id is malformed"},
                  "404": {"description": "no such run"},
                  "415": {"description": "a body that is not application/json"},
                  "429": {"description": "too many wrong tokens from this address"}
                 }
                }
                """#
            guard case .object(let fields)? = try? JSONCoding.decoder.decode(JSONValue.self, from: Data(described.utf8)) else {
                preconditionFailure("OpenAPIDocument.pin is not a JSON object")
            }
            return .object(fields)
        }
        return .object(["post": operation(), "delete": operation()])
    }

    /// The key under an operation's `responses` in `described` that lists the statuses
    /// answered with the shared `components/responses/Error` (`"x-errors": ["400", "404"]`):
    /// written out, each would be the same reference block again, a dozen operations over.
    static let errorStatusesKey = "x-errors"

    /// Each of `statuses` answered with the shared `Error` response.
    static func errorResponses(_ statuses: [String]) -> [String: JSONValue] {
        Dictionary(uniqueKeysWithValues: statuses.map { ($0, JSONValue.object(["$ref": .string("#/components/responses/Error")])) })
    }

    /// An `application/json` response of `description` whose body is `components/schemas/<schema>`.
    static func jsonResponse(_ description: String, schema: String) -> JSONValue {
        .object(["description": .string(description),
                 "content": .object(["application/json": .object(["schema": .object(["$ref": .string("#/components/schemas/\(schema)")])])])])
    }

    /// `paths` with every operation's `errorStatusesKey` list replaced by the responses it names.
    static func withErrorResponses(_ paths: [String: JSONValue]) -> [String: JSONValue] {
        paths.mapValues { item in
            guard case .object(let operations) = item else { return item }
            return .object(operations.mapValues { operation in
                guard case .object(var fields) = operation, case .object(var responses)? = fields["responses"] else { return operation }
                var named: [String: JSONValue] = [:]
                if let listed = responses.removeValue(forKey: errorStatusesKey) {
                    guard case .array(let listed) = listed else { preconditionFailure("\(errorStatusesKey) is not a list") }
                    let statuses = listed.map { status -> String in
                        guard case .string(let text) = status else { preconditionFailure("\(errorStatusesKey) lists a status that is not a string") }
                        return text
                    }
                    named = errorResponses(statuses)
                }
                responses.merge(named) { _, _ in
                    preconditionFailure("a status in \(errorStatusesKey) is described in the same responses too")
                }
                fields["responses"] = .object(responses)
                return .object(fields)
            })
        }
    }

    /// The hand-written part: every path, its operations and the shapes of bodies and answers.
    static let described = #"""
{
 "openapi": "3.1.0",
 "info": {
  "title": "probe-server API",
  "version": "1",
  "description": "Runs of the WebView probe page, their results, and the diff that names the fix. Errors are {\"error\":{\"code\",\"message\",\"field\"}}."
 },
 "components": {
  "securitySchemes": {
   "bearer": {
    "type": "http",
    "scheme": "bearer",
    "description": "The access token: --token, $PROBE_TOKEN, or DATA_DIR/token."
   }
  },
  "responses": {
   "Error": {
    "description": "What was wrong, and the field at fault",
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
   }
  },
  "schemas": {
   "Remedy": {
    "type": "object",
    "description": "the fix, one per wrapper and platform: the native iOS Swift, Android Kotlin and React Native lines the catalog declares, and on a finding judged against a detected wrapper every wrapper's fix in its own API, the detected wrapper's first (docs/wrappers.md)",
    "required": ["fixes"],
    "properties": {
     "fixes": {
      "type": "array",
      "items": {
       "type": "object",
       "required": ["wrapper", "language", "code", "docs"],
       "properties": {
        "wrapper": {"$ref": "#/components/schemas/Wrapper"},
        "setting": {"type": "string", "description": "the wrapper setting the fix changes, when it is one of the shared settings"},
        "family": {"type": "string", "enum": ["ios", "android", "desktop"], "description": "the platform the fix is for; absent: both"},
        "language": {"type": "string"},
        "code": {"type": "string", "description": "complete code to paste"},
        "docs": {"type": "string", "description": "the page documenting the API the code uses; empty when the declaration named none"}
       }
      }
     }
    }
   },
   "Error": {
    "type": "object",
    "required": ["error"],
    "properties": {
     "error": {
      "type": "object",
      "required": ["code", "message"],
      "properties": {
       "code": {"type": "string"},
       "message": {"type": "string"},
       "field": {"type": "string"}
      }
     }
    }
   },
   "Metadata": {
    "type": "object",
    "additionalProperties": {"type": ["string", "number", "boolean", "null"]}
   },
   "CreateRun": {
    "type": "object",
    "properties": {
     "label": {
      "type": "string"
     },
     "platform": {"$ref": "#/components/schemas/Platform"},
     "wrapper": {
      "type": "string",
      "description": "The app framework, an override of detection (docs/wrappers.md); kept in metadata.wrapper",
      "enum": [
       "native-ios",
       "native-android",
       "react-native-webview",
       "webview_flutter",
       "flutter_inappwebview",
       "capacitor",
       "cordova",
       "maui"
      ]
     },
     "requirementSet": {"$ref": "#/components/schemas/RequirementSet"},
     "requireTaps": {
      "type": "boolean",
      "description": "A farm script that taps: a tap step nobody tapped makes the run incomplete instead of being left to a person; kept in metadata.requireTaps"
     },
     "metadata": {"$ref": "#/components/schemas/Metadata"},
     "id": {"$ref": "#/components/schemas/RunID"}
    }
   },
   "ResultSummary": {
    "type": "object",
    "required": ["probe", "attempt", "status"],
    "properties": {
     "probe": {"type": "string"},
     "attempt": {"type": "integer"},
     "status": {"type": "string"},
     "reason": {"type": "string"},
     "elapsedMs": {"type": "number"}
    }
   },
   "Run": {
    "type": "object",
    "required": ["id", "url", "reportUrl", "requirementSet", "metadata", "createdAt"],
    "properties": {
     "id": {"$ref": "#/components/schemas/RunID"},
     "url": {
      "type": "string",
      "description": "The run URL to open on the device, relative to the server's origin."
     },
     "absoluteUrl": {
      "type": "string",
      "description": "In the answer to POST /api/runs: url on the origin the request came in on (behind a trusted proxy, the forwarded one)."
     },
     "reportUrl": {"type": "string"},
     "label": {"type": "string"},
     "platform": {"type": "string"},
     "detectedPlatform": {"type": "string"},
     "requirementSet": {"type": "string"},
     "metadata": {"type": "object"},
     "userAgent": {"type": "string"},
     "createdAt": {
      "type": "string",
      "format": "date-time"
     },
     "completedAt": {
      "type": "string",
      "format": "date-time"
     },
     "verdict": {
      "type": "string",
      "enum": ["ready", "not-ready", "incomplete"]
     },
     "results": {
      "type": "array",
      "items": {"$ref": "#/components/schemas/ResultSummary"}
     },
     "certificateRefusals": {
      "description": "Only with a token of scope read or admin (who may call GET /api/tls/refusals), while the run has no result: TLS clients that refused the certificate since the run was created (at most 10, newest last).",
      "type": "array",
      "items": {"$ref": "#/components/schemas/CertificateRefusal"}
     },
     "writeKey": {
      "description": "The run's write key (128 random bits, hex): only in the 201 of POST /api/runs, and in url. Results, complete, uploads and the noscript beacon need it (?key= or X-Probe-Key) or the token; a run whose id was chosen needs it to be read too.",
      "type": "string"
     }
    }
   },
   "CertificateRefusal": {
    "type": "object",
    "required": ["at", "client", "sign", "explanation"],
    "properties": {
     "at": {
      "type": "string",
      "format": "date-time"
     },
     "client": {"type": "string"},
     "serverName": {"type": "string"},
     "sign": {
      "type": "string",
      "enum": ["alert", "hung-up"]
     },
     "acceptedLater": {
      "type": "boolean",
      "description": "The same address completed a handshake afterwards (a client told to ignore certificate errors, a CA installed since, or another device at that address)."
     },
     "alert": {
      "type": "string",
      "enum": ["bad_certificate", "unsupported_certificate", "certificate_revoked", "certificate_expired", "certificate_unknown", "unknown_ca"]
     },
     "explanation": {"type": "string"}
    }
   },
   "RunList": {
    "type": "object",
    "required": ["runs"],
    "properties": {
     "runs": {
      "type": "array",
      "items": {"$ref": "#/components/schemas/Run"}
     },
     "nextCursor": {"type": "string"}
    }
   },
   "Result": {
    "type": "object",
    "required": [
     "run",
     "probe",
     "attempt",
     "status",
     "observed",
     "elapsedMs",
     "at"
    ],
    "properties": {
     "schema": {"type": "integer"},
     "run": {"$ref": "#/components/schemas/RunID"},
     "probe": {"type": "string"},
     "attempt": {
      "type": "integer",
      "minimum": 1
     },
     "status": {
      "type": "string",
      "enum": ["pass", "fail", "error", "skipped", "info"]
     },
     "reason": {"type": "string"},
     "observed": {"type": "object"},
     "elapsedMs": {
      "type": "number",
      "minimum": 0
     },
     "at": {
      "type": "string",
      "format": "date-time"
     }
    }
   },
   "ResultPost": {
    "oneOf": [
     {"$ref": "#/components/schemas/Result"},
     {
      "type": "object",
      "required": ["results"],
      "properties": {
       "results": {
        "type": "array",
        "minItems": 1,
        "items": {"$ref": "#/components/schemas/Result"}
       }
      }
     }
    ]
   },
   "Completion": {
    "description": "The last results, or {}: the run completed as it is",
    "oneOf": [{"$ref": "#/components/schemas/ResultPost"}, {"type": "object", "maxProperties": 0}]
   },
   "Acknowledgement": {
    "type": "object",
    "required": ["accepted", "duplicates", "conflicts", "conflicting"],
    "properties": {
     "accepted": {"type": "integer"},
     "duplicates": {"type": "integer"},
     "conflicts": {"type": "integer"},
     "conflicting": {
      "type": "array",
      "items": {"type": "string"}
     }
    }
   },
   "Finding": {
    "type": "object",
    "required": ["probe", "title", "verdict", "severity", "expected", "observed"],
    "properties": {
     "probe": {"type": "string"},
     "title": {"type": "string"},
     "verdict": {
      "type": "string",
      "enum": ["pass", "fail", "warn", "info", "skipped", "not-run"]
     },
     "severity": {
      "type": "string",
      "enum": ["none", "low", "medium", "high", "critical"]
     },
     "expected": {"type": "string"},
     "expectation": {"$ref": "#/components/schemas/Expectation"},
     "observed": {"type": "string"},
     "attempt": {"type": "integer", "minimum": 1, "description": "the attempt judged, when the page tried the step more than once"},
     "pageStatus": {"$ref": "#/components/schemas/ResultStatus", "description": "the status the page itself gave the result, when it differs from the verdict's"},
     "diagnosis": {"type": "string"},
     "layer": {"type": "string"},
     "remedy": {"$ref": "#/components/schemas/Remedy"},
     "checklistItems": {
      "type": "array",
      "items": {"type": "string"}
     },
     "rank": {
      "type": "integer",
      "minimum": 1,
      "description": "where this failure or warning stands in the run's one order of findings to act on (1 first: the most severe, then the step that stops the flow, then failures before warnings, then page order); every report, the page and topRemedies list them by it. Absent for findings nobody must act on."
     },
     "consequenceOf": {
      "type": "string",
      "description": "the probe whose failure this finding's follows from (cookies off, so the server cookie fails too); the finding keeps its verdict but is not a reason of the run's verdict nor a top remedy. Absent when the finding stands on its own."
     },
     "causes": {
      "type": "array",
      "description": "every known cause the evidence leaves standing, most likely first (report schema 2)",
      "items": {
       "type": "object",
       "required": [
        "id",
        "layer",
        "likelihood",
        "summary",
        "evidence",
        "check",
        "source"
       ],
       "properties": {
        "id": {"type": "string"},
        "layer": {
         "type": "string",
         "enum": [
          "page",
          "webview-setting",
          "webview-permission-handler",
          "os-permission",
          "app",
          "device",
          "network"
         ]
        },
        "likelihood": {
         "type": "string",
         "enum": ["conclusive", "likely", "possible"]
        },
        "summary": {"type": "string"},
        "evidence": {
         "type": "object",
         "properties": {
          "for": {
           "type": "array",
           "items": {"type": "string"}
          },
          "against": {
           "type": "array",
           "items": {"type": "string"}
          }
         }
        },
        "check": {"type": "string"},
        "remedy": {"$ref": "#/components/schemas/Remedy"},
        "source": {"type": "string"}
       }
      }
     }
    }
   },
   "Diff": {
    "type": "object",
    "required": [
     "schema",
     "platform",
     "requirementSet",
     "verdict",
     "findings",
     "coverage",
     "counts"
    ],
    "properties": {
     "schema": {"type": "integer"},
     "run": {"type": "string"},
     "platform": {"$ref": "#/components/schemas/DetectedPlatform"},
     "platformSummary": {"type": "string", "description": "the platform in a person's words, as every report shows it"},
     "requirementSet": {"type": "string"},
     "verdict": {
      "type": "string",
      "enum": ["ready", "not-ready", "incomplete"]
     },
     "verdictReasons": {
      "type": "array",
      "description": "why the verdict is what it is, in step and checklist titles, counted and capped (\"12 steps not run or skipped: Camera access, … and 7 more\"); the ids are in reasons",
      "items": {"type": "string"}
     },
     "reasons": {
      "type": "array",
      "description": "the same reasons, each with its kind and every probe or checklist item id it names",
      "items": {
       "type": "object",
       "required": ["kind", "ids", "text"],
       "properties": {
        "kind": {
         "type": "string",
         "enum": [
          "stopped",
          "failed",
          "answered-no",
          "host-report-fails",
          "not-run",
          "unverified",
          "warnings",
          "left-to-person",
          "still-open"
         ]
        },
        "ids": {
         "type": "array",
         "items": {"type": "string"}
        },
        "text": {"type": "string"}
       }
      }
     },
     "counts": {
      "type": "object",
      "additionalProperties": {"type": "integer"}
     },
     "findings": {
      "type": "array",
      "items": {"$ref": "#/components/schemas/Finding"}
     },
     "coverage": {
      "type": "object",
      "required": ["counts", "items"]
     },
     "topRemedies": {"type": "array"},
     "unknownProbes": {
      "type": "array",
      "items": {"type": "string"}
     },
     "requireTaps": {
      "type": "boolean",
      "description": "judged with the tap steps nobody tapped counting as not run (the run's requireTaps, or ?requireTaps=)"
     },
     "judgedBy": {
      "type": "object",
      "description": "the build that judged the run: its version, its executable's SHA-256 and the judgement key the verdict was kept under (a new build judges a stored run once more)",
      "required": ["version", "build", "key"],
      "properties": {
       "version": {"type": "string"},
       "build": {"type": "string"},
       "key": {"type": "string"}
      }
     }
    }
   },
   "Wait": {
    "type": "object",
    "required": ["completed", "run"],
    "properties": {
     "completed": {"type": "boolean"},
     "run": {"$ref": "#/components/schemas/Run"},
     "verdict": {"type": "string"}
    }
   },
   "Comparison": {
    "type": "object",
    "required": ["verdictBefore", "verdictAfter", "direction", "changes"],
    "properties": {
     "runBefore": {"type": "string"},
     "runAfter": {"type": "string"},
     "verdictBefore": {"type": "string"},
     "verdictAfter": {"type": "string"},
     "direction": {"type": "string"},
     "changes": {"type": "array"},
     "checklistChanges": {"type": "array"}
    }
   },
   "Origins": {
    "type": "object",
    "required": ["primary"],
    "properties": {
     "primary": {"type": "string"},
     "secondPort": {"type": "string"},
     "secondHost": {"type": "string"},
     "insecure": {"type": "string"}
    }
   },
   "Config": {
    "type": "object",
    "required": ["schemaVersion", "serverVersion", "origins", "catalog"],
    "properties": {
     "schemaVersion": {"type": "integer"},
     "serverVersion": {"type": "string"},
     "origins": {"$ref": "#/components/schemas/Origins"},
     "catalog": {
      "type": "object",
      "description": "the members of /api/catalog the page reads: schema, defaultRequirementSet, resultSchema, platforms, requirementSets, probes, thresholds, stepMarker, checklist, hostReport, words, wrapperSignals (every wrapper's bridge globals and message handler names, which the page looks for)"
     },
     "run": {"$ref": "#/components/schemas/Run"},
     "limits": {"$ref": "#/components/schemas/ConfigLimits"}
    }
   },
   "DetectedPlatform": {
    "type": "object",
    "required": ["platform", "os", "engine", "confidence", "reasons"],
    "properties": {
     "platform": {"$ref": "#/components/schemas/Platform"},
     "os": {"type": "string"},
     "osVersion": {"type": "string"},
     "engine": {"type": "string"},
     "engineVersion": {"type": "string"},
     "wrapper": {"type": "string", "description": "the app or browser around the engine when known: Samsung Internet, Chrome for iOS, Facebook, react-native-webview, …"},
     "confidence": {"type": "string", "enum": ["low", "medium", "high"]},
     "reasons": {"type": "array", "items": {"type": "string"}},
     "overridden": {"type": "boolean"},
     "wrapperDetection": {"type": "object"}
    }
   },
   "PlatformSignals": {
    "type": "object",
    "description": "what the page sees besides the user agent, as env.platform observes it (every field optional)",
    "properties": {
     "userAgent": {"type": "string", "description": "navigator.userAgent; the User-Agent header when absent"},
     "reactNativeWebView": {"type": "boolean"},
     "webkitMessageHandlers": {"type": "boolean"},
     "maxTouchPoints": {"type": "integer"},
     "uaBrands": {"type": "array", "items": {"type": "string"}},
     "uaPlatform": {"type": "string"},
     "uaPlatformVersion": {"type": "string"},
     "uaMobile": {"type": "boolean"},
     "wrapperSignals": {"type": "object"}
    }
   }
  }
 },
 "paths": {
  "/api/platform": {
   "post": {
    "responses": {
     "x-errors": ["400", "413", "415", "429"]
    }
   }
  },
  "/api/config": {
   "get": {
    "parameters": [
     {
      "name": "run",
      "in": "query",
      "schema": {"type": "string"}
     },
     {"$ref": "#/components/parameters/WriteKey"}
    ],
    "responses": {
     "x-errors": ["400", "429", "503"]
    }
   }
  },
  "/api/runs": {
   "post": {
    "responses": {
     "x-errors": ["400", "403", "409", "413", "415", "429", "503", "507"]
    }
   },
   "get": {
    "parameters": [
     {
      "name": "label",
      "in": "query",
      "schema": {"type": "string"}
     },
     {
      "name": "platform",
      "in": "query",
      "schema": {"type": "string"}
     },
     {
      "name": "verdict",
      "in": "query",
      "schema": {"type": "string"}
     },
     {
      "name": "since",
      "in": "query",
      "schema": {
       "type": "string",
       "format": "date-time"
      }
     },
     {
      "name": "limit",
      "in": "query",
      "schema": {
       "type": "integer",
       "minimum": 1
      }
     },
     {
      "name": "cursor",
      "in": "query",
      "schema": {"type": "string"}
     }
    ],
    "responses": {
     "x-errors": ["400", "401", "429", "503"]
    }
   }
  },
  "/api/runs/{id}": {
   "get": {
    "parameters": [
     {"$ref": "#/components/parameters/WriteKey"}
    ],
    "responses": {
     "x-errors": ["400", "404", "429", "503"]
    }
   },
   "delete": {
    "responses": {
     "204": {"description": "deleted"},
     "x-errors": ["400", "401", "403", "404", "429", "503"]
    }
   }
  },
  "/api/runs/{id}/results": {
   "post": {
    "parameters": [
     {"$ref": "#/components/parameters/WriteKey"}
    ],
    "responses": {
     "x-errors": ["400", "403", "404", "409", "413", "415", "429", "503", "507"]
    }
   }
  },
  "/api/runs/{id}/complete": {
   "post": {
    "parameters": [
     {"$ref": "#/components/parameters/WriteKey"}
    ],
    "responses": {
     "x-errors": ["400", "403", "404", "409", "413", "415", "429", "503", "507"]
    }
   }
  },
  "/api/runs/{id}/diff": {
   "get": {
    "parameters": [
     {
      "name": "profile",
      "in": "query",
      "schema": {"$ref": "#/components/schemas/RequirementSet"}
     },
     {
      "name": "platform",
      "in": "query",
      "schema": {"$ref": "#/components/schemas/Platform"}
     },
     {"$ref": "#/components/parameters/RequireTaps"},
     {"$ref": "#/components/parameters/WriteKey"}
    ],
    "responses": {
     "x-errors": ["400", "404", "429", "503"]
    }
   }
  },
  "/api/runs/{id}/wait": {
   "get": {
    "parameters": [
     {
      "name": "timeout",
      "in": "query",
      "schema": {
       "type": "integer",
       "minimum": 0
      }
     },
     {"$ref": "#/components/parameters/WriteKey"}
    ],
    "responses": {
     "x-errors": ["400", "404", "429", "503"]
    }
   }
  },
  "/api/compare": {
   "get": {
    "parameters": [
     {
      "name": "a",
      "in": "query",
      "required": true,
      "schema": {"$ref": "#/components/schemas/RunID"}
     },
     {
      "name": "b",
      "in": "query",
      "required": true,
      "schema": {"$ref": "#/components/schemas/RunID"}
     }
    ],
    "responses": {
     "x-errors": ["400", "401", "404", "429", "503"]
    }
   }
  },
  "/api/tls/refusals": {
   "get": {
    "responses": {
     "200": {
      "description": "oldest first",
      "content": {
       "application/json": {
        "schema": {
         "type": "object",
         "required": ["refusals"],
         "properties": {
          "refusals": {
           "type": "array",
           "items": {"$ref": "#/components/schemas/CertificateRefusal"}
          }
         }
        }
       }
      }
     },
     "x-errors": ["401", "429"]
    }
   }
  },
  "/api/catalog": {
   "get": {
    "responses": {
     "200": {
      "description": "the catalog",
      "content": {
       "application/json": {
        "schema": {
         "type": "object",
         "required": ["probes"]
        }
       }
      }
     }
    }
   }
  },
  "/api/profiles": {
   "get": {
    "responses": {
     "200": {
      "description": "profiles",
      "content": {
       "application/json": {
        "schema": {
         "type": "object",
         "required": ["profiles"],
         "properties": {"profiles": {"type": "array"}}
        }
       }
      }
     }
    }
   }
  },
  "/qr.svg": {
   "get": {
    "parameters": [{"name": "url", "in": "query", "required": true, "description": "the address to encode: https (the request's scheme), on one of this server's own origins, at most \#(QRImage.maxURLBytes) bytes", "schema": {"type": "string"}}],
    "responses": {
     "200": {"description": "the QR code; cacheable (Cache-Control public, a day)", "content": {"image/svg+xml": {"schema": {"type": "string"}}}},
     "400": {"description": "url missing, over \#(QRImage.maxURLBytes) bytes, not https, with a user name, or on another origin: error.field is url, error.message says which", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
     "429": {"description": "this address (an IPv6 /64, or an IPv4 address) drew more than 5 codes a second (burst 20); error.code too_many_qr_codes, Retry-After says when to retry; a code drawn recently is answered from the cache and not counted", "headers": {"Retry-After": {"schema": {"type": "integer"}}}, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
     "414": {"description": "the request line is over the server's 8 KiB limit (1024 characters, percent-encoded, can be more)", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}
    }
   }
  },
  "/healthz": {
   "get": {
    "responses": {"200": {"description": "alive", "content": {"application/json": {"schema": {"type": "object", "required": ["status"], "properties": {"status": {"type": "string"}}}}}}}
   }
  },
  "/readyz": {
   "get": {
    "responses": {
     "200": {"description": "ready", "content": {"application/json": {"schema": {"type": "object", "required": ["status"], "properties": {"status": {"type": "string"}}}}}},
     "503": {"description": "not ready: error.message names each failing check, failing lists them (store, certificate, disk)", "content": {"application/json": {"schema": {"type": "object", "required": ["error", "failing"], "properties": {"error": {"type": "object"}, "failing": {"type": "array", "items": {"type": "string"}}}}}}}
    }
   }
  },
  "/metrics": {
   "get": {
    "responses": {
     "200": {"description": "metrics", "content": {"text/plain": {"schema": {"type": "string"}}}},
     "401": {"description": "the token is missing or wrong"},
     "403": {"description": "the token's scope is not read or admin"},
     "429": {"description": "too many wrong tokens from this address"}
    }
   }
  },
  "/api/health": {
   "get": {
    "responses": {
     "200": {
      "description": "ok",
      "content": {
       "application/json": {
        "schema": {
         "type": "object",
         "required": ["status"],
         "properties": {
          "status": {"type": "string"},
          "version": {"type": "string"}
         }
        }
       }
      }
     }
    }
   }
  },
  "/api/openapi.json": {
   "get": {
    "responses": {
     "200": {
      "description": "OpenAPI 3.1",
      "content": {"application/json": {"schema": {"type": "object"}}}
     }
    }
   }
  },
  "/api/runs/{id}/report.json": {
   "get": {
    "parameters": [
     {"$ref": "#/components/parameters/RequireTaps"},
     {"$ref": "#/components/parameters/WriteKey"}
    ],
    "responses": {
     "200": {
      "description": "the report",
      "content": {
       "application/json": {
        "schema": {
         "type": "object",
         "required": ["schema", "run", "diff"],
         "properties": {
          "schema": {"type": "string"},
          "run": {"type": "object"},
          "diff": {"$ref": "#/components/schemas/Diff"},
          "results": {"type": "array"},
          "uploads": {"type": "array"}
         }
        }
       }
      }
     },
     "x-errors": ["400", "404", "429", "503"]
    }
   }
  }
 }
}
"""#
}
