import TheoluaCore

/// Everything a widget is to the rest of theolua, in one value: its name (`ui.<name>`
/// in scripts), its typed props, what its array items are, the keys it answers, and how
/// its element is made. The Lua constructors, the LuaLS types, `ui.keyhints` and the
/// host all read specs; a built-in widget's spec lives in its folder and is listed once
/// in ``BuiltIn``, and a Swift host registers its own the same way
/// (`Runtime.register(_:)`), after which scripts use it as `ui.<name>`.
public struct WidgetSpec: Sendable {
    /// What the array part of a constructor's table is.
    public enum Content: Sendable {
        /// Nothing: array items are an error.
        case none
        /// Text: strings and numbers joined into the `text` prop; the constructor also
        /// takes a plain string (`ui.text "hi"`).
        case text
        /// Child elements (strings among them become texts): a primitive's children, or
        /// a component's `children` prop.
        case children
        /// A styled run of a text (`ui.span`): strings and runs within it, read by the
        /// `.text` widget holding it; alone, a text.
        case run
        /// Tables of this schema, each with array items of its own as its `children`,
        /// passed as the `items` prop (`ui.tabs { { title = "a", ui.text "…" }, ... }`).
        case items(RecordSchema)
    }

    /// How the widget's element is made from its validated props.
    public enum Make: Sendable {
        /// By a function: a component written in Swift, or any element. It gets the
        /// validated props (with `children` or `items` from the array part) and the key.
        case element(@Sendable (_ props: Record, _ key: Key?) throws -> Element)
        /// A host primitive drawn by the host as `primitive` says: the element is
        /// `Element.host(primitive.kind, ...)`.
        case primitive(PrimitiveSpec)
    }

    /// The name under `ui` in scripts.
    public var name: String
    /// One line saying what it is, for the docs and the LuaLS types.
    public var summary: String
    /// The props it takes, checked before anything is made.
    public var props: RecordSchema
    /// What its array items are.
    public var content: Content
    /// The keys it answers while focused: dispatched to its actions and listed by
    /// `ui.keyhints` (those ``KeyBinding/shown``) and `ui.help`.
    public var bindings: [KeyBinding]
    /// Props it sets itself unless they are given (`ui.row`'s `direction = "row"`).
    public var presets: Record
    /// What the LuaLS types say of its props, where they mean more than ``Fields/docs``
    /// says, by name; `"[integer]"` (text), `"[1]"` (a label) and `"[item]"` (items, whose
    /// `type` names their class) describe the array part.
    public var docs: [String: FieldDoc]
    /// How `ui.<name>` reads its table and names itself in messages.
    public var constructor: Constructor
    /// How its element is made.
    public var make: Make

    /// How a constructor reads its table.
    public enum Constructor: Sendable {
        /// As a primitive's: checked by the props schema with the array part as
        /// ``content`` says, named `ui.<name>` in messages (`ui.box`, `ui.list`).
        case primitive
        /// As a component's props: the array part becomes the `children` (or `items`)
        /// prop, and messages name the widget as a component (`checkbox`).
        case component
    }

    /// A widget named `name`, with `props`, `content` and `presets`, made by `make`; its
    /// constructor reads its table as a primitive's when it makes a primitive, else as
    /// a component's, unless `constructor` says.
    public init(
        name: String, summary: String, props: RecordSchema, content: Content = .none, presets: Record = Record(),
        bindings: [KeyBinding] = [], constructor: Constructor? = nil, docs: [String: FieldDoc] = [:], make: Make
    ) {
        self.name = name
        self.docs = docs
        self.summary = summary
        self.props = props
        self.content = content
        self.presets = presets
        self.make = make
        // A primitive's keys are its widget's, declared once with its primitive spec.
        if bindings.isEmpty, case .primitive(let primitive) = make {
            self.bindings = primitive.bindings
        } else {
            self.bindings = bindings
        }
        if let constructor {
            self.constructor = constructor
        } else if case .primitive = make {
            self.constructor = .primitive
        } else {
            self.constructor = .component
        }
    }
}
