import TheoluaCore

/// The LuaLS declarations of the widgets, made from their specs: a class of props per
/// widget (sharing the text style, sizing and box layout classes where a widget takes the
/// whole of one), and `ui.<name>` with its summary. docs/theolua.d.lua holds them between
/// two marker lines; a test checks that the file matches the specs, and rewrites it when
/// asked (CONTRIBUTING.md, "Adding a widget").
public enum LuaTypes {
    /// The marker lines around the generated declarations in docs/theolua.d.lua.
    public static let begin = "-- BEGIN widget declarations, generated from the widget specs: do not edit by hand"
    public static let end = "-- END widget declarations"

    /// The declarations of `specs`, with the shared classes first.
    public static func declarations(of specs: [WidgetSpec]) -> String {
        var lines: [String] = []
        for group in SharedClass.all {
            if let comment = group.comment { lines.append("---" + comment) }
            lines.append("---@class theolua.\(group.name)" + (group.parent.map { " : theolua.\($0)" } ?? ""))
            for field in group.fields where !group.inherited.contains(field.name) {
                lines.append(line(field, doc: Fields.docs[field.name]))
            }
            if group.name == "SizingProps" { lines.append("---@field key? theolua.Key") }
            lines.append("")
        }
        for spec in specs { lines += declaration(of: spec) + [""] }
        return lines.joined(separator: "\n")
    }

    /// A class of props shared by widgets that take the whole of its fields.
    struct SharedClass {
        var name: String
        var fields: [SchemaField]
        var parent: String?
        var comment: String?
        /// The fields its parent declares.
        var inherited: Set<String> = []

        static let all: [SharedClass] = [
            SharedClass(name: "TextStyleProps", fields: Fields.textStyle),
            SharedClass(name: "SizingProps", fields: Fields.sizing),
            SharedClass(
                name: "BoxLayoutProps", fields: Fields.boxLayout, parent: "SizingProps",
                comment: "Props shared by box, row, column, spacer, scroll, layer, list, table and button.",
                inherited: Set(Fields.sizing.map(\.name))),
        ]
    }

    /// The class of `spec`'s props and `ui.<name>`.
    static func declaration(of spec: WidgetSpec) -> [String] {
        let className = "theolua.\(pascal(spec.name))Props"
        let names = Set(spec.props.fields.map(\.name))
        var parents: [SharedClass] = []
        var covered = Set<String>()
        for group in SharedClass.all.reversed() where group.fields.allSatisfy({ names.contains($0.name) }) {
            let groupNames = Set(group.fields.map(\.name))
            guard !groupNames.isSubset(of: covered) else { continue }
            parents.insert(group, at: 0)
            covered.formUnion(groupNames)
        }
        // A shared field the widget means in its own way is declared again, with its words.
        let own = spec.props.fields.filter { !covered.contains($0.name) || spec.docs[$0.name] != nil }
        var lines: [String] = []
        var extra: [String] = []
        if case .items(let schema) = spec.content {
            let itemClass = "theolua.\(spec.docs["[item]"]?.type ?? pascal(spec.name) + "Item")"
            extra.append(
                "---"
                    + (spec.docs["[item]"]?.text
                        ?? "An item of ui.\(spec.name): its fields, and its content as array items."))
            extra.append("---@class \(itemClass)")
            for field in schema.fields { extra.append(line(field, doc: spec.docs[field.name])) }
            extra.append("---@field [integer] theolua.Child")
            extra.append("")
        }
        lines += extra
        let parentList = parents.map { "theolua.\($0.name)" }.joined(separator: ", ")
        lines.append("---@class \(className)" + (parentList.isEmpty ? "" : " : " + parentList))
        for field in own where field.name != "children" {
            lines.append(line(field, doc: spec.docs[field.name] ?? Fields.docs[field.name]))
        }
        if !covered.contains("width") { lines.append("---@field key? theolua.Key") }
        switch spec.content {
        case .none: break
        case .text, .run:
            let doc = spec.docs["[integer]"] ?? FieldDoc("The text; items are joined.", type: "string|number|false|nil")
            lines.append("---@field [integer] \(doc.type ?? "string|number") \(doc.text)")
        case .children:
            if let doc = spec.docs["[1]"] {
                lines.append("---@field [1] \(doc.type ?? "string") \(doc.text)")
            } else {
                lines.append("---@field [integer] theolua.Child")
            }
        case .items:
            lines.append("---@field [integer] theolua.\(spec.docs["[item]"]?.type ?? pascal(spec.name) + "Item")")
        }
        lines.append("")
        lines.append("---" + spec.summary)
        let takesNil = spec.props.fields.allSatisfy(\.optional) && !isText(spec.content)
        let type = isText(spec.content) ? "\(className)|string|number" : className
        lines.append("---@param props\(takesNil ? "?" : "") \(type)")
        if case .run = spec.content {
            lines.append("---@return theolua.Span")
        } else {
            lines.append("---@return theolua.Element")
        }
        lines.append("function ui.\(spec.name)(props) end")
        return lines
    }

    private static func isText(_ content: WidgetSpec.Content) -> Bool {
        switch content {
        case .text, .run: true
        default: false
        }
    }

    /// The `---@field` line of `field`.
    static func line(_ field: SchemaField, doc: FieldDoc?) -> String {
        let type = doc?.type ?? luaType(field.type)
        let words = doc.map { " " + $0.text } ?? ""
        return "---@field \(field.name)\(field.optional ? "?" : "") \(type)\(words)"
    }

    /// The LuaLS type of a schema type.
    static func luaType(_ type: SchemaType) -> String {
        switch type {
        case .string: return "string"
        case .number: return "number"
        case .integer: return "integer"
        case .boolean: return "boolean"
        case .function: return "theolua.HandlerLike"
        case .element: return "theolua.Element"
        case .elements: return "theolua.Child[]"
        case .table: return "table"
        case .any: return "any"
        case .array(let element):
            let inner = luaType(element)
            return (inner.contains("|") ? "(\(inner))" : inner) + "[]"
        case .map(let element): return "table<string, \(luaType(element))>"
        case .record: return "table"
        case .enumeration(let values):
            if let alias = aliases[values] { return alias }
            return values.map { "\"\($0)\"" }.joined(separator: "|")
        case .oneOf(let types): return types.map(luaType).joined(separator: "|")
        case .color: return "theolua.Color"
        case .dimension: return "theolua.Dimension"
        case .spacing(let auto): return auto ? "theolua.Margin" : "theolua.Spacing"
        }
    }

    /// The named aliases of docs/theolua.d.lua, by the values they allow.
    static let aliases: [[String]: String] = [
        ["single", "double", "round", "bold", "ascii"]: "theolua.Border",
        ["column", "row", "columnReverse", "rowReverse"]: "theolua.Direction",
        ["start", "center", "end", "stretch"]: "theolua.Align",
        ["start", "center", "end", "between", "around", "evenly", "safe center", "safe end"]: "theolua.Justify",
        ["start", "center", "end", "stretch", "between", "around", "evenly"]: "theolua.AlignContent",
        ["word", "char", "none", "ellipsis"]: "theolua.Wrap",
        ["left", "center", "right"]: "theolua.TextAlign",
    ]

    /// `name` with its first letter upper-cased (`keyhints` → `Keyhints`, `ui.text` →
    /// `Text`).
    static func pascal(_ name: String) -> String {
        name.prefix(1).uppercased() + name.dropFirst()
    }
}
