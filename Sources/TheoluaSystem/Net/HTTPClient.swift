import CTheoluaSystem
import TheoluaLock

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// HTTP and HTTPS requests made through libcurl (loaded when first used), answered on
/// the caller's thread as an ``IOSource`` of its reactor.
///
/// Why libcurl: it is the client the web's tools are built on (HTTP/1.1 and 2, TLS
/// with the system's certificates, proxies from the environment, decoding), it needs
/// nothing compiled into theolua, and loading it only when a script fetches keeps
/// theolua running where it is missing. Transfers run on one thread of the client's
/// own, which waits on their sockets (curl's multi interface); what is done is handed
/// back through a pipe the reactor polls, so the run loop never blocks on the network.
///
/// Nothing here follows redirects or checks grants: a response says where a redirect
/// leads (``Response/redirect``), and the caller decides (see ``NetGate``).
public final class HTTPClient: IOSource {
    /// One request.
    public struct Request: Sendable {
        public var url: String
        public var method: String
        /// Names and values, sent in this order.
        public var headers: [(name: String, value: String)]
        public var body: [UInt8]?
        /// For the whole exchange, connecting included.
        public var timeout: Duration
        /// The most bytes of body (and of headers) kept; a larger response fails.
        public var limit: Int

        public init(
            url: String, method: String = "GET", headers: [(name: String, value: String)] = [], body: [UInt8]? = nil,
            timeout: Duration = .seconds(30), limit: Int = HTTPClient.defaultLimit
        ) {
            self.url = url
            self.method = method
            self.headers = headers
            self.body = body
            self.timeout = timeout
            self.limit = limit
        }
    }

    /// What came back.
    public struct Response: Sendable {
        public var status: Int
        /// The headers of the response, in order, names as sent.
        public var headers: [(name: String, value: String)]
        public var body: [UInt8]
        /// Where a redirect (a 3xx with a Location) leads, made absolute.
        public var redirect: String?
    }

    /// Why a request got no response: the reason, in words.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var description: String

