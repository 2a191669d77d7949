// `theolua-serve`: the server behind `theolua serve`, which reads and checks its command
// line and then starts this binary in its place (the same process, so ctrl+c and signals
// reach it as they reached `theolua`). See ServeLaunch for why it is a binary of its own.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import TheoluaServeLaunch

#if Serve
    import TheoluaServe

    /// Writes `line` and a newline to `descriptor` at once, whichever thread says it.
    @Sendable func say(_ line: String, to descriptor: Int32) {
        let bytes = Array((line + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }

    /// The address a browser opens: the host as given, or this machine's name for an
    /// address that means every interface.
    func pageAddress(host: String, port: Int, token: String?) -> String {
        var shown = host
        if host == "0.0.0.0" || host == "::" {
            var name = [CChar](repeating: 0, count: 256)
            shown =
                gethostname(&name, name.count) == 0
                ? String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "localhost"
        } else if host.contains(":") {
            shown = "[\(host)]"
        }
        return "http://\(shown):\(port)/" + (token.map { "?token=\($0)" } ?? "")
    }

    func serve(_ launch: ServeLaunch, givenToken: String?) -> Int32 {
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
        let token: String? =
            switch launch.token {
            case .new: WebServer.newToken()
            case .given: givenToken
            case .none: nil
            }
        let configuration = ServeConfiguration(
            executable: launch.executable, app: launch.app, runArguments: launch.runArguments,
            host: launch.ssh?.host ?? "", port: launch.ssh?.port ?? 0, hostKeyPath: launch.hostKey,
            authorizedKeysPath: launch.authorizedKeys, maxSessions: launch.maxSessions,
            idleTimeout: launch.idleTimeout == 0 ? nil : .seconds(launch.idleTimeout),
            log: { line in say(line, to: STDERR_FILENO) })
        // One count of sessions, whichever way they come.
        let sessions = Sessions(configuration: configuration)
        let app = launch.shownApp, most = launch.maxSessions
        var stops: [() -> Void] = []
        do {
            if let ssh = launch.ssh {
                let server = try SSHServer(configuration: configuration, sessions: sessions)
                stops.append(server.stop)
                for warning in server.warnings { say("theolua serve: \(warning)", to: STDERR_FILENO) }
                say("theolua serve: \(app) over SSH on \(ssh.host):\(server.port), at most \(most) sessions", to: STDOUT_FILENO)
            }
            if let web = launch.web {
                let server = try WebServer(
                    configuration: configuration, web: WebConfiguration(host: web.host, port: web.port, token: token),
                    sessions: sessions)
                stops.append(server.stop)
                let address = pageAddress(host: web.host, port: server.port, token: token)
                say("theolua serve: \(app) on the web at \(address), at most \(most) sessions", to: STDOUT_FILENO)
            }
        } catch {
            for stop in stops { stop() }
            say("theolua: \(error)", to: STDERR_FILENO)
            return 2
        }
        var received: Int32 = 0
        sigwait(&stopping, &received)
        say("theolua serve: stopping; ending every session", to: STDERR_FILENO)
        for stop in stops { stop() }
        return 0
    }

    // The token is read, then taken out of the environment the sessions inherit.
    let givenToken = getenv(ServeLaunch.tokenVariable).map { String(cString: $0) }
    unsetenv(ServeLaunch.tokenVariable)
    do {
        let launch = try ServeLaunch(arguments: Array(CommandLine.arguments.dropFirst()))
        exit(serve(launch, givenToken: givenToken))
    } catch {
        say("theolua-serve: \(error) (this is started by theolua serve)", to: STDERR_FILENO)
        exit(2)
    }
#else
    let message = "theolua-serve: built without the Serve trait; there is no server in it\n"
    _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    exit(2)
#endif
