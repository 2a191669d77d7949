#if Serve
import Foundation
import NIOCore
import NIOPosix
import TheoluaTerminal

/// One session's app: a `theolua run` of its own on a pseudo-terminal the size of the
/// client's, fed the client's keys and window changes, its output handed back, ending
/// with the app's exit status. The transport (an SSH channel) gives it a ``Client`` and
/// drives it, all on the client's event loop.
///
/// The session ends when the app does (ctrl+c, `ui.quit()`), when the client goes (the
/// app is hung up, as by a closing terminal), or when no key came for the idle timeout.
final class AppSession {
    /// What the session needs of its transport.
    struct Client {
        let loop: any EventLoop
        /// Hands the app's output to the client, and sends what was handed.
        let write: (ByteBuffer) -> Void
        let flush: () -> Void
        /// Tells the client a line outside the app (why it cannot have one, why it ended).
        let say: (String) -> Void
        /// Ends the session with the app's exit status.
        let end: (Int32) -> Void
        /// Whether to read more from the client: false while the app's terminal holds
        /// keys the app has not read.
        let read: (Bool) -> Void
    }

    private let sessions: Sessions
    private let peer: String
    private let client: Client
    private var configuration: ServeConfiguration { sessions.configuration }
    /// The session's number once admitted, its app's process (until reaped), the channel
    /// of its pseudo-terminal's controller, and the controller's descriptor while that
    /// channel (which owns it) is open.
    private var id: Int?
    private var pid: pid_t?
    private var terminalChannel: (any Channel)?
    private var controller: Int32?
    private var lastKey = NIODeadline.now()
    private var idleCheck: RepeatedTask?
    private var exitStatus: Int32?
    private var drained = false
    private var endedIdle = false
    private var finished = false
    /// Whether the client takes more output now; while it does not, the app's terminal
    /// is not read, so that an app writing faster than its client reads waits for it
    /// (as it would at a slow terminal) instead of filling the server's memory.
    private var clientTakesOutput: Bool

    /// The variables a client may set for its session's app.
    static func accepts(variable name: String) -> Bool {
        name == "LANG" || name.hasPrefix("LC_") || name == "COLORTERM" || name == "TZ"
    }

    init(sessions: Sessions, peer: String, client: Client, writable: Bool = true) {
        self.sessions = sessions
        self.peer = peer
        self.client = client
        self.clientTakesOutput = writable
    }

