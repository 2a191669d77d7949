import Testing
import TheoluaCore
import TheoluaRuntime
import TheoluaTestServer

/// `ui.fetch` against a server the test starts on 127.0.0.1 (docs/lua-api.md, Fetching):
/// answers arrive as ordinary script calls, every URL and redirect goes through the net
/// grant, bodies are bounded, and what a component asked for ends with it.
@Suite struct LuaFetchTests {
    /// A server with a few routes: text, an echo of the request, redirects, a slow answer.
    static func server() throws -> HTTPTestServer {
        try HTTPTestServer { request in
            switch request.path {
            case "/hello":
                return .init(headers: [("Content-Type", "text/plain"), ("X-Greeting", "hi"), ("Set-Cookie", "a=1"), ("Set-Cookie", "b=2")], body: "hello, world")
            case "/echo":
                let headers = request.headers.keys.sorted().filter { $0.hasPrefix("x-") }
                    .map { "\($0)=\(request.headers[$0] ?? "")" }.joined(separator: ";")
                return .init(body: "\(request.method) \(headers) \(String(decoding: request.body, as: UTF8.self))")
            case "/redirect":
                return .init(status: 302, headers: [("Location", "/hello")])
            case "/see-other":
                return .init(status: 303, headers: [("Location", "/echo")])
            case "/loop":
                return .init(status: 302, headers: [("Location", "/loop")])
            case let path where path.hasPrefix("/elsewhere/"):
                return .init(status: 301, headers: [("Location", "http://localhost:\(path.dropFirst(11))/hello")])
            case "/credentials":
                let shown = ["authorization", "cookie"].map { "\($0)=\(request.headers[$0] ?? "-")" }
                return .init(body: shown.joined(separator: ";"))
            case "/same-origin":
                return .init(status: 307, headers: [("Location", "/credentials")])
            case let path where path.hasPrefix("/port/"):
                return .init(status: 307, headers: [("Location", "http://127.0.0.1:\(path.dropFirst(6))/credentials")])
            case "/slow":
                return .init(body: "late", delay: .seconds(3))
            case "/big":
                return .init(body: String(repeating: "x", count: 100_000))
            default:
                return .init(status: 404, body: "no such page")
            }
        }
    }

    /// An app that fetches `url` with `options` (Lua source) at mount and shows the answer.
    static func fetcher(_ url: String, _ options: String = "{}") -> String {
        """
        local ui = require("theolua")
        local Fetch = ui.component("Fetch", {
          initialState = function() return { text = "waiting" } end,
          render = function(self) return ui.text { self.state.text, wrap = "char" } end,
          controller = { init = function(ctl)
            ui.fetch("\(url)", \(options), function(r)
              local text
              if r.error then
                text = "error: " .. r.error
              else
                text = r.status .. " " .. r.body .. " [" .. (r.headers["x-greeting"] or "") .. "] " .. r.url
              end
              print(text)
              ctl:updateState({ text = text })
            end)
          end },
        })
        return ui.component("App", {
          props = { shown = { "boolean", default = true } },
          render = function(self) return self.props.shown and Fetch {} or ui.text "gone" end,
        })
        """
    }

    /// The app after its fetch is answered (or five seconds), and what it printed.
    static func fetch(_ source: String, net: Permissions.Hosts) throws -> (LuaApp, [String]) {
        let app = try LuaApp(source, width: 120, height: 3, permissions: Permissions(net: net))
        app.runtime.waitForProcesses(timeout: .seconds(5))
        return (app, app.takeLogs())
    }

    @Test func aResponseArrivesWithItsStatusHeadersAndBody() throws {
        let server = try Self.server()
        defer { server.stop() }
        let (app, logs) = try Self.fetch(Self.fetcher(server.url("/hello")), net: .only(["127.0.0.1"]))
        #expect(app.errors().isEmpty)
        #expect(logs == ["200 hello, world [hi] \(server.url("/hello"))"])
        #expect(server.requests.first?.method == "GET")
    }

    @Test func repeatedHeadersAreJoinedAndNamesLowercased() throws {
        let server = try Self.server()
        defer { server.stop() }
        let source = Self.fetcher(server.url("/hello")).replacingOccurrences(
            of: "text = r.status .. \" \" .. r.body", with: "text = r.headers[\"set-cookie\"] .. \" \" .. r.headers[\"content-type\"]")
        let (_, logs) = try Self.fetch(source, net: .all)
        #expect(logs.first?.hasPrefix("a=1, b=2 text/plain") == true, "\(logs)")
    }

