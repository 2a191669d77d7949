import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Real libraries as the oracle (PRODUCT.md §18): `Libraries/probe.lua` drives Debian's
/// Penlight, argparse, dkjson, luassert and say as their documentation shows them,
/// loaded through `--module-path /usr/share/lua/5.4`, and every line it gives under
/// theolua is the line the stock `lua5.4` interpreter gives for the same script
/// (`scripts/setup` installs them all).
@Suite struct VendoredLibrariesTests {
    static let installed =
        access("/usr/bin/lua5.4", X_OK) == 0 && access("/usr/share/lua/5.4/pl/List.lua", R_OK) == 0
        && access("/usr/share/lua/5.4/argparse.lua", R_OK) == 0 && access("/usr/share/lua/5.4/dkjson.lua", R_OK) == 0
        && access("/usr/share/lua/5.4/luassert/init.lua", R_OK) == 0 && access("/usr/share/lua/5.4/say/init.lua", R_OK) == 0

    @Test(.enabled(if: installed, "needs lua5.4 and Debian's lua-penlight, -argparse, -dkjson, -luassert, -say (scripts/setup)"))
    func penlightArgparseDkjsonAndLuassertGiveWhatStockLuaGives() throws {
        let folder = ScriptFolder()
        defer { folder.remove() }
        folder.write("probe.lua", Files.read(Paths.package + "/Tests/EndToEndTests/Libraries/probe.lua") ?? "")
        let app = folder.write("app.lua", "local ui = require(\"theolua\")\nreturn ui.column(require(\"probe\"))\n")
        let stock = folder.write(
            "stock.lua",
            """
            package.path = "/usr/share/lua/5.4/?.lua;/usr/share/lua/5.4/?/init.lua;" .. arg[0]:match("^(.*)/") .. "/?.lua"
            for _, line in ipairs(require("probe")) do print(line) end
            """)
        let expected = runProcess("/usr/bin/lua5.4", [stock])
        #expect(expected.status == 0, "\(expected.stderr)")
        // As render shows them: trailing spaces removed.
        let lines = expected.stdout.split(separator: "\n").map { String($0.reversed().drop { $0 == " " }.reversed()) }
        #expect(lines.count >= 20)
        let ours = runTheolua([
            "render", app, "--size", "200x\(lines.count)", "--module-path", "/usr/share/lua/5.4",
        ])
        #expect(ours.status == 0, "\(ours.stderr)")
        let shown = ours.stdout.split(separator: "\n", omittingEmptySubsequences: false).prefix(lines.count).map(String.init)
        #expect(shown == lines)
    }
}
