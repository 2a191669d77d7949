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
        "width": "Cells, or a percentage of the parent's inner width (\"50%\"); default its content's.",
        "height": "Cells, or a percentage of the parent's inner height; default its content's.",
        "minWidth": "Never narrower than this (cells or a percentage).",
        "maxWidth": "Never wider than this (cells or a percentage).",
        "minHeight": "Never shorter than this (cells or a percentage).",
        "maxHeight": "Never taller than this (cells or a percentage).",
        "margin":
            "Space outside the border: one length, { x, y } or { top, right, bottom, left }; a side may be \"auto\".",
        "padding": "Space inside the border: one length, { x, y } or { top, right, bottom, left }.",
        "right": "Offset from the right (absolute), or moves the child left (relative).",
        "bottom": "Offset from the bottom (absolute), or moves the child up (relative).",
        "left": "Offset from the left (absolute), or moves the child right (relative).",
        "direction": "The main axis children are laid along (default \"column\").",
        "border": "Draws a border of these glyphs around it (none by default).",
        "borderColor": "The border's color.",
        "bg": "Fills it with this background color.",
        "color": "The text's color.",
        "bold": "Bold text.",
        "dim": "Dimmed text.",
        "italic": "Italic text.",
        "underline": "Underlined text.",
        "inverse": "Swaps the text's color and background.",
        "strike": "Struck-through text.",
        "focusable": "Takes focus with tab and a click, so its onKey receives keys.",
        "autoFocus": "Takes focus when it first appears.",
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
