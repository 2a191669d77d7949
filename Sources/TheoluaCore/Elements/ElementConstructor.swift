/// How a constructor like `ui.box` or `ui.text` turns the table a script passes into an
/// element: the table is checked by `schema`, its array part read as `content` says,
/// `presets` added where the table does not set them, and the element made as `make`
/// says. A widget's spec gives one to the Lua bridge, which makes `ui.<name>` of it; the
/// bridge knows no widget by name.
public struct ElementConstructor: Sendable {
    /// What the array part of the table is.
    public enum Content: Sendable {
        /// Nothing: array items are an error.
        case none
        /// Text: strings and numbers joined into the `text` prop (`nil` and `false`
        /// skipped), and the constructor also takes a plain string (`ui.text "hi"`).
        case text
        /// Child elements (strings among them become texts, nested arrays are
        /// flattened): the host element's children.
        case children
        /// A styled run of a text (`ui.span`): the constructor checks its table and gives
        /// it back marked, for a `.text` constructor's items to read; where an element goes,
        /// it is a text of its look. The schema names the look's props.
        case run
    }

    /// How the element is made.
    public enum Make: Sendable {
        /// A host element of this kind, with the props and children.
        case host(kind: String)
        /// By a function of the validated props and the key (a component with props of
        /// its own, such as a list). The table must be given, and takes no children.
        case element(@Sendable (_ props: Record, _ key: Key?) throws -> Element)
    }

    /// The name under `ui`: messages call it `ui.<name>`.
    public var name: String
    /// The props it takes.
    public var schema: RecordSchema
    /// What its array part is.
    public var content: Content
    /// Props it sets itself unless the table does (`ui.row`'s `direction = "row"`).
    public var presets: Record
    /// How the element is made.
    public var make: Make

    /// A constructor `ui.<name>` of props `schema`, array part `content` and `presets`,
    /// making elements as `make` says.
    public init(name: String, schema: RecordSchema, content: Content, presets: Record = Record(), make: Make) {
        self.name = name
        self.schema = schema
        self.content = content
        self.presets = presets
        self.make = make
    }
}