    /// Starts the app on a `columns`×`rows` terminal of type `terminalType`, with the
    /// client's accepted `environment`; without a terminal (nil), tells the client why
    /// there is no app and ends.
    func start(terminal: (type: String, columns: Int, rows: Int)?, environment: [String: String]) {
        guard let terminal else {
            refuse("theolua serve: this server runs an app, which needs a terminal: connect with ssh -t")
            return
        }
        guard let id = sessions.admit() else {
            refuse("theolua serve: \(configuration.maxSessions) sessions are open, the most this server takes; try again later")
            return
        }
        self.id = id
        var variables = PTY.environment().filter { entry in
            let name = entry.prefix { $0 != "=" }
            return name != "TERM" && name != "COLUMNS" && name != "LINES" && !name.hasPrefix("SSH_")
                && !Self.accepts(variable: String(name))
        }
        variables.append("TERM=\(terminal.type.isEmpty ? "xterm-256color" : terminal.type)")
        variables += environment.filter { Self.accepts(variable: $0.key) }.map { "\($0.key)=\($0.value)" }.sorted()
        let spawned: PTY.Spawned
        do {
            spawned = try PTY.spawn(
                configuration.executable, ["run", configuration.app] + configuration.runArguments,
                environment: variables, columns: terminal.columns, rows: terminal.rows)
        } catch {
            configuration.log("session \(id) from \(peer): \(error.description)")
            sessions.ended(id)
            self.id = nil
            refuse("theolua serve: the app could not start")
            return
        }
        closeDescriptor(spawned.replica)
        pid = spawned.pid
        let descriptor = spawned.controller
        sessions.started(id, pid: spawned.pid)
        configuration.log("session \(id) from \(peer) started (\(terminal.columns)x\(terminal.rows))")

        let session = NIOLoopBound(self, eventLoop: client.loop)
        NIOPipeBootstrap(group: client.loop)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(TerminalRelay(session: session))
                }
            }
            .takingOwnershipOfDescriptor(inputOutput: descriptor)
            .whenComplete { result in
                let app = session.value
                switch result {
                case .success(let channel):
                    app.terminalChannel = channel
                    app.controller = descriptor
                    if !app.clientTakesOutput { channel.setOption(ChannelOptions.autoRead, value: false).whenFailure { _ in } }
                    channel.closeFuture.whenComplete { _ in
                        let app = session.value
                        app.controller = nil
                        app.drained = true
                        app.finishIfDone()
                    }
                case .failure:
                    closeDescriptor(descriptor)
                    app.drained = true
                    app.hangUp(closingTerminal: false)
                }
            }
        // A thread waits for the app to end, leaving it unreaped: its pid stays its own
        // (a zombie) until the event loop reaps it, so that a kill sent on the loop can
        // never reach a process that took the number since.
        let pid = spawned.pid
        let sessions = self.sessions
        let loop = client.loop
        Thread.detachNewThread {
            var info = siginfo_t()
            while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
            loop.execute {
                defer { sessions.reported() }
                var status: Int32 = 0
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                let app = session.value
                app.exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
                app.pid = nil
                if !app.drained {
                    // What the app wrote last is still in the pty: read it, but not for
                    // ever (a process it started may hold the terminal open).
                    loop.scheduleTask(in: .seconds(1)) { session.value.terminalChannel?.close(promise: nil) }
                }
                app.finishIfDone()
            }
        }
        if let timeout = configuration.idleTimeout.map(TimeAmount.init) {
            let check = min(timeout, .seconds(1))
            idleCheck = client.loop.scheduleRepeatedTask(initialDelay: check, delay: check) { _ in
                let app = session.value
                guard app.pid != nil, !app.endedIdle, NIODeadline.now() - app.lastKey >= timeout else { return }
                app.endedIdle = true
                app.hangUp(closingTerminal: false)
            }
        }
    }

    /// Keys from the client, for the app.
    func type(_ bytes: ByteBuffer) {
        guard let terminalChannel else { return }
        lastKey = .now()
        terminalChannel.writeAndFlush(bytes, promise: nil)
    }

    /// The client's window changed size.
    func resize(columns: Int, rows: Int) {
        if terminalChannel != nil, let controller { PTY.resize(controller, columns: columns, rows: rows) }
    }

    /// The client's transport can take more output (`writable`), or is full.
    func clientWritable(_ writable: Bool) {
        guard writable != clientTakesOutput else { return }
        clientTakesOutput = writable
        terminalChannel?.setOption(ChannelOptions.autoRead, value: writable).whenFailure { _ in }
    }

    /// The client went: the app is hung up, as by a closing terminal, and the session
    /// ends.
    func clientGone() {
        hangUp(closingTerminal: true)
        endSession()
    }

    /// The app's terminal takes more keys, or holds as many as the server buffers for
    /// it: the client is read again, or not until then, so that a client typing (or
    /// pasting) faster than the app reads waits instead of filling the server's memory.
    fileprivate func terminalTakesKeys(_ writable: Bool) { client.read(writable) }

    /// Output of the app, from its terminal.
    fileprivate func relay(_ bytes: ByteBuffer) { client.write(bytes) }
    fileprivate func relayed() { client.flush() }

    /// Tells the client `message` on its standard error and ends the session with
    /// status 1, with no app started.
    func refuse(_ message: String) {
        client.say(message)
        exitStatus = 1
        drained = true
        finishIfDone()
    }

    /// Hangs the app up (SIGHUP to its process group), and kills it if it is still there
    /// a little later. Its terminal is closed too when the client is gone; otherwise what
    /// the app writes as it ends (the screen restored) still reaches the client.
    private func hangUp(closingTerminal: Bool) {
        guard let pid else { return }
        kill(-pid, SIGHUP)
        if closingTerminal { terminalChannel?.close(promise: nil) }
        let session = NIOLoopBound(self, eventLoop: client.loop)
        client.loop.scheduleTask(in: .seconds(2)) {
            // Not reaped yet: the number is still the app's.
            if session.value.pid == pid { kill(-pid, SIGKILL) }
        }
    }

    /// Ends the session once the app has ended and its last output is relayed.
    private func finishIfDone() {
        guard let exitStatus, drained, !finished else { return }
        if endedIdle, let timeout = configuration.idleTimeout {
            client.say("theolua serve: the session ended after \(timeout.components.seconds) s without a key")
        }
        client.end(exitStatus)
        endSession()
    }

    /// Frees the session's place, once.
    private func endSession() {
        guard !finished else { return }
        finished = true
        idleCheck?.cancel()
        idleCheck = nil
        guard let id else { return }
        sessions.ended(id)
        let how = exitStatus.map { "ended (status \($0))" } ?? "ended (the client went)"
        configuration.log("session \(id) from \(peer) \(how)" + (endedIdle ? " after going idle" : ""))
    }
}

/// On the pseudo-terminal's controller: what the app writes goes to the client.
private final class TerminalRelay: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let session: NIOLoopBound<AppSession>

    init(session: NIOLoopBound<AppSession>) {
        self.session = session
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        session.value.relay(unwrapInboundIn(data))
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        session.value.relayed()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        session.value.terminalTakesKeys(context.channel.isWritable)
        context.fireChannelWritabilityChanged()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // EIO once the app has ended and the replica is closed: the end of its output.
        session.value.relayed()
        context.close(promise: nil)
    }
}

/// Closes a descriptor (a method named `close` hides the C function in handlers).
private func closeDescriptor(_ descriptor: Int32) {
    #if canImport(Glibc)
        _ = Glibc.close(descriptor)
    #elseif canImport(Darwin)
        _ = Darwin.close(descriptor)
    #endif
}

extension TimeAmount {
    /// `duration`, to the nanosecond.
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
#endif
