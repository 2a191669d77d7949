#if Serve
import Foundation
import NIOCore
import NIOPosix
import NIOSSH
import TheoluaTerminal

/// One SSH session channel: takes the client's terminal (its type and size), starts the
/// app on a pseudo-terminal of that size when the client asks for a shell, relays keys
/// in and frames out, follows window changes, and ends with the app's exit status. An
/// exec or subsystem request is refused: the app is the only thing a session runs.
///
/// The session ends when the app does (ctrl+c, `ui.quit()`), when the client goes (the
/// app is hung up, as by a closing terminal), or when no key came for the idle timeout.
final class SessionHandler: ChannelDuplexHandler {
    typealias InboundIn = SSHChannelData
    typealias OutboundIn = SSHChannelData
    typealias OutboundOut = SSHChannelData

    private let sessions: Sessions
    private let peer: String
    private var configuration: ServeConfiguration { sessions.configuration }
    /// The client's terminal, from its pty request.
    private var terminal: (type: String, columns: Int, rows: Int)?
    /// Variables the client sent that the app may see (locale, color support).
    private var environment: [String: String] = [:]
    /// The session's number once admitted, its app's process, and the channel of its
    /// pseudo-terminal's controller.
    private var id: Int?
    private var pid: pid_t?
    private var terminalChannel: (any Channel)?
    /// The controller's descriptor, while its channel (which owns it) is open.
    private var controller: Int32?
    private var started = false
    private var lastKey = NIODeadline.now()
    private var idleCheck: RepeatedTask?
    private var exitStatus: Int32?
    private var drained = false
    private var endedIdle = false
    private var finished = false

    /// The variables a client may set for its session.
    static func accepts(variable name: String) -> Bool {
        name == "LANG" || name.hasPrefix("LC_") || name == "COLORTERM" || name == "TZ"
    }

    init(sessions: Sessions, peer: String) {
        self.sessions = sessions
        self.peer = peer
    }

    func handlerAdded(context: ChannelHandlerContext) {
        context.channel.setOption(ChannelOptions.allowRemoteHalfClosure, value: true).whenFailure { _ in }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        switch event {
        case let request as SSHChannelRequestEvent.PseudoTerminalRequest:
            terminal = (
                request.term, max(1, min(request.terminalCharacterWidth, 1_000)),
                max(1, min(request.terminalRowHeight, 1_000))
            )
            reply(request.wantReply, true, context)
        case let request as SSHChannelRequestEvent.EnvironmentRequest:
            let accepted = Self.accepts(variable: request.name) && !request.value.contains("\0")
            if accepted { environment[request.name] = request.value }
            reply(request.wantReply, accepted, context)
        case let request as SSHChannelRequestEvent.ShellRequest:
            // One app a session; the reply goes before anything the session says.
            let first = id == nil && !finished && !started
            reply(request.wantReply, first, context)
            if first { start(context) }
        case let request as SSHChannelRequestEvent.ExecRequest:
            reply(request.wantReply, false, context)
        case let request as SSHChannelRequestEvent.SubsystemRequest:
            reply(request.wantReply, false, context)
        case let request as SSHChannelRequestEvent.WindowChangeRequest:
            let size = (max(1, min(request.terminalCharacterWidth, 1_000)), max(1, min(request.terminalRowHeight, 1_000)))
            if let current = terminal { terminal = (current.type, size.0, size.1) }
            if terminalChannel != nil, let controller { PTY.resize(controller, columns: size.0, rows: size.1) }
        default:
            context.fireUserInboundEventTriggered(event)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let message = unwrapInboundIn(data)
        guard case .channel = message.type, case .byteBuffer(let bytes) = message.data, let terminalChannel else { return }
        lastKey = .now()
        terminalChannel.writeAndFlush(bytes, promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        // The client went: hang the app up, as a closing terminal does.
        hangUp(context.eventLoop, closingTerminal: true)
        endSession(status: exitStatus)
        context.fireChannelInactive()
    }

    private func reply(_ wanted: Bool, _ success: Bool, _ context: ChannelHandlerContext) {
        guard wanted else { return }
        let event: Any = success ? ChannelSuccessEvent() : ChannelFailureEvent()
        context.triggerUserOutboundEvent(event, promise: nil)
    }

    /// Starts the app for the session's shell request, or says why it cannot.
    private func start(_ context: ChannelHandlerContext) {
        started = true
        guard let terminal else {
            refuse("theolua serve: this server runs an app, which needs a terminal: connect with ssh -t", context)
            return
        }
        guard let id = sessions.admit() else {
            refuse(
                "theolua serve: \(configuration.maxSessions) sessions are open, the most this server takes; try again later",
                context)
            return
        }
        self.id = id
        var variables = PTY.environment().filter { entry in
            let name = entry.prefix { $0 != "=" }
            return name != "TERM" && name != "COLUMNS" && name != "LINES" && !name.hasPrefix("SSH_")
                && !Self.accepts(variable: String(name))
        }
        variables.append("TERM=\(terminal.type.isEmpty ? "xterm-256color" : terminal.type)")
        variables += environment.map { "\($0.key)=\($0.value)" }.sorted()
        let spawned: PTY.Spawned
        do {
            spawned = try PTY.spawn(
                configuration.executable, ["run", configuration.app] + configuration.runArguments,
                environment: variables, columns: terminal.columns, rows: terminal.rows)
        } catch {
            configuration.log("session \(id) from \(peer): \(error.description)")
            sessions.ended(id)
            self.id = nil
            refuse("theolua serve: the app could not start", context)
            return
        }
        Glibc.close(spawned.replica)
        pid = spawned.pid
        let descriptor = spawned.controller
        sessions.started(id, pid: spawned.pid)
        configuration.log("session \(id) from \(peer) started (\(terminal.columns)x\(terminal.rows))")

        let session = NIOLoopBound(self, eventLoop: context.eventLoop)
        let client = context.channel
        NIOPipeBootstrap(group: context.eventLoop)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(TerminalRelay(client: client))
                }
            }
            .takingOwnershipOfDescriptor(inputOutput: descriptor)
            .whenComplete { result in
                let handler = session.value
                switch result {
                case .success(let channel):
                    handler.terminalChannel = channel
                    handler.controller = descriptor
                    channel.closeFuture.whenComplete { _ in
                        let handler = session.value
                        handler.controller = nil
                        handler.drained = true
                        handler.finishIfDone(client)
                    }
                case .failure:
                    Glibc.close(descriptor)
                    handler.drained = true
                    handler.hangUp(client.eventLoop, closingTerminal: false)
                }
            }
        let pid = spawned.pid
        let sessions = self.sessions
        // A thread waits for the app to end, leaving it unreaped: its pid stays its own
        // (a zombie) until the event loop reaps it, so that a kill sent on the loop can
        // never reach a process that took the number since.
        Thread.detachNewThread {
            var info = siginfo_t()
            while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
            client.eventLoop.execute {
                defer { sessions.reported() }
                var status: Int32 = 0
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
                let handler = session.value
                handler.exitStatus = code
                handler.pid = nil
                if !handler.drained {
                    // What the app wrote last is still in the pty: read it, but not for
                    // ever (a process it started may hold the terminal open).
                    client.eventLoop.scheduleTask(in: .seconds(1)) { session.value.terminalChannel?.close(promise: nil) }
                }
                handler.finishIfDone(client)
            }
        }
        if let timeout = configuration.idleTimeout.map(TimeAmount.init) {
            let check = min(timeout, .seconds(1))
            idleCheck = context.eventLoop.scheduleRepeatedTask(initialDelay: check, delay: check) { _ in
                let handler = session.value
                guard handler.pid != nil, !handler.endedIdle, NIODeadline.now() - handler.lastKey >= timeout else { return }
                handler.endedIdle = true
                handler.hangUp(client.eventLoop, closingTerminal: false)
            }
        }
    }

