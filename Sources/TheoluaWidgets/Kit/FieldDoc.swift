/// What the LuaLS types say of a prop: a few words, and its LuaLS type where the schema
/// type says too little (a function's arguments, a table's fields).
public struct FieldDoc: Sendable, ExpressibleByStringLiteral {
    /// The words after the field (`"Default \"word\"."`).
    public var text: String
    /// The LuaLS type, instead of the one the schema type gives.
    public var type: String?

    public init(_ text: String, type: String? = nil) {
        self.text = text
        self.type = type
    }

    public init(stringLiteral text: String) {
        self.init(text)
    }
}

extension Fields {
    /// What a prop means wherever a widget takes it, by name; a widget's spec says more
    /// where its meaning is its own (``WidgetSpec/docs``).
    public static let docs: [String: FieldDoc] = [
        "grow": "Share of the parent's free main-axis space (default 0).",
        "shrink": "Share of the parent's overflow, weighted by size (default 1).",
        "basis": "Main-axis size before grow and shrink, instead of width/height or content.",
        "alignSelf": "Own cross-axis alignment, instead of the parent's align.",
        "position": "\"absolute\" leaves the flow and is placed against the parent's padding box.",
        "top": "Offset from the top (absolute), or moves the child down (relative).",
        "display": "\"none\" lays it out as nothing and keeps its state (default \"flex\").",
        "gap": "Cells between children and between wrapped lines.",
        "rowGap": "The vertical gap alone, instead of gap.",
        "columnGap": "The horizontal gap alone, instead of gap.",
        "wrap": "Break children onto new lines when they do not fit.",
        "alignContent": "How a wrapping box's lines share its cross axis (default \"start\").",
        "title": "Shown in the top border (needs a border).",
        "align": "Cross axis (default \"stretch\").",
        "justify": "Main axis (default \"start\").",
        "onKey": "Receives a theolua.KeyEvent; return true to stop the key.",
        "onPaste": "Receives pasted text; return false to pass it on.",
        "onClick": "Receives a theolua.MouseEvent for a click; return true to stop it.",
        "onMouse": "Receives every theolua.MouseEvent over it; return true to stop it.",
        "id": "Names the element for self:focus(id).",
        "onFocus": "Called with no arguments when it takes focus.",
        "onBlur": "Called with no arguments when it loses focus.",
        "keys": FieldDoc("Described for ui.keyhints.", type: "theolua.KeyBindings"),
    ]
}