    @Test func aMethodHeadersAndABodyAreSent() throws {
        let server = try Self.server()
        defer { server.stop() }
        let (_, logs) = try Self.fetch(
            Self.fetcher(server.url("/echo"), #"{ method = "put", headers = { ["X-One"] = "1", ["X-Two"] = 2 }, body = "data\0bytes" }"#),
            net: .only(["127.0.0.1:\(server.port)"]))
        #expect(logs == ["200 PUT x-one=1;x-two=2 data\0bytes [] \(server.url("/echo"))"])
    }

    @Test func aHostTheGrantDoesNotReachIsAScriptErrorNamingTheFlag() throws {
        let server = try Self.server()
        defer { server.stop() }
        let app = try LuaApp(Self.fetcher(server.url("/hello")), width: 120, height: 3, permissions: Permissions(net: .only(["example.org"])))
        let errors = app.errors()
        #expect(
            errors.first?.contains(
                "ui.fetch: fetching \"\(server.url("/hello"))\" is not allowed: start theolua with --allow-net (or --allow-net=127.0.0.1:\(server.port))"
            ) == true, "\(errors)")
        #expect(server.requests.isEmpty)
        let none = try LuaApp(Self.fetcher(server.url("/hello")), width: 120, height: 3)
        #expect(none.errors().first?.contains("start theolua with --allow-net") == true)
    }

    @Test func onlyHTTPAndHTTPSAreFetched() throws {
        for url in ["file:///etc/passwd", "ftp://127.0.0.1/x", "gopher://127.0.0.1/", "not a url", "http://"] {
            let app = try LuaApp(Self.fetcher(url), width: 120, height: 3, permissions: Permissions(net: .all))
            let errors = app.errors()
            #expect(errors.count == 1, "\(url): \(errors)")
            #expect(errors.first?.contains("ui.fetch: fetching \"") == true, "\(url): \(errors)")
        }
    }

