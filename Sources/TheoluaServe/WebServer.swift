#if Serve
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// Where `theolua serve --web` listens, and who may open a session.
public struct WebConfiguration: Sendable {
    public var host: String
    public var port: Int
    /// The secret a page's address must carry (`/?token=…`) for the page and its session;
    /// nil lets in anyone who reaches the port (behind a proxy that authenticates).
    public var token: String?

    public init(host: String, port: Int, token: String?) {
        self.host = host
        self.port = port
        self.token = token
    }
}

/// A web server (SwiftNIO's HTTP/1 and WebSocket) whose page is a terminal in the
/// browser, xterm.js from the system's packages, embedded when theolua was built. Each
/// WebSocket is a session under the same rules as SSH's (``AppSession``): the app in a
/// `theolua run` of its own, sized to the browser window and following it.
public final class WebServer: Sendable {
    private let listener: Listener
    /// The port the server listens on.
    public var port: Int { listener.port }

    /// Starts listening; `sessions` is shared with an SSH server so that one cap counts
    /// both.
    public init(configuration: ServeConfiguration, web: WebConfiguration, sessions: Sessions? = nil) throws(ServeError) {
        if let missing = WebAssets.xtermMissing {
            throw ServeError(
                description: "--web needs xterm.js, and \(missing): install it (apt-get install node-xterm) and build theolua again")
        }
        let sessions = sessions ?? Sessions(configuration: configuration)
        let site = Site(token: web.token)
        listener = try Listener(host: web.host, port: web.port, sessions: sessions) { channel, peer in
            // A connection that opens no session within the grace time (one that
            // loaded the page, or never asked for anything) is closed: idle ones
            // hold nothing for long.
            let opened = Listener.closing(channel, unlessOpenedWithin: configuration.loginGrace)
            let upgrader = NIOWebSocketServerUpgrader(
                maxFrameSize: Site.largestMessage,
                shouldUpgrade: { channel, head in
                    channel.eventLoop.makeSucceededFuture(site.opensSession(head) ? HTTPHeaders() : nil)
                },
                upgradePipelineHandler: { channel, head in
                    channel.eventLoop.makeCompletedFuture {
                        opened.value = true
                        let size = Site.size(head)
                        try channel.pipeline.syncOperations.addHandlers([
                            NIOWebSocketFrameAggregator(
                                minNonFinalFragmentSize: 0, maxAccumulatedFrameCount: 1_024,
                                maxAccumulatedFrameSize: Site.largestMessage),
                            WebSessionHandler(sessions: sessions, peer: peer, columns: size.columns, rows: size.rows),
                        ])
                    }
                })
            try channel.pipeline.syncOperations.configureHTTPServerPipeline(
                withServerUpgrade: (
                    upgraders: [upgrader],
                    completionHandler: { context in
                        // Before the first frame is read: the page handler reads HTTP only.
                        context.pipeline.removeHandler(name: PageHandler.name, promise: nil)
                    }
                ))
            try channel.pipeline.syncOperations.addHandler(PageHandler(site: site), name: PageHandler.name)
        }
    }

    /// Stops listening and ends every session, as ``SSHServer/stop()`` does.
    public func stop() { listener.stop() }

    /// Waits until the server stops.
    public func wait() { listener.wait() }

    /// A random secret for the page's address: 128 bits, in hexadecimal.
    public static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let word = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - word.count) + word
        }.joined()
    }
}

/// What the server serves: the page, its scripts and style, and who may have them.
struct Site: Sendable {
    let token: String?

    /// The largest message a page sends (a paste): 1 MiB.
    static let largestMessage = 1 << 20

    /// The page, its script and style, and xterm.js, by path, made into buffers once:
    /// a response shares its bytes.
    static let files: [String: (type: String, body: ByteBuffer)] = [
        "/": ("text/html; charset=utf-8", ByteBuffer(string: WebAssets.page)),
        "/client.js": ("text/javascript; charset=utf-8", ByteBuffer(string: WebAssets.client)),
        "/page.css": ("text/css; charset=utf-8", ByteBuffer(string: WebAssets.style)),
        "/xterm.js": ("text/javascript; charset=utf-8", ByteBuffer(string: WebAssets.xtermScript)),
        "/xterm.css": ("text/css; charset=utf-8", ByteBuffer(string: WebAssets.xtermStyle)),
    ]

