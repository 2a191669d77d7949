#if Serve
import Foundation
import NIOCore
import NIOPosix
import NIOSSH
import TheoluaLock

/// What `theolua serve` serves, and how.
public struct ServeConfiguration: Sendable {
    /// The `theolua` binary each session runs (`theolua run APP …`).
    public var executable: String
    /// The app, an absolute path.
    public var app: String
    /// What follows `run APP` for every session: props, grants, limits.
    public var runArguments: [String]
    /// Where to listen for SSH; port 0 takes a free one (``SSHServer/port`` tells which).
    public var host: String
    public var port: Int
    /// The private key the server proves itself with, and the public keys let in.
    public var hostKeyPath: String
    public var authorizedKeysPath: String
    /// The most sessions open at once; one more is told so and ended.
    public var maxSessions: Int
    /// How long a session may go without a key before it ends; nil: never.
    public var idleTimeout: Duration?
    /// How long a connection may take to log in and open its session before it is
    /// closed (OpenSSH's LoginGraceTime), or a web connection to open its WebSocket:
    /// one that never does holds nothing for long.
    public var loginGrace: Duration = .seconds(60)
    /// How many authentication requests a connection may make (each key a client offers
    /// is one or two) before it is disconnected.
    public var authenticationAttempts = 12
    /// Where the server tells what happens: sessions starting and ending, keys refused.
    public var log: @Sendable (String) -> Void

    public init(
        executable: String, app: String, runArguments: [String], host: String, port: Int, hostKeyPath: String,
        authorizedKeysPath: String, maxSessions: Int, idleTimeout: Duration?, log: @escaping @Sendable (String) -> Void
    ) {
        self.executable = executable
        self.app = app
        self.runArguments = runArguments
        self.host = host
        self.port = port
        self.hostKeyPath = hostKeyPath
        self.authorizedKeysPath = authorizedKeysPath
        self.maxSessions = maxSessions
        self.idleTimeout = idleTimeout
        self.log = log
    }
}

/// Why the server could not start.
public struct ServeError: Error, CustomStringConvertible {
    public var description: String
}

/// An SSH server (SwiftNIO's) whose every session runs the app in a `theolua run` of
/// its own, on a pseudo-terminal sized to the client's: a session's crash, runaway
/// script or exhausted memory ends that process only. Public-key authentication against
/// the authorized keys, nothing else: no password, no shell, no command but the app, no
/// forwarding.
public final class SSHServer: Sendable {
    private let listener: Listener
    /// The port the server listens on.
    public var port: Int { listener.port }
    /// What was left out of the authorized keys, one line each.
    public let warnings: [String]

    /// Reads the keys and starts listening; `sessions` is shared with a web server so
    /// that one cap counts both.
    public init(configuration: ServeConfiguration, sessions: Sessions? = nil) throws(ServeError) {
        let hostKey: NIOSSHPrivateKey
        let authorized: AuthorizedKeys
        do {
            hostKey = try HostKey.parse(try Self.read(configuration.hostKeyPath, "host key"), path: configuration.hostKeyPath)
            authorized = try AuthorizedKeys(
                parsing: try Self.read(configuration.authorizedKeysPath, "authorized keys"),
                path: configuration.authorizedKeysPath)
        } catch let error as ServeError {
            throw error
        } catch {
            throw ServeError(description: "\(error)")
        }
        warnings = authorized.warnings
        let sessions = sessions ?? Sessions(configuration: configuration)
        let authenticator = KeyAuthenticator(keys: authorized.keys, log: configuration.log)
        listener = try Listener(host: configuration.host, port: configuration.port, sessions: sessions) { channel, peer in
            var server = SSHServerConfiguration(hostKeys: [hostKey], userAuthDelegate: authenticator)
            server.maxAuthAttempts = configuration.authenticationAttempts
            // Closed unless a session opens in time.
            let opened = Listener.closing(channel, unlessOpenedWithin: configuration.loginGrace)
            let ssh = NIOSSHHandler(
                role: .server(server),
                allocator: channel.allocator,
                inboundChildChannelInitializer: { child, type in
                    guard case .session = type else {
                        return child.eventLoop.makeFailedFuture(ServeError(description: "only sessions are served"))
                    }
                    opened.value = true
                    return child.eventLoop.makeCompletedFuture {
                        try child.pipeline.syncOperations.addHandler(SessionHandler(sessions: sessions, peer: peer))
                    }
                })
            try channel.pipeline.syncOperations.addHandlers([ssh, ConnectionErrorHandler()])
        }
    }

    /// Stops listening and ends every session: each app gets SIGHUP, as when a terminal
    /// closes, and is killed if it has not ended a little later.
    public func stop() { listener.stop() }

    /// Waits until the server stops.
    public func wait() { listener.wait() }

    private static func read(_ path: String, _ what: String) throws(ServeError) -> String {
        guard let data = FileManager.default.contents(atPath: path), data.count <= 1 << 20 else {
            throw ServeError(description: "cannot read the \(what) file \(path)")
        }
        return String(decoding: data, as: UTF8.self)
    }
}

/// A listening socket on an event loop of its own, and the sessions its connections
/// open: what the SSH and the web server share.
struct Listener: Sendable {
    let group: MultiThreadedEventLoopGroup
    let channel: any Channel
    let sessions: Sessions
    let port: Int

