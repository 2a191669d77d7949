import TheoluaRuntime

/// Paragraphs of spans built from the input: strings of any bytes (UTF-8 or not),
/// numbers, booleans, spans with looks of every field (good values and bad, unknown
/// names), nested, shared, cyclic, changed after `ui.span` checked them, and tables and
/// elements where spans go. Each text is read in C where C can, and in Swift throughout:
/// the two must give the same screen and the same messages.
enum SpansTarget {
    static func run(_ data: [UInt8]) -> String? {
        let c = outcome(data, inC: true)
        let swift = outcome(data, inC: false)
        return c == swift ? nil : "C and Swift read differently:\n\(c)\n---\n\(swift)"
    }

    /// The screen as a terminal gets it and the messages of the app built from `data`.
    private static func outcome(_ data: [UInt8], inC: Bool) -> String {
        let limits = ScriptLimits(memoryBytes: 32 << 20, instructions: 2_000_000, seconds: 10)
        guard let runtime = try? Runtime(options: Runtime.Options(limits: limits), width: 40, height: 8) else {
            return "no runtime"
        }
        runtime.bridge.readsTextsInC = inC
        var messages: [String] = []
        do {
            try runtime.load(source: source(for: data))
            try runtime.mount()
        } catch {
            messages.append("\(error)")
        }
        messages += runtime.takeErrors()
        return (messages + runtime.lines + [runtime.ansiText(colors: .truecolor)]).joined(separator: "\n")
    }

    /// The app: the bytes as a Lua string, read by a small interpreter that makes texts.
    static func source(for data: [UInt8]) -> String {
        ByteScript.source(for: data, script)
    }

    private static let script = #"""
        local made = {}
        local colors = { "red", "brightCyan", "#12abEF", "#12abeg", 7, 255, 256, -1, 3.0, 2.5, "default", "reed", true }
        local fields = { "color", "bg", "bold", "dim", "italic", "underline", "inverse", "strike", "link", "key", "size" }
        local function field(t)
          local name = fields[byte() % #fields + 1]
          local b = byte()
          if name == "color" or name == "bg" then t[name] = colors[b % #colors + 1]
          elseif name == "link" then t[name] = b % 3 == 0 and 12 or ("https://example.com/" .. string.rep("x", b % 140))
          elseif name == "key" then t[name] = b
          elseif name == "size" then t[name] = 3
          else t[name] = (b % 5 == 0) and "yes" or b % 2 == 0 end
        end
        local item
        local function span(depth)
          local t = {}
          for _ = 1, byte() % 4 do field(t) end
          for i = 1, byte() % 5 do t[i] = item(depth + 1) end
          local ok, s = pcall(ui.span, t)
          if not ok then return "!" end
          made[#made + 1] = s
          local after = byte() % 16
          if after == 0 then field(s) elseif after == 1 then s[#s + 1] = s end
          return s
        end
        function item(depth)
          local b = byte()
          local kind = b % 12
          if depth > 6 and kind >= 8 then kind = kind % 8 end
          if kind <= 2 then
            local n = byte() % 12
            local s = data:sub(position, position + n - 1)
            position = position + n
            return s
          elseif kind == 3 then return byte() - 100
          elseif kind == 4 then return (byte() - 100) / 4
          elseif kind == 5 then return nil
          elseif kind == 6 then return b >= 128
          elseif kind == 7 then return " "
          elseif kind <= 9 then return span(depth)
          elseif kind == 10 then
            if #made == 0 then return "" end
            return made[byte() % #made + 1]
          else
            local other = byte() % 3
            if other == 0 then return {} elseif other == 1 then return ui.text { "t", bold = true } end
            return ui.box {}
          end
        end
        local texts = {}
        for i = 1, 1 + byte() % 4 do
          local items = { wrap = ({ "word", "char", "ellipsis", "none" })[byte() % 4 + 1] }
          for j = 1, byte() % 8 do items[j] = item(0) end
          local ok, text = pcall(ui.text, items)
          texts[i] = ok and text or ui.text(tostring(text))
        end
        return ui.column(texts)
        """#
}
