import Testing
import TheoluaRuntime

/// `os.time` and `os.date` under a virtual ``WallClock``: the run loop's clock from an
/// epoch, in UTC, so a headless screen showing the time is the same on every run; and
/// the system's clock by default. `os.clock` is the processor time under either.
@Suite struct LuaWallClockTests {
    /// What a runtime's scripts print, line by line.
    final class Printed {
        var lines: [String] = []
    }

    private func runtime(_ clock: WallClock, allowIO: Bool = false) throws -> (Runtime, Printed) {
        let runtime = try Runtime(options: Runtime.Options(allowIO: allowIO, wallClock: clock))
        let printed = Printed()
        runtime.onLog = { printed.lines.append($0) }
        return (runtime, printed)
    }

    @Test(arguments: [false, true])
    func theVirtualClockFollowsTheRunLoopFromItsEpochInUTC(allowIO: Bool) throws {
        let (runtime, printed) = try runtime(.headless, allowIO: allowIO)
        let script = """
            print(math.type(os.time()), os.time(), os.date("%Y-%m-%d %H:%M:%S"), os.date())
            print(os.date("*t").hour, os.date("!%H:%M", 3600), os.date("%H:%M", 7200), os.difftime(os.time() + 5, os.time()))
            """
        try runtime.runScript(source: script)
        runtime.advance(by: 90.25)
        try runtime.runScript(source: script)
        #expect(
            printed.lines == [
                "integer\t946684800\t2000-01-01 00:00:00\tSat Jan  1 00:00:00 2000",
                "0\t01:00\t02:00\t5.0",
                "integer\t946684890\t2000-01-01 00:01:30\tSat Jan  1 00:01:30 2000",
                "0\t01:00\t02:00\t5.0",
            ])
    }

    @Test func anEpochOfTheHostsChoosing() throws {
        let (runtime, printed) = try runtime(.virtual(epoch: 0))
        try runtime.runScript(source: "print(os.time(), os.date('%Y'))")
        #expect(printed.lines == ["0\t1970"])
    }

    @Test func osTimeOfATableReadsItAsUTCNormalizesItAndFillsItBack() throws {
        let (runtime, printed) = try runtime(.headless)
        try runtime.runScript(
            source: """
                local t = { year = 2000, month = 13, day = 32, hour = 0 }
                print(os.time(t), t.year, t.month, t.day, t.hour, t.min, t.sec, t.wday, t.yday, t.isdst)
                print(os.time({ year = 2000, month = 2, day = 29, hour = 23, min = 59, sec = 59 }))
                print(os.time({ year = 1969, month = 12, day = 31 }), os.time({ year = 1999, month = 1, day = 1 }))
                print(os.time({ year = "2000", month = 1.0, day = 1, min = -30 }))
                for _, x in ipairs({ -86400 * 365 * 400, -1, 0, 951782400, 4102444799, 253402300799 }) do
                  assert(os.time(os.date("*t", x)) == x, x)
                end
                for _, bad in ipairs({ { month = 1, day = 1 }, { year = 2000, month = 1 }, { year = 2000, month = 1, day = 1, hour = 1.5 },
                                       { year = 2000, month = 1, day = 1, sec = 2^40 } }) do
                  print(select(2, pcall(function() local time = os.time(bad) return time end)))
                end
                print(select(2, pcall(os.time, "now")))
                """)
        #expect(
            printed.lines == [
                "980985600\t2001\t2\t1\t0\t0\t0\t5\t32\tfalse",
                "951868799",
                "-43200\t915192000",
                "946726200",
                "script:11: field 'year' missing in date table",
                "script:11: field 'day' missing in date table",
                "script:11: field 'hour' is not an integer",
                "script:11: field 'sec' is out-of-bound",
                "bad argument #1 to 'time' (table expected, got string)",
            ])
    }

    /// A script times its own work with `os.clock` under a virtual clock too: the
    /// processor time moves while the virtual clock stands still.
    @Test func osClockIsTheProcessorTimeUnderAVirtualClock() throws {
        let (runtime, printed) = try runtime(.headless)
        try runtime.runScript(
            source: """
                local t0 = os.clock()
                while os.clock() == t0 do end
                print(os.clock() > t0, os.time())
                """)
        #expect(printed.lines == ["true\t946684800"])
    }

    @Test func theSystemClockIsTheDefault() throws {
        let runtime = try Runtime()
        let printed = Printed()
        runtime.onLog = { printed.lines.append($0) }
        try runtime.runScript(source: "print(os.time() > 946684800 + 86400 * 365 * 20, os.clock() < 1000)")
        #expect(printed.lines == ["true\ttrue"])
    }
}