        public init(_ description: String) {
            self.description = description
        }
    }

    /// The most bytes of a response kept by default: 64 MiB.
    public static let defaultLimit = 64 << 20

    /// The requests started and not yet answered, by number, with their completions.
    private var waiting: [Int: (Result<Response, Failure>) -> Void] = [:]
    private var nextNumber = 1
    private var worker: Worker?

    public init() {}

    deinit {
        worker?.stop()
    }

    /// Starts `request`; `completion` is called once, on this thread, when the reactor
    /// services the client after it is done (never when it is cancelled first).
    /// Returns the request's number, for ``cancel(_:)``.
    ///
    /// - Throws: ``Failure`` when the request cannot be made (libcurl missing, a
    ///   setting refused).
    public func start(_ request: Request, completion: @escaping (Result<Response, Failure>) -> Void) throws(Failure)
        -> Int
    {
        let transfer = try Self.transfer(for: request)
        let worker = try currentWorker()
        let number = nextNumber
        nextNumber += 1
        waiting[number] = completion
        worker.add(number, transfer)
        return number
    }

    /// Drops request `number`: its transfer stops, and its completion is not called.
    public func cancel(_ number: Int) {
        guard waiting.removeValue(forKey: number) != nil else { return }
        worker?.cancel(number)
    }

    /// Drops every request.
    public func cancelAll() {
        for number in Array(waiting.keys) { cancel(number) }
    }

    /// How many requests wait for their answer.
    public var waitingCount: Int { waiting.count }

    // MARK: IOSource

    public var descriptors: [Int32] { worker.map { [$0.wakeDescriptor] } ?? [] }
    public var deadline: ContinuousClock.Instant? { nil }
    public var isFinished: Bool { waiting.isEmpty }

    public func service(now: ContinuousClock.Instant, budget: Int) {
        guard let worker else { return }
        for (number, transfer) in worker.takeDone() {
            let outcome = Self.outcome(of: transfer)
            theolua_http_transfer_free(transfer.pointer)
            guard let completion = waiting.removeValue(forKey: number) else { continue }
            completion(outcome)
        }
    }

    // MARK: Transfers

    private func currentWorker() throws(Failure) -> Worker {
        if let worker { return worker }
        let made = try Worker.start()
        worker = made
        return made
    }

    /// A transfer set up for `request`.
    private static func transfer(for request: Request) throws(Failure) -> Transfer {
        let lines = request.headers.map { "\($0.name): \($0.value)" }
        var error = [CChar](repeating: 0, count: 512)
        let milliseconds = request.timeout.components.seconds * 1000
            + request.timeout.components.attoseconds / 1_000_000_000_000_000
        let made: OpaquePointer? = request.url.withCString { url in
            request.method.withCString { method in
                withCStrings(lines) { headers in
                    let body = request.body ?? []
                    return body.withUnsafeBufferPointer { bytes in
                        var options = theolua_http_options(
                            url: url, method: method, headers: headers.baseAddress, header_count: lines.count,
                            body: request.body == nil ? nil : (bytes.baseAddress ?? UnsafePointer(bitPattern: 1)),
                            body_length: body.count, timeout_ms: Int(max(1, milliseconds)),
                            limit: max(0, request.limit))
                        return theolua_http_transfer_new(&options, &error, error.count)
                    }
                }
            }
        }
        guard let made else { throw Failure(cText(error)) }
        return Transfer(pointer: made)
    }

    /// The response or failure a finished transfer holds.
    private static func outcome(of transfer: Transfer) -> Result<Response, Failure> {
        if let failure = theolua_http_failure(transfer.pointer) { return .failure(Failure(String(cString: failure))) }
        var length = 0
        let body = theolua_http_body(transfer.pointer, &length).map { Array(UnsafeBufferPointer(start: $0, count: length)) }
        var headerLength = 0
        let block = theolua_http_headers(transfer.pointer, &headerLength).map {
            String(decoding: UnsafeRawBufferPointer(start: $0, count: headerLength), as: UTF8.self)
        }
        return .success(
            Response(
                status: theolua_http_status(transfer.pointer), headers: headerFields(block ?? ""), body: body ?? [],
                redirect: theolua_http_redirect(transfer.pointer).map { String(cString: $0) }))
    }

    /// The fields of a response's header block: the status line dropped, folded lines
    /// joined.
    static func headerFields(_ block: String) -> [(name: String, value: String)] {
        var fields: [(name: String, value: String)] = []
        for rawLine in block.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine[...]
            if line.hasPrefix("HTTP/") || line.isEmpty { continue }
            if line.first == " " || line.first == "\t", !fields.isEmpty {
                fields[fields.count - 1].value += " " + line.drop { $0 == " " || $0 == "\t" }
                continue
            }
            guard let colon = line.firstIndex(of: ":") else { continue }
            let value = line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
            fields.append((String(line[..<colon]), String(value.reversed().drop { $0 == " " || $0 == "\t" }.reversed())))
        }
        return fields
    }
}

/// A transfer handed between the client's threads: only one of them touches it at a
/// time (the worker while it runs, the client's thread before and after).
struct Transfer: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// The thread that runs the transfers, and what is handed to and from it.
private final class Worker: @unchecked Sendable {
    // @unchecked: the multi handle is touched by the worker's thread alone (and by
    // `stop` after joining it); everything else is in `shared` or immutable.
    private struct Shared: @unchecked Sendable {
        var added: [(Int, Transfer)] = []
        var cancelled: [Int] = []
        var done: [(Int, Transfer)] = []
        var stopping = false
    }

    private let multi: OpaquePointer
    private let shared = Locked(Shared())
    private let pipe: (read: Int32, write: Int32)
    private var thread: pthread_t?

    /// The descriptor that becomes readable when a transfer is done.
    var wakeDescriptor: Int32 { pipe.read }

    private init(multi: OpaquePointer, pipe: (read: Int32, write: Int32)) {
        self.multi = multi
        self.pipe = pipe
    }