    /// Whether `head` asks for the page with the right token (or the server has none).
    func admits(_ head: HTTPRequestHead) -> Bool {
        guard let token else { return true }
        let given = Self.query(head)["token"] ?? ""
        // In constant time: how long a guess matched tells nothing.
        var difference = given.utf8.count ^ token.utf8.count
        for (a, b) in zip(given.utf8, token.utf8) { difference |= Int(a ^ b) }
        return difference == 0
    }

    /// Whether `head` is the page's own request for a session: the session path, the
    /// token, and (from a browser) the server's own origin, so that another site's page
    /// cannot open sessions with a visitor's token.
    func opensSession(_ head: HTTPRequestHead) -> Bool {
        Self.path(head) == "/session" && admits(head) && Self.sameOrigin(head)
    }

    static func path(_ head: HTTPRequestHead) -> String {
        String(head.uri.prefix { $0 != "?" && $0 != "#" })
    }

    static func query(_ head: HTTPRequestHead) -> [String: String] {
        var values: [String: String] = [:]
        for item in URLComponents(string: head.uri)?.queryItems ?? [] where values[item.name] == nil {
            values[item.name] = item.value ?? ""
        }
        return values
    }

    /// The terminal's size the page asked for, kept within what `run` lays out.
    static func size(_ head: HTTPRequestHead) -> (columns: Int, rows: Int) {
        let query = query(head)
        // A side that is missing, not a number or 0 or less is one the page does not know.
        func side(_ name: String, _ otherwise: Int) -> Int {
            guard let cells = Int(query[name] ?? ""), cells > 0 else { return otherwise }
            return min(cells, 1_000)
        }
        return (side("columns", 80), side("rows", 24))
    }

    /// A request without an Origin (not from a browser) passes; one with must name the
    /// host the request was sent to.
    static func sameOrigin(_ head: HTTPRequestHead) -> Bool {
        guard let origin = head.headers.first(name: "Origin") else { return true }
        guard let host = head.headers.first(name: "Host"), let url = URLComponents(string: origin), let name = url.host
        else { return false }
        let bracketed = name.contains(":") && !name.hasPrefix("[") ? "[\(name)]" : name
        let claimed = bracketed + (url.port.map { ":\($0)" } ?? "")
        return claimed.lowercased() == host.lowercased()
    }
}

/// Answers the page's requests (GET and HEAD); a request for a session that was not
/// upgraded was refused.
private final class PageHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    static let name = "theolua-page"
    private let site: Site
    private var head: HTTPRequestHead?

    init(site: Site) {
        self.site = site
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head): self.head = head
        case .body: break
        case .end:
            if let head { respond(to: head, context) }
            head = nil
        }
    }

    private func respond(to head: HTTPRequestHead, _ context: ChannelHandlerContext) {
        let path = Site.path(head)
        guard head.method == .GET || head.method == .HEAD else {
            return send(.methodNotAllowed, "text/plain; charset=utf-8", "GET only\n", head, context)
        }
        if path == "/session" {
            return send(
                .forbidden, "text/plain; charset=utf-8",
                "A session is opened by the page, over a WebSocket, with its token.\n", head, context)
        }
        guard let file = Site.files[path] else {
            return send(.notFound, "text/plain; charset=utf-8", "Not found\n", head, context)
        }
        if path == "/" && !site.admits(head) {
            return send(
                .forbidden, "text/plain; charset=utf-8",
                "This server wants its token: open the address theolua serve printed, with ?token=\n", head, context)
        }
        send(.ok, file.type, file.body, head, context)
    }

    private func send(
        _ status: HTTPResponseStatus, _ type: String, _ text: String, _ request: HTTPRequestHead,
        _ context: ChannelHandlerContext
    ) {
        send(status, type, ByteBuffer(string: text), request, context)
    }

    private func send(
        _ status: HTTPResponseStatus, _ type: String, _ body: ByteBuffer, _ request: HTTPRequestHead,
        _ context: ChannelHandlerContext
    ) {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: type)
        headers.add(name: "Content-Length", value: String(body.readableBytes))
        headers.add(name: "Cache-Control", value: "no-store")
        headers.add(name: "X-Content-Type-Options", value: "nosniff")
        // The token is in the page's address: it goes nowhere else.
        headers.add(name: "Referrer-Policy", value: "no-referrer")
        headers.add(
            name: "Content-Security-Policy",
            value: "default-src 'self'; style-src 'self' 'unsafe-inline'; frame-ancestors 'self'")
        headers.add(name: "Connection", value: request.isKeepAlive ? "keep-alive" : "close")
        let response = HTTPResponseHead(version: request.version, status: status, headers: headers)
        context.write(wrapOutboundOut(.head(response)), promise: nil)
        if request.method != .HEAD {
            context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        }
        let keepAlive = request.isKeepAlive
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
            if !keepAlive { channel.close(promise: nil) }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}

