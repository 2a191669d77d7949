#if Serve
import NIOCore
import NIOSSH

/// One SSH session channel: takes the client's terminal (its type and size) and the
/// variables it may set, starts the app (an ``AppSession``) when the client asks for a
/// shell, relays keys in and frames out, follows window changes, and ends with the
/// app's exit status. An exec request is told on standard error that no command runs,
/// and a subsystem request is refused: the app is the only thing a session runs.
final class SessionHandler: ChannelDuplexHandler {
    typealias InboundIn = SSHChannelData
    typealias OutboundIn = SSHChannelData
    typealias OutboundOut = SSHChannelData

    private let sessions: Sessions
    private let peer: String
    /// The client's terminal, from its pty request.
    private var terminal: (type: String, columns: Int, rows: Int)?
    /// Variables the client sent that the app may see (locale, color support).
    private var environment: [String: String] = [:]
    private var app: AppSession?

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
            // A side of 0 is a size the client does not know: 80x24, as `run` starts.
            let size = Self.size(request.terminalCharacterWidth, request.terminalRowHeight) ?? (80, 24)
            terminal = (request.term, size.columns, size.rows)
            reply(request.wantReply, true, context)
        case let request as SSHChannelRequestEvent.EnvironmentRequest:
            let accepted = AppSession.accepts(variable: request.name) && !request.value.contains("\0")
            if accepted { environment[request.name] = request.value }
            reply(request.wantReply, accepted, context)
        case let request as SSHChannelRequestEvent.ShellRequest:
            // One app a session; the reply goes before anything the session says.
            reply(request.wantReply, app == nil, context)
            if app == nil { start(context) }
        case let request as SSHChannelRequestEvent.ExecRequest:
            // Accepted only to say why no command runs, on the client's standard error.
            reply(request.wantReply, app == nil, context)
            if app == nil {
                let command = String(request.command.unicodeScalars.prefix(80).filter { $0.value >= 0x20 && $0 != "\u{7F}" })
                session(context).refuse(
                    "theolua serve: this server runs an app, not commands (asked to run '\(command)'): "
                        + "connect without one, with ssh -t")
            }
        case let request as SSHChannelRequestEvent.SubsystemRequest:
            reply(request.wantReply, false, context)
        case let request as SSHChannelRequestEvent.WindowChangeRequest:
            // A side of 0 keeps the last good size, as `run` does.
            guard let (columns, rows) = Self.size(request.terminalCharacterWidth, request.terminalRowHeight) else {
                break
            }
            if let current = terminal { terminal = (current.type, columns, rows) }
            app?.resize(columns: columns, rows: rows)
        default:
            context.fireUserInboundEventTriggered(event)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let message = unwrapInboundIn(data)
        guard case .channel = message.type, case .byteBuffer(let bytes) = message.data else { return }
        app?.type(bytes)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        app?.clientWritable(context.channel.isWritable)
        context.fireChannelWritabilityChanged()
    }

    func channelInactive(context: ChannelHandlerContext) {
        app?.clientGone()
        context.fireChannelInactive()
    }

    /// The client's terminal size, each side kept within what `run` lays out; nil when
    /// a side is 0 (not known).
    private static func size(_ columns: Int, _ rows: Int) -> (columns: Int, rows: Int)? {
        guard columns > 0, rows > 0 else { return nil }
        return (min(columns, 1_000), min(rows, 1_000))
    }

    private func reply(_ wanted: Bool, _ success: Bool, _ context: ChannelHandlerContext) {
        guard wanted else { return }
        let event: Any = success ? ChannelSuccessEvent() : ChannelFailureEvent()
        context.triggerUserOutboundEvent(event, promise: nil)
    }

    private func start(_ context: ChannelHandlerContext) {
        session(context).start(terminal: terminal, environment: environment)
    }

    /// The session of this channel, made (not started) on its first use.
    private func session(_ context: ChannelHandlerContext) -> AppSession {
        if let app { return app }
        let channel = context.channel
        func data(_ bytes: ByteBuffer, _ type: SSHChannelData.DataType) -> SSHChannelData {
            SSHChannelData(type: type, data: .byteBuffer(bytes))
        }
        let app = AppSession(
            sessions: sessions, peer: peer,
            client: AppSession.Client(
                loop: context.eventLoop,
                write: { channel.write(data($0, .channel), promise: nil) },
                flush: { channel.flush() },
                say: { line in
                    var buffer = channel.allocator.buffer(capacity: line.utf8.count + 2)
                    buffer.writeString(line + "\r\n")
                    channel.writeAndFlush(data(buffer, .stdErr), promise: nil)
                },
                end: { status in
                    channel.triggerUserOutboundEvent(SSHChannelRequestEvent.ExitStatus(exitStatus: Int(status)))
                        .whenComplete { _ in channel.close(promise: nil) }
                },
                read: { channel.setOption(ChannelOptions.autoRead, value: $0).whenFailure { _ in } }),
            writable: channel.isWritable)
        self.app = app
        return app
    }
}
#endif
