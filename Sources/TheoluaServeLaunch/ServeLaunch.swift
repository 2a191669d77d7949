/// What `theolua serve` hands the server it starts, `theolua-serve`, once it has read and
/// checked its command line: the server is a binary of its own, so that SwiftNIO, the
/// cryptography and the Foundation they bring are loaded by the one command that serves,
/// not by every `theolua run` (each session is one).
///
/// It travels as the server's arguments (`arguments`, read back by `init(arguments:)`),
/// except the page's token, which other users could read there (`ps`): that one is in
/// the environment, `tokenVariable`, which the server clears before it starts a session.
public struct ServeLaunch: Sendable, Equatable {
    /// Where `--web` pages take their token from.
    public enum Token: String, Sendable, Equatable {
        /// A new random one, made by the server.
        case new
        /// The one in the environment (`--web-token-file`).
        case given
        /// None (`--web-no-token`).
        case none
    }

    /// A host and a port to listen on.
    public struct Address: Sendable, Equatable {
        public var host: String
        public var port: Int

        public init(host: String, port: Int) {
            self.host = host
            self.port = port
        }
    }

    /// The `theolua` binary each session runs.
    public var executable: String
    /// The app, an absolute path, and as the command line named it (for messages).
    public var app: String
    public var shownApp: String
    /// What follows `run APP` for every session.
    public var runArguments: [String]
    /// SSH: where to listen, the host key and the authorized keys files.
    public var ssh: Address?
    public var hostKey: String
    public var authorizedKeys: String
    /// The web: where to listen, and the page's token.
    public var web: Address?
    public var token: Token
    public var maxSessions: Int
    /// Seconds; 0: never.
    public var idleTimeout: Int

    /// The environment variable that carries the page's token with `Token.given`.
    public static let tokenVariable = "THEOLUA_SERVE_TOKEN"

    public init(
        executable: String, app: String, shownApp: String, runArguments: [String], ssh: Address?, hostKey: String,
        authorizedKeys: String, web: Address?, token: Token, maxSessions: Int, idleTimeout: Int
    ) {
        self.executable = executable
        self.app = app
        self.shownApp = shownApp
        self.runArguments = runArguments
        self.ssh = ssh
        self.hostKey = hostKey
        self.authorizedKeys = authorizedKeys
        self.web = web
        self.token = token
        self.maxSessions = maxSessions
        self.idleTimeout = idleTimeout
    }

    /// The server's arguments: `NAME VALUE` pairs, then `--` and the run arguments.
    public var arguments: [String] {
        var result = [
            "--executable", executable, "--app", app, "--shown-app", shownApp,
            "--max-sessions", String(maxSessions), "--idle-timeout", String(idleTimeout),
        ]
        if let ssh {
            result += [
                "--ssh-host", ssh.host, "--ssh-port", String(ssh.port), "--host-key", hostKey,
                "--authorized-keys", authorizedKeys,
            ]
        }
        if let web {
            result += ["--web-host", web.host, "--web-port", String(web.port), "--token", token.rawValue]
        }
        return result + ["--"] + runArguments
    }

    /// Why arguments are not a launch: the server was not started by `theolua serve`.
    public struct Mistake: Error, CustomStringConvertible {
        public var description: String
    }

    /// The launch `arguments` describe.
    public init(arguments: [String]) throws(Mistake) {
        var values: [String: String] = [:]
        var index = arguments.startIndex
        while index < arguments.endIndex, arguments[index] != "--" {
            let name = arguments[index]
            guard name.hasPrefix("--"), index + 1 < arguments.endIndex, values[name] == nil else {
                throw Mistake(description: "unexpected argument '\(name)'")
            }
            values[name] = arguments[index + 1]
            index += 2
        }
        guard index < arguments.endIndex else { throw Mistake(description: "no '--' before the run arguments") }
        func take(_ name: String) throws(Mistake) -> String {
            guard let value = values.removeValue(forKey: name) else { throw Mistake(description: "no \(name)") }
            return value
        }
        func number(_ name: String) throws(Mistake) -> Int {
            let text = try take(name)
            guard let value = Int(text), value >= 0 else { throw Mistake(description: "\(name) takes a number, got '\(text)'") }
            return value
        }
        executable = try take("--executable")
        app = try take("--app")
        shownApp = try take("--shown-app")
        maxSessions = try number("--max-sessions")
        idleTimeout = try number("--idle-timeout")
        if values["--ssh-host"] != nil {
            ssh = Address(host: try take("--ssh-host"), port: try number("--ssh-port"))
            hostKey = try take("--host-key")
            authorizedKeys = try take("--authorized-keys")
        } else {
            ssh = nil
            hostKey = ""
            authorizedKeys = ""
        }
        if values["--web-host"] != nil {
            web = Address(host: try take("--web-host"), port: try number("--web-port"))
            let text = try take("--token")
            guard let token = Token(rawValue: text) else {
                throw Mistake(description: "--token takes new, given or none, got '\(text)'")
            }
            self.token = token
        } else {
            web = nil
            token = .none
        }
        if let name = values.keys.sorted().first { throw Mistake(description: "unexpected argument '\(name)'") }
        runArguments = Array(arguments[(index + 1)...])
    }
}
