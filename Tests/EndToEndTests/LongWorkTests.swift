import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Long ordinary work in one call is not stopped by the default limits (PRODUCT.md §17):
/// a loop of 30 million iterations, a sort of a million records with a comparator, and
/// 5 MB of JSON encoded and decoded by a pure-Lua library (Debian's dkjson, which
/// `scripts/setup` installs). Each runs in a render of its own, as `theolua render`
/// runs it, with no limit flag; and a runaway is still stopped, with its line.
@Suite struct LongWorkTests {
    /// dkjson where Debian puts it for Lua 5.4.
    static let dkjson = "/usr/share/lua/5.4/dkjson.lua"

    static let app = """
        local ui = require("theolua")
        local json = require("dkjson")
        return ui.component("LongWork", {
          props = { work = "string" },
          render = function(self)
            local work, result = self.props.work, nil
            if work == "loop" then
              local n = 0
              for i = 1, 30000000 do n = n + i end
              result = n
            elseif work == "sort" then
              local t, seed = {}, 7
              for i = 1, 1000000 do seed = (seed * 1103515245 + 12345) % 2147483648; t[i] = { k = seed, i = i } end
              table.sort(t, function(a, b) return a.k < b.k end)
              local sorted = true
              for i = 2, #t do sorted = sorted and t[i - 1].k <= t[i].k end
              result = sorted
            elseif work == "json" then
              local rows = {}
              for i = 1, 60000 do
                rows[i] = { id = i, name = "user " .. i, score = i * 1.5, tags = { "a", "b", "c" }, active = i % 2 == 0 }
              end
              local text = json.encode(rows)
              local back = json.decode(text)
              result = string.format("%.1f MB %d rows", #text / 1e6, #back)
            else
              while true do end
            end
            return ui.text(work .. " " .. tostring(result))
          end,
        })
        """

    static func render(_ work: String, in folder: ScriptFolder) -> ProcessResult {
        let path = folder.write("app.lua", app)
        return runTheolua(["render", path, "--size", "40x1", "--props", "{\"work\":\"\(work)\"}"], timeout: 120)
    }

    @Test(
        .enabled(if: access(dkjson, R_OK) == 0, "needs Debian's lua-dkjson (scripts/setup installs it)"),
        arguments: [
            ("loop", "loop 450000015000000"), ("sort", "sort true"), ("json", "json 5.0 MB 60000 rows"),
        ])
    func ordinaryLongWorkFinishesUnderTheDefaultLimits(_ work: String, _ shown: String) throws {
        // Instrumented builds run the allocator several times slower; the loop alone
        // stays far below the limit there.
        if Sanitizer.instrumentsMemory && work != "loop" { return }
        let folder = ScriptFolder()
        defer { folder.remove() }
        folder.write("dkjson.lua", Files.read(Self.dkjson) ?? "")
        let result = Self.render(work, in: folder)
        #expect(result.status == 0, "\(work): \(result.stderr)")
        #expect(result.stdout == shown + "\n", "\(work): \(result.stderr)")
    }

    @Test(.enabled(if: access(dkjson, R_OK) == 0, "needs Debian's lua-dkjson (scripts/setup installs it)"))
    func aRunawayIsStoppedAtTheDefaultLimitWithItsLine() throws {
        let folder = ScriptFolder()
        defer { folder.remove() }
        folder.write("dkjson.lua", Files.read(Self.dkjson) ?? "")
        let result = Self.render("spin", in: folder)
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "app.lua:27: LongWork: the call ran for more than 5 s (a runaway loop? long work can run in ui.task, or raise --max-seconds)\n"
        )
    }
}
