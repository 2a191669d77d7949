#if Serve
import ArgumentParser
import TheoluaRuntime
import TheoluaServeLaunch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `theolua serve`: the app to many users at once, over SSH or in the browser, a session
/// per connection.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve an app over SSH or the web: every connection runs its own session of it.",
        discussion: """
            Each session is a `theolua run` of its own on a pseudo-terminal sized to the \
            client's, following its resizes, with the grants and limits given here: one \
            session's crash, runaway script or exhausted memory never touches another, and \
            a save of the app reloads every session, each keeping its state. Over SSH, \
            clients log in with a key of the authorized keys file (any user name); there is \
            no password, no shell, no command but the app and no forwarding. On the web, \
            the page is a terminal in the browser (xterm.js, built in), and its address \
            carries a secret token, printed when the server starts. A session ends on \
            ctrl+c, ui.quit(), disconnecting, or when idle. ctrl+c here stops the server \
            and ends every session.
            """)

    @OptionGroup var app: AppArgument
    @OptionGroup var props: PropsOption

    @Option(help: ArgumentHelp("Where to listen for SSH connections (port 0: a free one).", valueName: "HOST:PORT"))
    var ssh: String?

    @Option(
        name: .customLong("host-key"),
        help: ArgumentHelp(
            "With --ssh, the server's private key: Ed25519 or ECDSA, without a passphrase (ssh-keygen -t ed25519 -f FILE -N '').",
            valueName: "FILE"))
    var hostKey: String?

    @Option(
        name: .customLong("authorized-keys"),
        help: ArgumentHelp(
            "With --ssh, the public keys let in, one a line, as in ~/.ssh/authorized_keys.", valueName: "FILE"))
    var authorizedKeys: String?

    @Option(help: ArgumentHelp("Where to serve the page for browsers (port 0: a free one).", valueName: "HOST:PORT"))
    var web: String?

    @Option(
        name: .customLong("web-token-file"),
        help: ArgumentHelp(
            "With --web, the token the page's address carries, read from FILE (its first line), instead of a new random one.",
            valueName: "FILE"))
    var webTokenFile: String?

    @Flag(
        name: .customLong("web-no-token"),
        help: "With --web, let in anyone who reaches the port, without a token: only behind a proxy that authenticates.")
    var webNoToken = false

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
        guard ssh != nil || web != nil else {
            throw ValidationError("serve needs --ssh HOST:PORT, --web HOST:PORT, or both")
        }
        for (flag, value) in [("--ssh", ssh), ("--web", web)] {
            if let value, Self.address(value) == nil {
                throw ValidationError("\(flag) takes HOST:PORT (a port from 0 to 65535), got '\(value)'")
            }
        }
        if ssh != nil && (hostKey == nil || authorizedKeys == nil) {
            throw ValidationError("--ssh needs --host-key FILE and --authorized-keys FILE")
        }
        if ssh == nil && (hostKey != nil || authorizedKeys != nil) {
            throw ValidationError("--host-key and --authorized-keys are for --ssh, which is not given")
        }
        if web == nil && (webTokenFile != nil || webNoToken) {
            throw ValidationError("--web-token-file and --web-no-token are for --web, which is not given")
        }
        if webTokenFile != nil && webNoToken {
            throw ValidationError("--web-token-file and --web-no-token cannot both be given")
        }
    }

    /// `HOST:PORT` as a host and a port; `[::1]:22` for an IPv6 host.
    private static func address(_ text: String) -> ServeLaunch.Address? {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]),
            (0...65_535).contains(port)
        else { return nil }
        var host = String(text[..<colon])
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        return host.isEmpty ? nil : ServeLaunch.Address(host: host, port: port)
    }

    /// Where the page's token comes from: `--web-token-file` (read here, and checked),
    /// none with `--web-no-token`, or a new random one the server makes.
    private func webToken() throws -> (ServeLaunch.Token, given: String?) {
        if webNoToken { return (.none, nil) }
        guard let webTokenFile else { return (.new, nil) }
        let bytes: [UInt8]
        do {
            bytes = try LocalFiles.read(webTokenFile, limit: 4_096)
        } catch {
            throw ValidationError("cannot read the web token file \(webTokenFile): a file of at most 4 KiB is needed (\(error))")
        }
        let line = String(decoding: bytes, as: UTF8.self).prefix { $0 != "\n" && $0 != "\r" }
        let token = String(line.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
        guard token.count >= 16, token.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.~".contains($0)) })
        else {
            throw ValidationError(
                "the web token in \(webTokenFile) must be at least 16 letters, digits or -_.~ (a URL's own characters)")
        }
        return (.given, token)
    }

    /// Checks what the sessions will need, then starts the server, `theolua-serve` beside
    /// this binary, in this process's place.
    func run() throws {
        try app.checkReadable()
        _ = try props.record()
        guard let executable = LocalFiles.executablePath() else {
            throw ValidationError("serve cannot find its own binary to start sessions with")
        }
        let (token, givenToken) = web == nil ? (.none, nil) : try webToken()
        let launch = ServeLaunch(
            executable: executable, app: Paths.absolute(app.app, in: "."), shownApp: app.app,
            runArguments: (props.props.map { ["--props", $0] } ?? []) + (noWatch ? ["--no-watch"] : [])
                + script.arguments,
            ssh: ssh.flatMap(Self.address),
            hostKey: hostKey ?? "", authorizedKeys: authorizedKeys ?? "",
            web: web.flatMap(Self.address), token: token,
            maxSessions: maxSessions, idleTimeout: idleTimeout)
        let folder = executable.lastIndex(of: "/").map { String(executable[..<$0]) } ?? "."
        let server = folder + "/theolua-serve"
        guard access(server, X_OK) == 0 else {
            throw ValidationError("serve needs its server, theolua-serve, beside theolua: \(server) is not there")
        }
        if let givenToken { setenv(ServeLaunch.tokenVariable, givenToken, 1) }
        let arguments = [server] + launch.arguments
        var pointers = arguments.map { strdup($0) }
        pointers.append(nil)
        execv(server, pointers)
        let reason = String(cString: strerror(errno))
        throw ValidationError("serve cannot start its server \(server): \(reason)")
    }
}
#endif
