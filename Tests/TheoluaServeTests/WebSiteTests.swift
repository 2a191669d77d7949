#if Serve
import NIOHTTP1
import Testing

@testable import TheoluaServe

/// Who the web server lets in, read from requests as a browser sends them.
@Suite struct WebSiteTests {
    func request(_ uri: String, _ headers: [(String, String)] = []) -> HTTPRequestHead {
        HTTPRequestHead(version: .http1_1, method: .GET, uri: uri, headers: HTTPHeaders(headers))
    }

    @Test func theTokenMustMatchWhollyAndNoneLetsAnyoneIn() {
        let site = Site(token: "0123456789abcdef")
        #expect(site.admits(request("/?token=0123456789abcdef")))
        #expect(site.admits(request("/?columns=80&token=0123456789abcdef#top")))
        for wrong in ["/", "/?token=", "/?token=0123456789abcde", "/?token=0123456789abcdefg", "/?token=1123456789abcdef"] {
            #expect(!site.admits(request(wrong)), "\(wrong)")
        }
        // The first of two is the one read.
        #expect(!site.admits(request("/?token=x&token=0123456789abcdef")))
        #expect(Site(token: nil).admits(request("/")))
    }

    @Test func aSessionIsOpenedOnlyFromTheServersOwnOrigin() {
        let site = Site(token: nil)
        let host = ("Host", "127.0.0.1:8080")
        #expect(site.opensSession(request("/session", [host, ("Origin", "http://127.0.0.1:8080")])))
        #expect(site.opensSession(request("/session", [host])), "not from a browser")
        #expect(site.opensSession(request("/session", [("Host", "Example.org"), ("Origin", "https://example.org")])))
        #expect(site.opensSession(request("/session", [("Host", "[::1]:9000"), ("Origin", "http://[::1]:9000")])))
        for origin in ["http://127.0.0.1:8081", "http://localhost:8080", "null", "", "http://127.0.0.1:8080.evil.example"] {
            #expect(!site.opensSession(request("/session", [host, ("Origin", origin)])), "\(origin)")
        }
        #expect(!site.opensSession(request("/session", [("Origin", "http://127.0.0.1:8080")])), "no Host")
        #expect(!site.opensSession(request("/", [host])))
        #expect(!site.opensSession(request("/session/", [host])))
    }

    @Test func theSizeAskedForIsKeptWithinWhatRunLaysOut() {
        #expect(Site.size(request("/session?columns=120&rows=40")) == (120, 40))
        #expect(Site.size(request("/session")) == (80, 24))
        // A side of 0 or less is one the page does not know: 80x24, as `run` starts.
        #expect(Site.size(request("/session?columns=0&rows=-3")) == (80, 24))
        #expect(Site.size(request("/session?columns=0&rows=30")) == (80, 30))
        #expect(Site.size(request("/session?columns=99999999999999999999&rows=5000")) == (80, 1_000))
        #expect(Site.size(request("/session?columns=12abc&rows=%20")) == (80, 24))
    }

    /// Requests of random bytes, as a hostile client sends them: no crash, a size always
    /// within bounds, and no session without the token.
    @Test func hostileRequestsAreReadWithoutHarm() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("/?&=#%:[]@.-_~token columns rows session 0123456789abcdef\u{0}\u{7F}é🙂\\\"".unicodeScalars)
        func noise(_ count: Int) -> String {
            String(String.UnicodeScalarView((0..<count).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }))
        }
        let site = Site(token: "0123456789abcdef")
        for round in 0..<5_000 {
            let uri = (round % 3 == 0 ? "/session?" : "") + noise(Int.random(in: 0...60, using: &generator))
            let head = request(uri, [("Host", noise(12)), ("Origin", round % 2 == 0 ? "http://" + noise(12) : noise(20))])
            let size = Site.size(head)
            #expect((1...1_000).contains(size.columns) && (1...1_000).contains(size.rows))
            if site.opensSession(head) || site.admits(head) {
                #expect(Site.query(head)["token"] == "0123456789abcdef", "\(uri)")
            }
        }
    }

    @Test func everyFileThePageLoadsIsServed() {
        for path in ["/", "/client.js", "/page.css", "/xterm.js", "/xterm.css"] {
            #expect(Site.files[path].map { $0.body.readableBytes > 0 } == true, "\(path)")
        }
        // xterm.js is embedded with the modules the page loads, its add-on among them.
        #expect(WebAssets.xtermMissing == nil)
        for module in ["xterm", "public/Terminal", "addons/fit/fit"] {
            #expect(WebAssets.xtermScript.contains("theoluaModules[\"\(module)\"] = function"), "\(module)")
        }
        #expect(!WebAssets.xtermScript.contains("sourceMappingURL"))
    }
}
#endif
