import TheoluaRuntime

/// Lua values built from the input (scalars, arrays, records, mixed and sparse tables,
/// shared and cyclic tables, elements, functions, coroutines) given to a component
/// whose prop has a schema the input picks, to `ui.emit` and to `updateState`. Each
/// either converts or is an ordinary error; converting is deterministic (the same app
/// twice gives the same screen and messages).
enum PropsConversionTarget {
    static func run(_ data: [UInt8]) -> String? {
        let first = outcome(data)
        let second = outcome(data)
        return first == second ? nil : "two runs differ:\n\(first)\n---\n\(second)"
    }

    /// The screen and the messages of the app built from `data`.
    private static func outcome(_ data: [UInt8]) -> String {
        let limits = ScriptLimits(memoryBytes: 32 << 20, instructions: 2_000_000, seconds: 10)
        guard let runtime = try? Runtime(options: Runtime.Options(limits: limits), width: 30, height: 4) else {
            return "no runtime"
        }
        var events: [String] = []
        runtime.onEmit = { name, payload in events.append("emit \(name) \(payload.typeName)") }
        var messages: [String] = []
        do {
            try runtime.load(source: source(for: data))
            try runtime.mount()
            try runtime.send(keys: "enter")
        } catch {
            messages.append("\(error)")
        }
        messages += runtime.takeErrors()
        return (messages + events + runtime.lines).joined(separator: "\n")
    }

    /// The app: the bytes as a Lua string, read by a small interpreter that makes a value.
    static func source(for data: [UInt8]) -> String {
        ByteScript.source(for: data, script)
    }

    private static let script = #"""
        local made = {}
        local specials = { 0/0, 1/0, -1/0, math.maxinteger, math.mininteger, -0.0, 2^53, 2^63, 1e308 }
        local function value(depth)
          local b = byte()
          local kind = b % 16
          if depth > 8 and kind >= 6 then kind = kind % 6 end
          if kind == 0 then return nil
          elseif kind == 1 then return b >= 128
          elseif kind == 2 then return byte() - 128
          elseif kind == 3 then return (byte() - 128) / 7
          elseif kind == 4 then return specials[byte() % #specials + 1]
          elseif kind == 5 then
            local n = byte() % 9
            local s = data:sub(position, position + n - 1)
            position = position + n
            return s
          elseif kind == 6 then
            local t = {}
            made[#made + 1] = t
            for i = 1, byte() % 6 do t[i] = value(depth + 1) end
            return t
          elseif kind == 7 then
            local t = {}
            made[#made + 1] = t
            for _ = 1, byte() % 6 do t[string.char(97 + byte() % 6)] = value(depth + 1) end
            return t
          elseif kind == 8 then
            return { value(depth + 1), x = value(depth + 1) }
          elseif kind == 9 then
            return { [byte() * 100000 + 1] = value(depth + 1) }
          elseif kind == 10 then
            if #made == 0 then return {} end
            return made[byte() % #made + 1]
          elseif kind == 11 then
            return ui.text(tostring(byte()))
          elseif kind == 12 then
            return function() return byte() end
          elseif kind == 13 then
            return coroutine.create(print)
          elseif kind == 14 then
            local t = { value(depth + 1) }
            t[2] = t
            return t
          else
            -- Shared subtables, up to 4,096 paths: the million-value bound itself is
            -- tested apart (LuaConversionBoundsTests); reaching it in every run would
            -- leave the fuzzer a few runs a second.
            local t = { value(depth + 1) }
            for _ = 1, byte() % 13 do t = { t, t } end
            return t
          end
        end
        local schemas = {
          "any", "string?", "number?", "integer?", "boolean?", "function?", "element?", "elements?", "table?",
          { "array", of = "integer" }, { "array", of = "any" }, { "map", of = "any" }, { "map", of = "string" },
          { "record", fields = { a = "number?", b = { "string", default = "x" }, c = { "array", of = "any" } } },
          { "oneOf", "string", { "array", of = "any" }, "integer" }, { "enum", values = { "a", "b" } },
          { "integer", min = 0, max = 10 }, { "number", min = -1, max = 1 },
        }
        local schema = schemas[byte() % #schemas + 1]
        local v = value(0)
        local Shown = ui.component("Shown", {
          props = { v = schema },
          render = function(self) return ui.text(type(self.props.v)) end,
        })
        return ui.component("App", {
          initialState = function() return { v = false } end,
          render = function(self)
            return ui.column { Shown { v = v }, ui.button { "go", onPress = self:handler("go", v) } }
          end,
          actions = {
            go = function(self, arg)
              ui.emit("value", v)
              self:updateState({ v = v })
            end,
          },
        })
        """#
}
