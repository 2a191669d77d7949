import Testing
import TheoluaServeLaunch

/// What `theolua serve` hands `theolua-serve`: read back as it was written, and anything
/// else refused with a reason.
struct ServeLaunchTests {
    static func launch(ssh: Bool, web: ServeLaunch.Token?, runArguments: [String]) -> ServeLaunch {
        ServeLaunch(
            executable: "/opt/theolua/bin/theolua", app: "/home/ann/app folder/app.lua", shownApp: "app folder/app.lua",
            runArguments: runArguments, ssh: ssh ? ServeLaunch.Address(host: "::1", port: 2222) : nil,
            hostKey: ssh ? "keys/host key" : "", authorizedKeys: ssh ? "--authorized" : "",
            web: web.map { _ in ServeLaunch.Address(host: "0.0.0.0", port: 0) }, token: web ?? .none,
            maxSessions: 7, idleTimeout: 0)
    }

    @Test(arguments: [
        // `Token.none` spelled out: a bare `.none` here would be the optional's, no web.
        (true, nil), (false, ServeLaunch.Token.new), (true, .given), (true, ServeLaunch.Token.none),
        (false, ServeLaunch.Token.none),
    ] as [(Bool, ServeLaunch.Token?)])
    func aLaunchIsReadBackAsItWasWritten(ssh: Bool, web: ServeLaunch.Token?) throws {
        // Run arguments that look like the launch's own, a `--` among them, and none.
        for runArguments in [[], ["--props", "{\"a\":1}", "--", "--ssh-host", "x"], ["--allow-run", "git"]] {
            let launch = Self.launch(ssh: ssh, web: web, runArguments: runArguments)
            #expect(try ServeLaunch(arguments: launch.arguments) == launch)
        }
    }

    @Test func whatTheoluaServeDidNotWriteIsRefused() {
        let arguments = Self.launch(ssh: true, web: .new, runArguments: ["--no-watch"]).arguments
        let separator = arguments.firstIndex(of: "--") ?? arguments.endIndex
        var unknown = arguments
        unknown.insert(contentsOf: ["--shell", "sh"], at: separator)
        var repeated = arguments
        repeated.insert(contentsOf: ["--app", "/other.lua"], at: separator)
        var badNumber = arguments
        if let index = badNumber.firstIndex(of: "--max-sessions") { badNumber[index + 1] = "-3" }
        var badToken = arguments
        if let index = badToken.firstIndex(of: "--token") { badToken[index + 1] = "secret" }
        var noPort = arguments
        if let index = noPort.firstIndex(of: "--ssh-port") { noPort.removeSubrange(index...(index + 1)) }
        let cases: [([String], String)] = [
            ([], "no '--' before the run arguments"),
            (Array(arguments[..<separator]), "no '--' before the run arguments"),
            (["run", "app.lua", "--"], "unexpected argument 'run'"),
            (["--app"], "unexpected argument '--app'"),
            (unknown, "unexpected argument '--shell'"),
            (repeated, "unexpected argument '--app'"),
            (badNumber, "--max-sessions takes a number, got '-3'"),
            (badToken, "--token takes new, given or none, got 'secret'"),
            (noPort, "no --ssh-port"),
        ]
        for (given, reason) in cases {
            #expect(throws: ServeLaunch.Mistake.self, "\(given)") { try ServeLaunch(arguments: given) }
            do {
                _ = try ServeLaunch(arguments: given)
            } catch {
                #expect(error.description == reason, "\(given)")
            }
        }
    }
}
