#if Serve
import ArgumentParser
import TheoluaRuntime
import TheoluaServe

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `theolua serve`: the app to many users at once, over SSH, a session per connection.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve an app over SSH: every connection runs its own session of it.",
        discussion: """
            Each session is a `theolua run` of its own on a pseudo-terminal sized to the \
            client's, following its resizes, with the grants and limits given here: one \
            session's crash, runaway script or exhausted memory never touches another, and \
            a save of the app reloads every session, each keeping its state. Clients log \
            in with a key of the authorized keys file (any user name); there is no \
            password, no shell, no command but the app and no forwarding. A session ends \
            on ctrl+c, ui.quit(), disconnecting, or when idle. ctrl+c here stops the \
            server and ends every session.
            """)

    @OptionGroup var app: AppArgument
    @OptionGroup var props: PropsOption

    @Option(help: ArgumentHelp("Where to listen for SSH connections (port 0: a free one).", valueName: "HOST:PORT"))
    var ssh: String

    @Option(
        name: .customLong("host-key"),
        help: ArgumentHelp(
            "The server's private key: Ed25519 or ECDSA, without a passphrase (ssh-keygen -t ed25519 -f FILE -N '').",
            valueName: "FILE"))
    var hostKey: String

    @Option(
        name: .customLong("authorized-keys"),
        help: ArgumentHelp("The public keys let in, one a line, as in ~/.ssh/authorized_keys.", valueName: "FILE"))
    var authorizedKeys: String

    @Option(
        name: .customLong("max-sessions"), parsing: .unconditional,
        help: ArgumentHelp("The most sessions open at once; one more is told so and ended.", valueName: "N"))
    var maxSessions = 100

    @Option(
        name: .customLong("idle-timeout"), parsing: .unconditional,
        help: ArgumentHelp("End a session after this many seconds without a key (0: never).", valueName: "SECONDS"))
    var idleTimeout = 1_800

    @Flag(name: .customLong("no-watch"), help: "Do not reload the sessions when the app or its modules change.")
    var noWatch = false

    @OptionGroup var script: ScriptOptions

    func validate() throws {
        guard (1...100_000).contains(maxSessions) else {
            throw ValidationError("--max-sessions must be from 1 to 100000, got \(maxSessions)")
        }
        guard (0...31_536_000).contains(idleTimeout) else {
            throw ValidationError("--idle-timeout must be a number of seconds from 0 (never) to 31536000, got \(idleTimeout)")
        }
        if props.readsStandardInput {
            throw ValidationError("--props - reads standard input, which serve does not: give the JSON or @FILE")
        }
        guard address != nil else {
            throw ValidationError("--ssh takes HOST:PORT (a port from 0 to 65535), got '\(ssh)'")
        }
    }

    /// `--ssh` as a host and a port; `[::1]:22` for an IPv6 host.
    private var address: (host: String, port: Int)? {
        guard let colon = ssh.lastIndex(of: ":"), let port = Int(ssh[ssh.index(after: colon)...]),
            (0...65_535).contains(port)
        else { return nil }
        var host = String(ssh[..<colon])
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        return host.isEmpty ? nil : (host, port)
    }

    func run() throws {
        try app.checkReadable()
        _ = try props.record()
        guard let executable = LocalFiles.executablePath(), let address else {
            throw ValidationError("serve cannot find its own binary to start sessions with")
        }
        // The server waits for these in this thread; every thread started from here on
        // (SwiftNIO's) inherits them blocked, so none takes them by default.
        var stopping = sigset_t()
        sigemptyset(&stopping)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&stopping, signal) }
        pthread_sigmask(SIG_BLOCK, &stopping, nil)
        // Each session holds a connection and a terminal: as many as the system lets in.
        var files = rlimit()
        if getrlimit(Int32(RLIMIT_NOFILE.rawValue), &files) == 0 && files.rlim_cur < files.rlim_max {
            files.rlim_cur = files.rlim_max
            setrlimit(Int32(RLIMIT_NOFILE.rawValue), &files)
        }

        let server: SSHServer
        do {
            server = try SSHServer(
                configuration: ServeConfiguration(
                    executable: executable, app: Paths.absolute(app.app, in: "."),
                    runArguments: (props.props.map { ["--props", $0] } ?? []) + (noWatch ? ["--no-watch"] : [])
                        + script.arguments,
                    host: address.host, port: address.port, hostKeyPath: hostKey, authorizedKeysPath: authorizedKeys,
                    maxSessions: maxSessions, idleTimeout: idleTimeout == 0 ? nil : .seconds(idleTimeout),
                    log: { line in Self.say(line, to: STDERR_FILENO) }))
        } catch {
            throw ValidationError("\(error)")
        }
        for warning in server.warnings { Self.say("theolua serve: \(warning)", to: STDERR_FILENO) }
        Self.say(
            "theolua serve: \(app.app) over SSH on \(address.host):\(server.port), at most \(maxSessions) sessions",
            to: STDOUT_FILENO)
        var received: Int32 = 0
        sigwait(&stopping, &received)
        Self.say("theolua serve: stopping; ending every session", to: STDERR_FILENO)
        server.stop()
    }

    /// Writes `line` and a newline to `descriptor` at once, whichever thread says it.
    private static func say(_ line: String, to descriptor: Int32) {
        let bytes = Array((line + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }
}
#endif