    static func start() throws(HTTPClient.Failure) -> Worker {
        var reason = [CChar](repeating: 0, count: 256)
        guard theolua_http_load(&reason, reason.count) == 0 else { throw .init(cText(reason)) }
        guard let multi = theolua_http_multi_new() else { throw .init("libcurl could not start a client") }
        guard let ends = nonBlockingPipe() else {
            theolua_http_multi_free(multi)
            throw .init("cannot make a pipe: \(String(cString: strerror(errno)))")
        }
        let worker = Worker(multi: multi, pipe: ends)
        let context = Unmanaged.passRetained(worker).toOpaque()
        var thread = pthread_t()
        let created = pthread_create(
            &thread, nil,
            { context in
                guard let context else { return nil }
                Unmanaged<Worker>.fromOpaque(context).takeRetainedValue().run()
                return nil
            }, context)
        guard created == 0 else {
            Unmanaged<Worker>.fromOpaque(context).release()
            throw .init("cannot start the client's thread")
        }
        worker.thread = thread
        return worker
    }

    func add(_ number: Int, _ transfer: Transfer) {
        shared.withLock { $0.added.append((number, transfer)) }
        theolua_http_multi_wakeup(multi)
    }

    func cancel(_ number: Int) {
        shared.withLock { $0.cancelled.append(number) }
        theolua_http_multi_wakeup(multi)
    }

    /// The transfers done since last asked, emptying the pipe that said so.
    func takeDone() -> [(Int, Transfer)] {
        var drain = [UInt8](repeating: 0, count: 64)
        while read(pipe.read, &drain, drain.count) > 0 {}
        return shared.withLock { shared in
            defer { shared.done = [] }
            return shared.done
        }
    }

    /// Ends the thread, freeing every transfer it still has.
    func stop() {
        shared.withLock { $0.stopping = true }
        theolua_http_multi_wakeup(multi)
        if let thread { pthread_join(thread, nil) }
        let left = shared.withLock { shared in
            defer {
                shared.added = []
                shared.done = []
            }
            return shared.added + shared.done
        }
        for (_, transfer) in left { theolua_http_transfer_free(transfer.pointer) }
        theolua_http_multi_free(multi)
        close(pipe.read)
        close(pipe.write)
    }

    private func run() {
        var running: [Int: Transfer] = [:]
        while true {
            let (added, cancelled, stopping) = shared.withLock { shared in
                defer {
                    shared.added = []
                    shared.cancelled = []
                }
                return (shared.added, shared.cancelled, shared.stopping)
            }
            for (number, transfer) in added {
                if theolua_http_multi_add(multi, transfer.pointer) == 0 {
                    running[number] = transfer
                } else {
                    finish(number, transfer)
                }
            }
            for number in cancelled {
                guard let transfer = running.removeValue(forKey: number) else { continue }
                theolua_http_multi_remove(multi, transfer.pointer)
                theolua_http_transfer_free(transfer.pointer)
            }
            if stopping {
                for transfer in running.values {
                    theolua_http_multi_remove(multi, transfer.pointer)
                    theolua_http_transfer_free(transfer.pointer)
                }
                return
            }
            theolua_http_multi_run(multi, running.isEmpty ? 10_000 : 1_000)
            while let finished = theolua_http_multi_next_done(multi) {
                guard let entry = running.first(where: { $0.value.pointer == finished }) else { continue }
                running.removeValue(forKey: entry.key)
                finish(entry.key, entry.value)
            }
        }
    }

    /// Hands a finished transfer to the client's thread and wakes it.
    private func finish(_ number: Int, _ transfer: Transfer) {
        shared.withLock { $0.done.append((number, transfer)) }
        var byte: UInt8 = 1
        _ = write(pipe.write, &byte, 1)
    }
}

/// Runs `body` with `strings` as an array of C strings.
private func withCStrings<Result>(_ strings: [String], _ body: (UnsafeBufferPointer<UnsafePointer<CChar>?>) -> Result)
    -> Result
{
    let copies = strings.map { strdup($0) }
    defer { for copy in copies { free(copy) } }
    let pointers = copies.map { UnsafePointer($0) }
    return pointers.withUnsafeBufferPointer(body)
}

/// A pipe, both ends close-on-exec and non-blocking.
private func nonBlockingPipe() -> (read: Int32, write: Int32)? {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return nil }
    for end in ends {
        _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
    }
    return (ends[0], ends[1])
}
