import Testing
import TheoluaCanvas
import TheoluaCore
import TheoluaTerminal
import TheoluaWidgets

@testable import TheoluaRuntime

/// The widget kit from a host's side: a widget is a spec, registered as the built-in
/// ones are, and a host element of a kind no spec registers is an error.
@Suite struct WidgetSpecTests {
    /// A composite widget of a host: a component made from its validated props.
    struct Badge: Component {
        var label: String
        static let name = "badge"

        func render(_ context: ComponentContext<Badge>) -> [Element] {
            [.text("[" + label + "]", ["bold": true])]
        }

        static let spec = WidgetSpec(
            name: "badge", summary: "A label in brackets.",
            props: Fields.schema([Fields.required("label", .string)] + Fields.flex),
            make: .element { props, key in Badge(label: props["label"]?.stringValue ?? "").element(key: key) })
    }

    @Test func aHostsCompositeWidgetIsUiNameInScripts() throws {
        let runtime = try Runtime(width: 20, height: 1)
        try runtime.register(Badge.spec)
        try runtime.load(source: "local ui = require('theolua')\nreturn ui.badge { label = 'new' }")
        try runtime.mount()
        #expect(runtime.lines == ["[new]"])
        #expect(throws: ScriptError.self) {
            try runtime.load(source: "local ui = require('theolua')\nreturn ui.badge { lable = 'x' }")
        }
    }

    @Test func aHostsPrimitiveIsDrawnByTheWidgetItsSpecMakes() throws {
        // A primitive of its own kind, drawn by the kit's text widget: the host asks the
        // spec, not the kind's name.
        let text = try #require(BuiltIn.primitives.first { $0.kind == "text" })
        let stamp = PrimitiveSpec(kind: "stamp", canvasKind: .text) { node in text.makeWidget(node) }
        let spec = WidgetSpec(
            name: "stamp", summary: "A text of a kind of its own.",
            props: RecordSchema(fields: [Fields.optional("bold", .boolean)]), content: .text, make: .primitive(stamp))
        let runtime = try Runtime(width: 20, height: 1)
        try runtime.register(spec)
        try runtime.load(source: "local ui = require('theolua')\nreturn ui.stamp { 'approved', bold = true }")
        try runtime.mount()
        #expect(runtime.lines == ["approved"])
        #expect(runtime.screen[0, 0].style.attributes.contains(.bold))
        #expect(runtime.takeErrors() == [])
    }

    @Test func eachBuiltInWidgetTakesTheRolesItsProtocolsGiveIt() throws {
        // The host reads a widget's roles (fitting, clipboard, help, calling, key hints)
        // without a cast: each role's protocol answers for the widgets that adopt it.
        func roles(_ kind: String) throws -> [String] {
            let primitive = try #require(BuiltIn.primitives.first { $0.kind == kind })
            let widget = primitive.makeWidget(nil)
            var roles: [String] = []
            if let role = widget.asFitting { #expect(role === widget); roles.append("fitting") }
            if let role = widget.asClipboard { #expect(role === widget); roles.append("clipboard") }
            if let role = widget.asHelpDisplay { #expect(role === widget); roles.append("help") }
            if let role = widget.asCalling { #expect(role === widget); roles.append("calling") }
            if let role = widget.asBindingsDisplay { #expect(role === widget); roles.append("bindings") }
            return roles
        }
        #expect(try roles("text") == [])
        #expect(try roles("box") == [])
        #expect(try roles("input") == ["fitting", "clipboard"])
        #expect(try roles("textarea") == ["fitting", "clipboard", "calling"])
        #expect(try roles("help") == ["help"])
        #expect(try roles("keyhints") == ["bindings"])
    }

    @Test func aHostElementOfAKindNoWidgetRegistersIsAnError() throws {
        let runtime = try Runtime(width: 20, height: 2)
        runtime.mount(.box(children: [.host("blink", props: [:]), .text("still drawn")]))
        #expect(runtime.lines == ["still drawn", ""])
        let errors = runtime.takeErrors()
        #expect(errors.count == 1)
        #expect(errors.first?.contains("unknown primitive 'blink'") == true, "\(errors)")
    }

    @Test func everyBuiltInWidgetSaysWhatItIsAndWhatItsFieldsMean() {
        for spec in BuiltIn.widgets {
            #expect(!spec.summary.isEmpty, "\(spec.name)")
            for field in spec.props.fields where field.name != "children" {
                #expect(spec.docs[field.name] != nil || Fields.docs[field.name] != nil, "\(spec.name).\(field.name)")
            }
        }
    }

    /// A widget's keys are matched by name against the key events the terminal reads,
    /// so each must be written as an event names itself (`ctrl+s`, not `Ctrl+S`).
    @Test func everyBuiltInKeyIsNamedAsItsEventNamesIt() throws {
        let bindings = BuiltIn.widgets.flatMap(\.bindings) + BuiltIn.primitives.flatMap(\.bindings)
        #expect(!bindings.isEmpty)
        for binding in bindings {
            #expect(!binding.label.isEmpty, "\(binding.keys)")
            for name in binding.keys { #expect(try KeyEvent.parse(name).fullName == name, "\(name)") }
        }
    }

    @Test func everyBuiltInWidgetIsOneSpecWithAUniqueName() {
        let names = BuiltIn.widgets.map(\.name)
        #expect(Set(names).count == names.count)
        let kinds = BuiltIn.primitives.map(\.kind)
        #expect(Set(kinds).count == kinds.count)
        // Every primitive a built-in widget makes is one the host draws.
        for spec in BuiltIn.widgets {
            if case .primitive(let primitive) = spec.make { #expect(kinds.contains(primitive.kind), "\(spec.name)") }
        }
    }
}
