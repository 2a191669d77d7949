import TheoluaRuntime

/// `ui.json.decode` of a 10 MB document through the public Runtime API (the document
/// passed in as a prop, decoded by a component's render), beside the host's own parser
/// (`--props`) reading the same text, and `ui.json.encode` writing it back.
struct JSONBenchmarks {
    let report: BenchReport
    let quick: Bool

    /// About 10 MB of records, as an API or a log export gives them.
    static let document: String = {
        var parts: [String] = []
        var size = 0
        var index = 0
        while size < 10_000_000 {
            let part =
                #"{"id":\#(index),"name":"item \#(index)","tags":["alpha","beta"],"score":\#(Double(index) / 8),"#
                + #""active":\#(index % 3 == 0),"note":null,"owner":{"login":"user\#(index % 97)","site":"example.org"}}"#
            parts.append(part)
            size += part.utf8.count + 1
            index += 1
        }
        return "[" + parts.joined(separator: ",") + "]"
    }()

    static let app = """
        local ui = require("theolua")
        return ui.component("Decode", {
          props = { document = "string", encode = "boolean" },
          render = function(self)
            local value = ui.json.decode(self.props.document)
            if self.props.encode then return ui.text(#ui.json.encode(value) .. " bytes") end
            return ui.text(#value .. " records")
          end,
        })
        """

    func run() {
        let document = Self.document
        report.line("json: a \(document.utf8.count / 1_000_000) MB document of records")
        let iterations = quick ? 3 : 9
        report.measure("host parser (--props): Value.parseJSON", iterations: iterations) {
            _ = try? Value.parseJSON(document)
        }
        for encode in [false, true] {
            report.measure(
                encode ? "ui.json.decode then ui.json.encode, through a Runtime" : "ui.json.decode, through a Runtime",
                iterations: iterations,
                setup: { () -> Runtime? in
                    let limits = ScriptLimits(memoryBytes: 2 << 30, instructions: 50_000_000)
                    let runtime = try? Runtime(options: Runtime.Options(limits: limits), width: 40, height: 1)
                    try? runtime?.load(source: Self.app)
                    return runtime
                },
                { runtime in
                    try? runtime?.mount(props: ["document": .string(document), "encode": .bool(encode)])
                })
        }
        // What a mount costs without the decode: the prop passed in and one text drawn.
        report.measure(
            "the same mount without decoding (the prop passed in)", iterations: iterations,
            setup: { () -> Runtime? in
                let limits = ScriptLimits(memoryBytes: 2 << 30, instructions: 50_000_000)
                let runtime = try? Runtime(options: Runtime.Options(limits: limits), width: 40, height: 1)
                try? runtime?.load(
                    source: """
                        local ui = require("theolua")
                        return ui.component("Pass", {
                          props = { document = "string" },
                          render = function(self) return ui.text(#self.props.document .. " bytes") end,
                        })
                        """)
                return runtime
            },
            { runtime in try? runtime?.mount(props: ["document": .string(document)]) })
    }
}