    /// Tells the client why there is no app, and ends the session with status 1.
    private func refuse(_ message: String, _ context: ChannelHandlerContext) {
        var buffer = context.channel.allocator.buffer(capacity: message.utf8.count + 2)
        buffer.writeString(message + "\r\n")
        context.writeAndFlush(wrapOutboundOut(SSHChannelData(type: .stdErr, data: .byteBuffer(buffer))), promise: nil)
        exitStatus = 1
        drained = true
        finishIfDone(context.channel)
    }

    /// Hangs the app up (SIGHUP to its process group), and kills it if it is still there
    /// a little later. Its terminal is closed too when the client is gone; otherwise what
    /// the app writes as it ends (the screen restored) still reaches the client.
    private func hangUp(_ loop: any EventLoop, closingTerminal: Bool) {
        guard let pid else { return }
        kill(-pid, SIGHUP)
        if closingTerminal { terminalChannel?.close(promise: nil) }
        let session = NIOLoopBound(self, eventLoop: loop)
        loop.scheduleTask(in: .seconds(2)) {
            // Not reaped yet: the number is still the app's.
            if session.value.pid == pid { kill(-pid, SIGKILL) }
        }
    }

    /// Ends the session once the app has ended and its last output is relayed.
    private func finishIfDone(_ channel: any Channel) {
        guard let exitStatus, drained, !finished else { return }
        if endedIdle, let timeout = configuration.idleTimeout {
            let message = "theolua serve: the session ended after \(timeout.components.seconds) s without a key\r\n"
            var buffer = channel.allocator.buffer(capacity: message.utf8.count)
            buffer.writeString(message)
            channel.writeAndFlush(SSHChannelData(type: .stdErr, data: .byteBuffer(buffer)), promise: nil)
        }
        channel.triggerUserOutboundEvent(SSHChannelRequestEvent.ExitStatus(exitStatus: Int(exitStatus)))
            .whenComplete { _ in channel.close(promise: nil) }
        endSession(status: exitStatus)
    }

    /// Frees the session's place, once.
    private func endSession(status: Int32?) {
        guard !finished else { return }
        finished = true
        idleCheck?.cancel()
        idleCheck = nil
        guard let id else { return }
        sessions.ended(id)
        let how = status.map { "ended (status \($0))" } ?? "ended (the client went)"
        configuration.log("session \(id) from \(peer) \(how)" + (endedIdle ? " after going idle" : ""))
    }
}

/// On the pseudo-terminal's controller: what the app writes goes to the client.
private final class TerminalRelay: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let client: any Channel

    init(client: any Channel) {
        self.client = client
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        client.write(SSHChannelData(type: .channel, data: .byteBuffer(unwrapInboundIn(data))), promise: nil)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        client.flush()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // EIO once the app has ended and the replica is closed: the end of its output.
        client.flush()
        context.close(promise: nil)
    }
}

extension TimeAmount {
    /// `duration`, to the nanosecond.
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
#endif