/// One WebSocket: a session of the app. The page's binary messages are keys, its text
/// messages JSON sizes; the app's output goes back in binary messages, and a line for
/// the user or the app's end in text ones.
final class WebSessionHandler: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let sessions: Sessions
    private let peer: String
    private let columns: Int
    private let rows: Int
    private var app: AppSession?
    private var keepAlive: RepeatedTask?
    private var closing = false

    /// How often a quiet connection is pinged, so that proxies do not take it for dead.
    static let pingInterval = TimeAmount.seconds(30)

    init(sessions: Sessions, peer: String, columns: Int, rows: Int) {
        self.sessions = sessions
        self.peer = peer
        self.columns = columns
        self.rows = rows
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let channel = context.channel
        let frame = Self.frame, text = Self.text
        let app = AppSession(
            sessions: sessions, peer: peer,
            client: AppSession.Client(
                loop: context.eventLoop,
                write: { channel.write(frame(.binary, $0), promise: nil) },
                flush: { channel.flush() },
                say: { channel.writeAndFlush(text(["message": $0]), promise: nil) },
                end: { status in
                    channel.write(text(["exit": Int(status)]), promise: nil)
                    var reason = channel.allocator.buffer(capacity: 2)
                    reason.write(webSocketErrorCode: .normalClosure)
                    channel.writeAndFlush(frame(.connectionClose, reason)).whenComplete { _ in
                        channel.close(promise: nil)
                    }
                },
                read: { channel.setOption(ChannelOptions.autoRead, value: $0).whenFailure { _ in } }),
            writable: channel.isWritable)
        self.app = app
        keepAlive = context.eventLoop.scheduleRepeatedTask(initialDelay: Self.pingInterval, delay: Self.pingInterval) { _ in
            channel.writeAndFlush(frame(.ping, ByteBuffer()), promise: nil)
        }
        app.start(terminal: ("xterm-256color", columns, rows), environment: [:])
    }

    private static func frame(_ opcode: WebSocketOpcode, _ bytes: ByteBuffer) -> WebSocketFrame {
        WebSocketFrame(fin: true, opcode: opcode, data: bytes)
    }

    /// A text message of `object` as JSON.
    private static func text(_ object: [String: any Sendable]) -> WebSocketFrame {
        let json = (try? JSONSerialization.data(withJSONObject: object)) ?? Data("{}".utf8)
        return frame(.text, ByteBuffer(bytes: json))
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .binary:
            app?.type(frame.unmaskedData)
        case .text:
            var data = frame.unmaskedData
            guard let bytes = data.readBytes(length: data.readableBytes),
                let message = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
                let columns = message["columns"] as? Int, let rows = message["rows"] as? Int,
                columns > 0, rows > 0  // a side of 0 keeps the last good size, as `run` does
            else { return }
            app?.resize(columns: max(1, min(columns, 1_000)), rows: max(1, min(rows, 1_000)))
        case .ping:
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)))
                .whenFailure { _ in }
        case .connectionClose:
            // The page went: answer its close and end the session.
            guard !closing else { return context.close(promise: nil) }
            closing = true
            var code = frame.unmaskedData
            let echo = code.readSlice(length: 2) ?? ByteBuffer()
            let channel = context.channel
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: echo)))
                .whenComplete { _ in channel.close(promise: nil) }
        default:
            break
        }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        app?.clientWritable(context.channel.isWritable)
        context.fireChannelWritabilityChanged()
    }

    func channelInactive(context: ChannelHandlerContext) {
        keepAlive?.cancel()
        app?.clientGone()
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
#endif
