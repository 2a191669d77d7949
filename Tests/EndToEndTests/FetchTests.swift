import Testing
import TheoluaTestServer

/// `ui.fetch` through the `theolua` binary against a server on 127.0.0.1: `render`
/// waits for the answer and shows it, `--allow-net` bounds the hosts, and a test's
/// `allow.net` is bounded by the command's.
@Suite struct FetchTests {
    static let app = """
        local ui = require("theolua")
        return ui.component("Status", {
          props = { url = "string" },
          initialState = function() return { text = "waiting" } end,
          render = function(self) return ui.text { self.state.text, wrap = "char" } end,
          controller = { init = function(ctl)
            ui.fetch(ctl.props.url, { method = "POST", body = ui.json.encode({ n = 1 }) }, function(r)
              if r.error then return ctl:updateState({ text = "error: " .. r.error }) end
              local doc = ui.json.decode(r.body)
              ctl:updateState({ text = r.status .. " " .. doc.service .. " " .. doc.state })
            end)
          end },
        })
        """

    static func server() throws -> HTTPTestServer {
        try HTTPTestServer { request in
            guard request.method == "POST", String(decoding: request.body, as: UTF8.self) == #"{"n":1}"# else {
                return .init(status: 400, body: #"{"service":"?","state":"bad request"}"#)
            }
            return .init(headers: [("Content-Type", "application/json")], body: #"{"service":"api","state":"up"}"#, delay: .milliseconds(300))
        }
    }

    @Test func renderWaitsForTheAnswerAndShowsIt() throws {
        let server = try Self.server()
        defer { server.stop() }
        let folder = ScriptFolder()
        defer { folder.remove() }
        let app = folder.write("app.lua", Self.app)
        let props = #"{"url":"\#(server.url("/status"))"}"#
        let result = runTheolua(["render", app, "--size", "30x1", "--props", props, "--allow-net=127.0.0.1"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "200 api up\n", "\(result.stdout)\(result.stderr)")
        let denied = runTheolua(["render", app, "--size", "30x1", "--props", props, "--allow-net=example.org"])
        #expect(denied.status == 1)
        #expect(denied.stderr.contains("start theolua with --allow-net (or --allow-net=127.0.0.1:\(server.port))"), "\(denied.stderr)")
    }

    @Test func aTestGetsTheHostsItsAllowAsksWithinTheCommands() throws {
        let server = try Self.server()
        defer { server.stop() }
        let folder = ScriptFolder()
        defer { folder.remove() }
        folder.write("app.lua", Self.app)
        folder.write(
            "app_test.lua",
            """
            local t = require("theolua.test")
            local url = "\(server.url("/status"))"
            t.test("fetches", function()
              local app = t.mount("app.lua", { size = "30x1", props = { url = url }, allow = { net = { "127.0.0.1" } } })
              t.expect(app:screen()):toBe("200 api up")
            end)
            t.test("asks for more than the command grants", function()
              t.mount("app.lua", { size = "30x1", props = { url = url }, allow = { net = { "example.org" } } })
            end)
            t.test("asks for nothing", function()
              local ok, err = pcall(t.mount, "app.lua", { size = "30x1", props = { url = url } })
              t.expect(tostring(err)):toContain("--allow-net")
            end)
            """)
        let result = runTheolua(["test", folder.path, "--allow-net=127.0.0.1"])
        #expect(result.stdout.contains("✓ app_test.lua › fetches"), "\(result.stdout)")
        #expect(result.stdout.contains("allow.net asks for example.org, outside what theolua test --allow-net grants"), "\(result.stdout)")
        #expect(result.stdout.contains("✓ app_test.lua › asks for nothing"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("2 passed, 1 failed\n"), "\(result.stdout)")
    }
}
