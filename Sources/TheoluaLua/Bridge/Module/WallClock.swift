import CLua
import CLuaSupport
import TheoluaCore

/// What a script's `os.time` and `os.date` read: the system's clock, or the run loop's.
///
/// A person running an app wants the real time; a headless render or a test wants the
/// same screen on every run, so an app that shows the time must not read it from the
/// system there. Under ``virtual(epoch:)`` both functions follow the run loop's clock,
/// which a ``ManualRunLoop`` moves only when told to (`render --time`, `app:advance` in
/// tests). `os.clock` is the processor time the process has used, as in stock Lua,
/// under either: it measures work (a benchmark, a profile), which no virtual clock knows.
public enum WallClock: Sendable, Equatable {
    /// The system's clock and time zone, as stock Lua reads them: for `run`, `serve` and
    /// hosts by default.
    case system
    /// The run loop's clock, started at `epoch` (seconds since 1970-01-01 UTC):
    /// `os.time()` is `epoch` plus the whole seconds the loop's clock has moved,
    /// `os.time(t)` reads `t` as UTC,
    /// and `os.date` formats in UTC (as if each format began with `!`).
    case virtual(epoch: Int64)

    /// The virtual clock `render`, `check` and `theolua test` use: from
    /// 2000-01-01 00:00:00 UTC (946684800).
    public static let headless = WallClock.virtual(epoch: 946_684_800)
}

extension LuaBridge {
    /// Replaces `os.time` and `os.date` with ones that read the run loop's
    /// clock from `epoch` (see ``WallClock/virtual(epoch:)``); `os.difftime` needs no
    /// clock. Runs before the first load, so that every load's snapshot of `os` has them.
    func installVirtualClock(epoch: Int64) throws(ScriptError) {
        try state.load(Self.virtualClockSource, chunkName: "=theolua.clock")
        lua_getglobal(L, "os")
        theolua_pushfunction(L, LuaBridge.virtualSeconds, 0)
        lua_pushinteger(L, lua_Integer(epoch))
        try state.call(arguments: 3, results: 0)  // stack: (nothing left)
    }

    /// The seconds the run loop's clock has moved since it started, with their fraction.
    static let virtualSeconds: theolua_function = { L in
        LuaBridge.entry(L) { bridge, L in
            let now = bridge.runLoop.now.components
            lua_pushnumber(L, Double(now.seconds) + Double(now.attoseconds) / 1e18)
            return 1
        }
    }

    /// The virtual `os` functions, given the `os` table, the function above and the
    /// epoch. `os.time(t)` checks and normalizes `t` as stock Lua does (month 13 is
    /// January of the next year, and the normalized fields are written back into `t`)
    /// but in UTC, with no time zone or daylight saving time to depend on; `os.date`
    /// is stock Lua's, given a `!` format and the virtual time when none is given.
    static let virtualClockSource = """
        local os, seconds, epoch = ...
        local date, floor, tointeger, type, error, pcall, sub, tostring =
          os.date, math.floor, math.tointeger, type, error, pcall, string.sub, tostring

        local function now() return epoch + floor(seconds()) end

        -- A field of os.time's table, as stock Lua's getfield reads it.
        local function field(t, key, default, delta)
          local value = t[key]
          local n = tointeger(value)
          if n == nil then
            if value ~= nil then error("field '" .. key .. "' is not an integer", 3) end
            if default == nil then error("field '" .. key .. "' missing in date table", 3) end
            return default
          end
          if not (n >= 0 and n - delta <= 0x7fffffff or n < 0 and n >= -0x80000000 + delta) then
            error("field '" .. key .. "' is out-of-bound", 3)
          end
          return n
        end

        -- The days from 1970-01-01 to a date of the proleptic Gregorian calendar
        -- (month 1 to 12; the day may be any integer).
        local function days(year, month, day)
          if month <= 2 then year = year - 1 end
          local era = year // 400
          local yearOfEra = year - era * 400
          local dayOfYear = (153 * ((month + 9) % 12) + 2) // 5 + day - 1
          return era * 146097 + yearOfEra * 365 + yearOfEra // 4 - yearOfEra // 100 + dayOfYear - 719468
        end

        os.time = function(t)
          if t == nil then return now() end
          if type(t) ~= "table" then
            error("bad argument #1 to 'time' (table expected, got " .. type(t) .. ")", 2)
          end
          local year = field(t, "year", nil, 1900)
          local month = field(t, "month", nil, 1)
          local day = field(t, "day", nil, 0)
          local hour = field(t, "hour", 12, 0)
          local min = field(t, "min", 0, 0)
          local sec = field(t, "sec", 0, 0)
          year, month = year + (month - 1) // 12, (month - 1) % 12 + 1
          local result = (days(year, month, 1) + day - 1) * 86400 + hour * 3600 + min * 60 + sec
          local ok, fields = pcall(date, "!*t", result)
          if not ok then error("time result cannot be represented in this installation", 2) end
          t.year, t.month, t.day, t.hour, t.min, t.sec = fields.year, fields.month, fields.day, fields.hour, fields.min, fields.sec
          t.wday, t.yday, t.isdst = fields.wday, fields.yday, false
          return result
        end

        os.date = function(format, time)
          if format == nil then format = "%c" elseif type(format) == "number" then format = tostring(format) end
          if type(format) == "string" and sub(format, 1, 1) ~= "!" then format = "!" .. format end
          if time == nil then time = now() end
          return date(format, time)
        end
        """
}
