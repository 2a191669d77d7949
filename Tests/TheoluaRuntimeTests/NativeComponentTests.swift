import Testing
import TheoluaRuntime

/// A Swift gauge offered to scripts as `ui.Gauge`.
struct Gauge: Component, Decodable {
    var value: Double
    var label: String

    func render(_ context: ComponentContext<Gauge>) -> [Element] {
        let filled = max(0, min(10, Int((value * 10).rounded())))
        return [
            .text(
                "\(label) [" + String(repeating: "#", count: filled) + String(repeating: ".", count: 10 - filled) + "]")
        ]
    }
}

@Suite struct NativeComponentTests {
    @Test func scriptsUseRegisteredSwiftComponentsWithValidatedProps() throws {
        let runtime = try Runtime(width: 30, height: 2)
        try runtime.register(
            Gauge.self, schema: "{ value = { 'number', min = 0, max = 1 }, label = { 'string', default = 'cpu' } }")
        try runtime.load(
            source: """
                local ui = require("theolua")
                return ui.column { ui.Gauge { value = 0.5 }, ui.Gauge { value = 1, label = "mem" } }
                """)
        try runtime.mount()
        #expect(runtime.lines == ["cpu [#####.....]", "mem [##########]"])
    }

    @Test func nativePropsAreValidatedLikeScriptProps() throws {
        let runtime = try Runtime(width: 30, height: 2)
        try runtime.register(Gauge.self, schema: "{ value = 'number', label = 'string?' }")
        #expect(throws: ScriptError.self) {
            try runtime.load(source: "return require('theolua').Gauge { value = 'high' }")
        }
        do {
            try runtime.load(source: "return require('theolua').Gauge { valeu = 1 }")
        } catch {
            #expect(error.description == "app.lua:1: Gauge: unknown prop 'valeu' (did you mean 'value'?)")
        }
    }

    @Test func encodablePropsMountAScriptComponent() throws {
        struct Props: Encodable { var title: String; var count: Int }
        let runtime = try Runtime(width: 20, height: 1)
        try runtime.load(
            source: """
                local ui = require("theolua")
                return ui.component("Title", {
                  props = { title = "string", count = "integer" },
                  render = function(self) return ui.text(self.props.title .. " " .. self.props.count) end,
                })
                """)
        try runtime.mount(props: Props(title: "items", count: 3))
        #expect(runtime.lines == ["items 3"])
    }
}
