#if Serve
import NIOCore
import NIOSSH

/// One SSH session channel: takes the client's terminal (its type and size) and the
/// variables it may set, starts the app (an ``AppSession``) when the client asks for a
/// shell, relays keys in and frames out, follows window changes, and ends with the
/// app's exit status. An exec or subsystem request is refused: the app is the only thing
/// a session runs.
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
            terminal = (request.term, Self.side(request.terminalCharacterWidth), Self.side(request.terminalRowHeight))
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
            reply(request.wantReply, false, context)
        case let request as SSHChannelRequestEvent.SubsystemRequest:
            reply(request.wantReply, false, context)
        case let request as SSHChannelRequestEvent.WindowChangeRequest:
            let columns = Self.side(request.terminalCharacterWidth)
            let rows = Self.side(request.terminalRowHeight)
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

    /// A side of the client's terminal, kept within what `run` lays out.
    private static func side(_ cells: Int) -> Int { max(1, min(cells, 1_000)) }

    private func reply(_ wanted: Bool, _ success: Bool, _ context: ChannelHandlerContext) {
        guard wanted else { return }
        let event: Any = success ? ChannelSuccessEvent() : ChannelFailureEvent()
        context.triggerUserOutboundEvent(event, promise: nil)
    }

    private func start(_ context: ChannelHandlerContext) {
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
        app.start(terminal: terminal, environment: environment)
    }
}
#endif
