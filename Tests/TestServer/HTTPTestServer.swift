import TheoluaLock

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 for the tests of `ui.fetch`: each connection
/// on a thread of its own, one request per connection, answered by the test's handler.
/// Test scaffolding only: it reads what theolua's client sends and nothing stranger.
public final class HTTPTestServer: @unchecked Sendable {
    // @unchecked: `listener` and `port` are set once in init; the rest is in `state`.

    /// A request as it arrived.
    public struct Request: Sendable {
        public var method: String
        public var path: String
        /// Names lowercased.
        public var headers: [String: String]
        public var body: [UInt8]
    }

    /// What to answer.
    public struct Reply: Sendable {
        public var status: Int
        public var headers: [(String, String)]
        public var body: [UInt8]
        /// How long to wait before answering.
        public var delay: Duration

        public init(
            status: Int = 200, headers: [(String, String)] = [], body: String = "", delay: Duration = .zero
        ) {
            self.init(status: status, headers: headers, bytes: Array(body.utf8), delay: delay)
        }

        public init(status: Int = 200, headers: [(String, String)] = [], bytes: [UInt8], delay: Duration = .zero) {
            self.status = status
            self.headers = headers
            self.body = bytes
            self.delay = delay
        }
    }

    /// The port it listens on.
    public let port: Int
    private let listener: Int32
    private let handler: @Sendable (Request) -> Reply
    // A lock ThreadSanitizer sees (docs/sanitizers.md).
    private let state = Locked<(requests: [Request], stopped: Bool)>(([], false))
    private var acceptor: pthread_t?

    /// Starts listening on an ephemeral port of 127.0.0.1.
    public init(_ handler: @escaping @Sendable (Request) -> Reply) throws {
        self.handler = handler
        let (socket, port) = try boundSocket(reusingAddress: true)
        guard listen(socket, 64) == 0 else {
            close(socket)
            throw ServerError("listen")
        }
        self.port = port
        listener = socket
        acceptor = Self.thread { [self] in acceptLoop() }
    }

    /// Stops listening, waiting for the thread that accepts.
    public func stop() {
        state.withLock { $0.stopped = true }
        if let acceptor { pthread_join(acceptor, nil) }
        acceptor = nil
        close(listener)
    }

    deinit {
        if acceptor != nil { stop() }
    }

    /// The requests answered so far, in order.
    public var requests: [Request] { state.withLock { $0.requests } }

    /// `http://127.0.0.1:<port>` followed by `path`.
    public func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    private func acceptLoop() {
        while !state.withLock({ $0.stopped }) {
            var entry = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 50) > 0 else { continue }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            if let thread = Self.thread({ [self] in serve(connection) }) { pthread_detach(thread) }
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        guard let request = Self.read(connection) else { return }
        state.withLock { $0.requests.append(request) }
        let reply = handler(request)
        if reply.delay > .zero {
            let (seconds, attoseconds) = reply.delay.components
            var time = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
            nanosleep(&time, nil)
        }
        var head = "HTTP/1.1 \(reply.status) Status\r\n"
        var headers = reply.headers
        if !headers.contains(where: { $0.0.lowercased() == "content-length" }) {
            headers.append(("Content-Length", String(reply.body.count)))
        }
        headers.append(("Connection", "close"))
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        let bytes = Array(head.utf8) + (request.method == "HEAD" ? [] : reply.body)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Self.noSignal) }
            if written <= 0 { return }
            offset += written
        }
    }

    /// Reads one request: its head, and as much body as its Content-Length says.
    private static func read(_ connection: Int32) -> Request? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        var headEnd: Int?
        var expected = 0
        while true {
            if let end = headEnd, bytes.count >= end + expected { break }
            let count = recv(connection, &chunk, chunk.count, 0)
            if count <= 0 { return nil }
            bytes += chunk[0..<count]
            // Not HTTP (a TLS handshake, say): answer as a plain server would, and close.
            if let first = bytes.first, !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first) {
                let refusal = Array("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n".utf8)
                _ = refusal.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, noSignal) }
                return nil
            }
            if headEnd == nil, let range = find([13, 10, 13, 10], in: bytes) {
                headEnd = range
                let head = String(decoding: bytes[0..<range], as: UTF8.self)
                for line in head.split(separator: "\r\n") where line.lowercased().hasPrefix("content-length:") {
                    expected = Int(line.split(separator: ":")[1].trimmingPrefix(" ")) ?? 0
                }
            }
        }
        guard let end = headEnd else { return nil }
        let lines = String(decoding: bytes[0..<end], as: UTF8.self).split(separator: "\r\n")
        let first = lines.first?.split(separator: " ") ?? []
        guard first.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = String(line[line.index(after: colon)...].trimmingPrefix(" "))
        }
        return Request(
            method: String(first[0]), path: String(first[1]), headers: headers,
            body: Array(bytes[(end + 4)..<min(bytes.count, end + 4 + expected)]))
    }

    #if os(Linux)
        private static let noSignal = Int32(MSG_NOSIGNAL)
    #else
        private static let noSignal: Int32 = 0
    #endif

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where Array(haystack[start..<start + needle.count]) == needle {
            return start
        }
        return nil
    }

    private static func thread(_ body: @escaping () -> Void) -> pthread_t? {
        final class Box {
            let body: () -> Void
            init(_ body: @escaping () -> Void) { self.body = body }
        }
        let context = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        let created = pthread_create(
            &thread, nil,
            { context in
                guard let context else { return nil }
                Unmanaged<Box>.fromOpaque(context).takeRetainedValue().body()
                return nil
            }, context)
        if created != 0 {
            Unmanaged<Box>.fromOpaque(context).release()
            return nil
        }
        return thread
    }
}

struct ServerError: Error {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A port of 127.0.0.1 bound and not listening, held until this is released: a
/// connection to it is refused at once, and no other test can take the port meanwhile
/// (a stopped server's port can be, by a server another test starts).
public final class ClosedPort {
    public let port: Int
    private let socket: Int32

    public init() throws {
        (socket, port) = try boundSocket(reusingAddress: false)
    }

    deinit { close(socket) }
}

/// A TCP socket bound to an ephemeral port of 127.0.0.1, and the port.
private func boundSocket(reusingAddress: Bool) throws -> (socket: Int32, port: Int) {
    #if canImport(Glibc)
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
        let socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard socket >= 0 else { throw ServerError("socket") }
    if reusingAddress {
        var yes: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    guard bound == 0 else {
        close(socket)
        throw ServerError("bind")
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
    }
    return (socket, Int(UInt16(bigEndian: address.sin_port)))
}