    /// Listens on `host`:`port`, setting up each connection's pipeline with
    /// `initialize`, which is given the connection and its peer's address.
    init(
        host: String, port: Int, sessions: Sessions,
        initialize: @escaping @Sendable (any Channel, String) throws -> Void
    ) throws(ServeError) {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try initialize(channel, channel.remoteAddress.map { "\($0.ipAddress ?? "?"):\($0.port ?? 0)" } ?? "?")
                }
            }
        do {
            channel = try bootstrap.bind(host: host, port: port).wait()
        } catch {
            try? group.syncShutdownGracefully()
            throw ServeError(description: "cannot listen on \(host):\(port): \(Self.reason(error))")
        }
        self.group = group
        self.sessions = sessions
        self.port = channel.localAddress?.port ?? port
    }

    /// Why a bind failed, in the system's words rather than the library's (its
    /// `IOError` names the call it made), with what to do when the port is taken.
    static func reason(_ error: any Error) -> String {
        guard let failure = error as? IOError else { return "\(error)" }
        let words = String(cString: strerror(failure.errnoCode))
        switch failure.errnoCode {
        case EADDRINUSE: return "\(words): another program listens there; choose another port"
        case EACCES: return "\(words): a port below 1024 needs privileges; choose a port from 1024 up"
        case EADDRNOTAVAIL: return "\(words): no interface of this machine has that address"
        default: return words
        }
    }

    /// Closes `connection` once `grace` has passed, unless the returned box was set
    /// (a session opened) by then: one that never opens one holds nothing for long.
    static func closing(_ connection: any Channel, unlessOpenedWithin grace: Duration) -> NIOLoopBoundBox<Bool> {
        let opened = NIOLoopBoundBox(false, eventLoop: connection.eventLoop)
        connection.eventLoop.scheduleTask(in: TimeAmount(grace)) {
            if !opened.value { connection.close(promise: nil) }
        }
        return opened
    }

    func stop() {
        channel.close(promise: nil)
        // While the event loop still runs: each app's end is reported on it.
        sessions.endAll()
        try? group.syncShutdownGracefully()
    }

    func wait() {
        try? channel.closeFuture.wait()
    }
}

/// Lets in the keys of the authorized keys file (NIOSSH has checked the signature), any
/// user name.
private final class KeyAuthenticator: NIOSSHServerUserAuthenticationDelegate, Sendable {
    let keys: Set<NIOSSHPublicKey>
    let log: @Sendable (String) -> Void

    init(keys: Set<NIOSSHPublicKey>, log: @escaping @Sendable (String) -> Void) {
        self.keys = keys
        self.log = log
    }

    var supportedAuthenticationMethods: NIOSSHAvailableUserAuthenticationMethods { .publicKey }

    func requestReceived(
        request: NIOSSHUserAuthenticationRequest, responsePromise: EventLoopPromise<NIOSSHUserAuthenticationOutcome>
    ) {
        guard case .publicKey(let offer) = request.request, keys.contains(offer.publicKey) else {
            responsePromise.succeed(.failure)
            return
        }
        responsePromise.succeed(.success)
    }
}

/// Closes a connection whose SSH layer failed (a bad packet, a key exchange gone wrong).
private final class ConnectionErrorHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = Any

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}

/// The sessions open now: how many (against the cap), and each one's process, so that
/// stopping the server ends them all. One for the SSH and the web server of one
/// `theolua serve`, so that `maxSessions` counts both.
public final class Sessions: Sendable {
    let configuration: ServeConfiguration
    private struct State {
        var open: [Int: pid_t] = [:]
        var admitted = 0
        var next = 1
        /// Apps whose end is still to be reported (each waited for by a thread).
        var running = 0
    }
    private let state = Locked(State())

    public init(configuration: ServeConfiguration) {
        self.configuration = configuration
    }

    /// A number for a new session, or nil when `maxSessions` are open.
    func admit() -> Int? {
        state.withLock { state in
            guard state.admitted < configuration.maxSessions else { return nil }
            state.admitted += 1
            defer { state.next += 1 }
            return state.next
        }
    }

    /// Notes the process of session `id`, whose end is to be reported.
    func started(_ id: Int, pid: pid_t) {
        state.withLock { state in
            state.open[id] = pid
            state.running += 1
        }
    }

    /// The end of an app started by `started` has been reported.
    func reported() {
        state.withLock { $0.running -= 1 }
    }

    /// Session `id` (admitted, once) has ended: its place is free.
    func ended(_ id: Int) {
        state.withLock { state in
            state.open.removeValue(forKey: id)
            state.admitted = max(0, state.admitted - 1)
        }
    }

    /// How many sessions are open.
    public var count: Int { state.withLock { $0.admitted } }

    /// Hangs up every session's app, kills what is left two seconds later, and waits
    /// (a little) until each end is reported.
    func endAll() {
        let pids = state.withLock { Array($0.open.values) }
        for pid in pids { kill(-pid, SIGHUP) }
        func settled(within seconds: Int64) -> Bool {
            let deadline = ContinuousClock.now + .seconds(seconds)
            while state.withLock({ $0.running > 0 }) {
                if ContinuousClock.now >= deadline { return false }
                usleep(10_000)
            }
            return true
        }
        if !settled(within: 2) {
            for pid in state.withLock({ Array($0.open.values) }) { kill(-pid, SIGKILL) }
            _ = settled(within: 1)
        }
    }
}
#endif
