import CLua
import CLuaSupport
import Testing

/// Our `find`, `match`, `gmatch` and `gsub` against Lua's own, side by side in one state:
/// every case must give the same results, of the same types (position captures are
/// integers), or fail with the same message. This is the proof that the budgeted
/// matcher keeps Lua 5.4's semantics exactly.
@Suite struct PatternDifferentialTests {
    @Test func handWrittenCasesGiveTheSameResultsAsLua() throws {
        let (count, mismatches) = try compare(PatternCases.handWritten)
        #expect(count > 300)
        #expect(mismatches == "")
    }

    @Test(arguments: [20_240_601, 7, 1_000_003])
    func randomPatternsGiveTheSameResultsAsLua(seed: Int) throws {
        let (count, mismatches) = try compare(PatternCases.random, seed: seed, rounds: 300)
        #expect(count == 1800)
        #expect(mismatches == "")
    }

    /// Runs `cases` through both libraries: how many cases ran, and each mismatch.
    private func compare(_ cases: String, seed: Int = 0, rounds: Int = 0) throws -> (Int, String) {
        let state = try SupportedState()
        state.installOurPatterns(as: "ours")
        let results = try state.run(
            """
            local cases = [==[\(cases)]==]
            local seed, rounds = \(seed), \(rounds)
            """ + "\n" + PatternDifferentialTests.runner, chunkName: "=differential")
        return (Int(results.first ?? "") ?? 0, results.last ?? "")
    }

    /// Loads the cases (each `add(name, args...)` or `addf(function(S, note) ... end)`),
    /// runs each against the stock library and ours, and returns the number of cases and
    /// the mismatches, one per paragraph.
    private static let runner = #"""
        local stock = { find = string.find, match = string.match, gmatch = string.gmatch, gsub = string.gsub }

        local function show(v)
          local t = type(v)
          if t == "number" then return math.type(v) .. " " .. string.format("%q", v) end
          if t == "string" then return string.format("%q", v) end
          if t == "table" then
            local parts = {}
            for i = 1, (v.n or #v) do parts[i] = show(v[i]) end
            return "{" .. table.concat(parts, ", ") .. "}"
          end
          return tostring(v)
        end

        -- One case against one library: every result, or the error, and what the case
        -- noted (the arguments replacement functions saw), as text.
        local function run(case, S)
          local log = { n = 0 }
          local function note(...)
            log.n = log.n + 1
            log[log.n] = table.pack(...)
          end
          local results
          if type(case) == "function" then
            results = table.pack(pcall(case, S, note))
          elseif case[1] == "gmatch" then
            results = table.pack(pcall(function()
              local out = { n = 0 }
              local iterate = S.gmatch(table.unpack(case, 2, case.n))
              for _ = 1, 100 do
                local r = table.pack(iterate())
                if r[1] == nil then break end
                out.n = out.n + 1
                out[out.n] = r
              end
              return out
            end))
          else
            local f = S[case[1]]
            -- Called through a local, so argument errors name it the same way for both.
            results = table.pack(pcall(function()
              local r = table.pack(f(table.unpack(case, 2, case.n)))
              return table.unpack(r, 1, r.n)
            end))
          end
          return show(results) .. (log.n > 0 and (" noted " .. show(log)) or "")
        end

        local list = {}
        local env = setmetatable({
          add = function(...) list[#list + 1] = table.pack(...) end,
          addf = function(f) list[#list + 1] = f end,
          seed = seed, rounds = rounds,
        }, { __index = _G })
        assert(load(cases, "=cases", "t", env))()

        local mismatches = {}
        for i, case in ipairs(list) do
          local want, got = run(case, stock), run(case, ours)
          if want ~= got then
            local label = type(case) == "function" and "(a function case)" or show(case)
            mismatches[#mismatches + 1] = string.format("#%d %s\n  Lua:  %s\n  ours: %s", i, label, want, got)
          end
        end
        return #list, table.concat(mismatches, "\n\n")
        """#
}