    @Test func redirectsAreFollowedOnlyWhereTheGrantReaches() throws {
        let server = try Self.server()
        defer { server.stop() }
        let granted = Permissions.Hosts.only(["127.0.0.1:\(server.port)"])
        let (_, followed) = try Self.fetch(Self.fetcher(server.url("/redirect")), net: granted)
        #expect(followed == ["200 hello, world [hi] \(server.url("/hello"))"])
        // A 303 after a POST becomes a GET without the body.
        let (_, seeOther) = try Self.fetch(
            Self.fetcher(server.url("/see-other"), #"{ method = "POST", body = "gone" }"#), net: granted)
        #expect(seeOther == ["200 GET   [] \(server.url("/echo"))"])
        // localhost is another host name than the one granted.
        let (_, refused) = try Self.fetch(Self.fetcher(server.url("/elsewhere/\(server.port)")), net: granted)
        #expect(
            refused == [
                "error: the redirect to http://localhost:\(server.port)/hello was refused: fetching \"http://localhost:\(server.port)/hello\" is not allowed: start theolua with --allow-net (or --allow-net=localhost:\(server.port))"
            ])
        let (_, looped) = try Self.fetch(Self.fetcher(server.url("/loop")), net: granted)
        #expect(looped.first?.hasPrefix("error: more than 10 redirects") == true, "\(looped)")
    }

    @Test func credentialsFollowARedirectOnlyWithinTheirOrigin() throws {
        let server = try Self.server()
        defer { server.stop() }
        let other = try Self.server()
        defer { other.stop() }
        let granted = Permissions.Hosts.only(["127.0.0.1"])
        let options = #"{ headers = { Authorization = "Bearer secret", Cookie = "session=1" } }"#
        let (_, same) = try Self.fetch(Self.fetcher(server.url("/same-origin"), options), net: granted)
        #expect(same == ["200 authorization=Bearer secret;cookie=session=1 [] \(server.url("/credentials"))"])
        // The same host on another port is another origin, as libcurl and browsers hold it.
        let (_, otherPort) = try Self.fetch(Self.fetcher(server.url("/port/\(other.port)"), options), net: granted)
        #expect(otherPort == ["200 authorization=-;cookie=- [] \(other.url("/credentials"))"])
    }

    @Test func aBodyLargerThanMaxBytesIsAnError() throws {
        let server = try Self.server()
        defer { server.stop() }
        let (_, kept) = try Self.fetch(
            Self.fetcher(server.url("/big"), "{ maxBytes = 100000 }").replacingOccurrences(of: "r.body", with: "#r.body"),
            net: .all)
        #expect(kept.first?.hasPrefix("200 100000 ") == true, "\(kept)")
        let (_, refused) = try Self.fetch(Self.fetcher(server.url("/big"), "{ maxBytes = 1000 }"), net: .all)
        #expect(refused == ["error: the response is larger than the 1000 bytes a fetch keeps"])
    }

    @Test func aTimeoutEndsTheRequest() throws {
        let server = try Self.server()
        defer { server.stop() }
        let start = ContinuousClock.now
        let (_, logs) = try Self.fetch(Self.fetcher(server.url("/slow"), "{ timeout = 0.2 }"), net: .all)
        #expect(ContinuousClock.now - start < .seconds(2))
        #expect(logs.first?.hasPrefix("error: ") == true, "\(logs)")
        #expect(logs.first?.lowercased().contains("timeout") == true || logs.first?.lowercased().contains("timed out") == true, "\(logs)")
    }

    @Test func httpsSpeaksTLS() throws {
        let server = try Self.server()
        defer { server.stop() }
        // The test server speaks plain HTTP: a TLS handshake with it fails.
        let (_, logs) = try Self.fetch(Self.fetcher("https://127.0.0.1:\(server.port)/hello"), net: .all)
        #expect(logs.first?.hasPrefix("error: ") == true, "\(logs)")
        #expect(logs.first?.uppercased().contains("SSL") == true || logs.first?.uppercased().contains("TLS") == true, "\(logs)")
    }

    @Test func theGrantIsCheckedOnTheHostTheRequestReaches() throws {
        // Userinfo, a backslash, an uppercase or dotted host: the host checked is the one
        // libcurl connects to.
        let cases: [(String, Permissions.Hosts, Bool)] = [
            ("http://127.0.0.1@example.invalid/", .only(["127.0.0.1"]), false),
            ("http://example.invalid#@127.0.0.1/", .only(["127.0.0.1"]), false),
            ("http://EXAMPLE.invalid./x", .only(["example.invalid"]), true),
            ("http://example.invalid:8080/", .only(["example.invalid:80"]), false),
            ("http://example.invalid/", .only(["example.invalid:80"]), true),
            ("https://example.invalid/", .only(["example.invalid:443"]), true),
            ("http://[::1]:9/", .only(["[::1]:9"]), true),
        ]
        for (url, hosts, allowed) in cases {
            let result = Result { try NetGate(hosts).check(url) }
            #expect(((try? result.get()) != nil) == allowed, "\(url) under \(hosts): \(result)")
        }
    }

    @Test func aRefusedConnectionIsAnError() throws {
        let closed = try ClosedPort()
        let (_, logs) = try Self.fetch(Self.fetcher("http://127.0.0.1:\(closed.port)/x"), net: .all)
        #expect(logs.first?.hasPrefix("error: ") == true, "\(logs)")
        withExtendedLifetime(closed) {}
    }

    @Test func aRequestOfAComponentThatLeftIsNotAnswered() throws {
        let server = try Self.server()
        defer { server.stop() }
        let app = try LuaApp(Self.fetcher(server.url("/slow"), "{ timeout = 5 }"), width: 120, height: 3, permissions: Permissions(net: .all))
        try app.runtime.mount(props: ["shown": .bool(false)])
        let start = ContinuousClock.now
        #expect(app.runtime.waitForProcesses(timeout: .seconds(5)))
        #expect(ContinuousClock.now - start < .seconds(1), "a cancelled request is not waited for")
        #expect(app.takeLogs().isEmpty)
        #expect(app.lines.first == "gone")
    }

    @Test func optionsThatCouldSmuggleARequestAreRefused() throws {
        let cases: [(String, String)] = [
            (#"{ headers = { ["X-A"] = "1\r\nX-B: 2" } }"#, "must be one line"),
            (#"{ headers = { ["X A"] = "1" } }"#, "is not a header name"),
            (#"{ method = "GET /x HTTP/1.1" }"#, "method must be a word"),
            (#"{ timeout = -1 }"#, "timeout must be a number of seconds above 0"),
            (#"{ maxBytes = 1e12 }"#, "maxBytes must be a whole number"),
            (#"{ body = {} }"#, "body must be a string"),
        ]
        for (options, message) in cases {
            let app = try LuaApp(Self.fetcher("http://127.0.0.1:1/", options), width: 120, height: 3, permissions: Permissions(net: .all))
            let errors = app.errors()
            #expect(errors.first?.contains(message) == true, "\(options): \(errors)")
        }
    }
}
