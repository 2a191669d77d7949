import CTheoluaSystem

/// Which URLs `ui.fetch` may reach: the one check of the net permission, for a request
/// and for every redirect it follows.
///
/// A URL is read by libcurl's own parser, the one the request then uses, so the host
/// checked is the host reached (no `http://granted@other/` between two readings of
/// it). Only `http` and `https` are fetched. A grant of `host` reaches every port of
/// it; `host:port` that port alone; names are compared without regard to case and
/// without a final dot.
public struct NetGate: Sendable {
    /// A URL that may be fetched, as libcurl reads it.
    public struct Target: Sendable, Equatable {
        /// The whole URL, absolute and normalized.
        public var url: String
        public var scheme: String
        public var host: String
        public var port: Int

        /// Whether `other` is of the same origin: scheme, host (compared as grants compare
        /// it) and port. Credentials are written for an origin, as browsers and libcurl
        /// hold them: another port of the same host is another server.
        public func isSameOrigin(as other: Target) -> Bool {
            scheme == other.scheme && port == other.port && NetGate.canonical(host) == NetGate.canonical(other.host)
        }
    }

    private let hosts: Permissions.Hosts

    public init(_ hosts: Permissions.Hosts) {
        self.hosts = hosts
    }

    /// `url` (resolved against `base`, for a redirect's Location), if the grant reaches
    /// it.
    ///
    /// - Throws: ``PermissionDenied`` naming `--allow-net` when the grant does not reach
    ///   it, or with the reason when it is not an http or https URL.
    public func check(_ url: String, base: String? = nil) throws(PermissionDenied) -> Target {
        let target = try Self.parse(url, base: base)
        if allows(target) { return target }
        let defaultPort = target.scheme == "https" ? 443 : 80
        let name = target.port == defaultPort ? target.host : "\(target.host):\(target.port)"
        throw PermissionDenied(
            permission: .net, subject: target.url, flag: hosts == .all ? nil : "--allow-net=\(name)")
    }

    /// Whether the grant reaches `target`.
    public func allows(_ target: Target) -> Bool {
        switch hosts {
        case .none: return false
        case .all: return true
        case .only(let granted):
            let host = Self.canonical(target.host)
            return granted.contains { entry in
                let (name, port) = Self.split(entry)
                return Self.canonical(name) == host && (port == nil || port == target.port)
            }
        }
    }

    /// `url` as libcurl reads it: an absolute http or https URL with a host.
    static func parse(_ url: String, base: String?) throws(PermissionDenied) -> Target {
        let denied = { (reason: String) in
            PermissionDenied(permission: .net, subject: url, flag: nil, reason: reason)
        }
        guard !url.utf8.contains(0), url.utf8.count <= 8192 else {
            throw denied("a URL must be at most 8192 bytes, with no zero byte")
        }
        var scheme = [CChar](repeating: 0, count: 256)
        var host = [CChar](repeating: 0, count: 1024)
        var normalized = [CChar](repeating: 0, count: 16384)
        var port = 0
        let status = url.withCString { url in
            if let base {
                return base.withCString { base in
                    theolua_http_url_parts(
                        url, base, &scheme, scheme.count, &host, host.count, &port, &normalized, normalized.count)
                }
            }
            return theolua_http_url_parts(
                url, nil, &scheme, scheme.count, &host, host.count, &port, &normalized, normalized.count)
        }
        guard status == 0 else { throw denied(cText(scheme)) }
        let schemeText = cText(scheme).lowercased()
        guard schemeText == "http" || schemeText == "https" else {
            throw denied("only http and https URLs can be fetched")
        }
        guard !cText(host).isEmpty else { throw denied("the URL names no host") }
        return Target(url: cText(normalized), scheme: schemeText, host: cText(host), port: port)
    }

    /// A host name as grants compare it: lowercased, without a final dot.
    static func canonical(_ host: String) -> String {
        let lowered = host.lowercased()
        return lowered.hasSuffix(".") ? String(lowered.dropLast()) : lowered
    }

    /// A grant as the command line gives it: its host and port, or a nil host when it
    /// is not `HOST` or `HOST:PORT` (with a port from 1 to 65535, and no scheme or path).
    public static func parseGrant(_ entry: String) -> (host: String?, port: Int?) {
        let (host, port) = split(entry)
        let portText = entry.hasPrefix("[") ? entry.split(separator: "]").dropFirst().first.map(String.init) : nil
        let hasPortPart = entry.hasPrefix("[") ? (portText?.hasPrefix(":") ?? false) : entry.contains(":")
        if hasPortPart && port == nil { return (nil, nil) }
        if let port, !(1...65_535).contains(port) { return (nil, nil) }
        if host.isEmpty || host.contains("/") || host.contains("@") || host.contains(" ") { return (nil, nil) }
        return (host, port)
    }

    /// Whether the grant `entry` reaches everything `asked` (another grant) does: the
    /// same host, and any port or the same one.
    public static func grant(_ entry: String, covers asked: String) -> Bool {
        let (host, port) = split(entry)
        let (askedHost, askedPort) = split(asked)
        return canonical(host) == canonical(askedHost) && (port == nil || port == askedPort)
    }

    /// A grant's host and port: `example.com`, `example.com:8080`, `[::1]:8080`.
    static func split(_ entry: String) -> (host: String, port: Int?) {
        if entry.hasPrefix("[") {
            guard let close = entry.firstIndex(of: "]") else { return (entry, nil) }
            let host = String(entry[...close])
            let rest = entry[entry.index(after: close)...]
            if rest.hasPrefix(":"), let port = Int(rest.dropFirst()) { return (host, port) }
            return (host, nil)
        }
        let parts = entry.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count == 2, let port = Int(parts[1]) { return (String(parts[0]), port) }
        return (entry, nil)
    }
}

/// The text a C function wrote into `buffer`, up to its terminating zero.
func cText(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
