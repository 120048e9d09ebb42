// What the parser's files name from the server without needing it: `Request.endpoint`
// defaults to `Endpoint.primary`, and `Endpoint` lives with the server configuration
// (sockets, TLS, routers) that a parser fuzz target must not pull in.
enum Endpoint {
    static let primary = "primary"
}
